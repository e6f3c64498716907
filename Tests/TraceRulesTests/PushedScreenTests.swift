import Foundation
import Testing
import TraceRules

/// Views under a pushed screen: they disappear at the push but keep their identities, print no
/// end when an update under the screen replaces or removes them, and appear again at the pop
/// (`ScreenCoverings`). Each shape is written for the test.
@Suite struct PushedScreenTests {
    private func churn(_ log: String) throws -> [Finding] { try Pipeline.churn(log) }
    private func lifetimes(_ log: String) throws -> [Int: String] { try Pipeline.lifetimes(log) }

    /// Cards with `.id(UUID())`: every evaluation of the list remakes them, the push's own, one
    /// under the pushed detail, and the pop's. Only the push's update prints their ends.
    static let cardsRemadeUnderAPush = """
        RecipeList: @self, @identity, _selection changed.
        RecipeCard: @self, @identity, _isFavourite changed.
        RecipeCard: @self, @identity, _isFavourite changed.
        RecipeList onAppear
        RecipeCard onAppear
        RecipeCard onAppear
        RecipeList: _selection changed.
        RecipeCard: @self, @identity, _isFavourite changed.
        RecipeCard: @self, @identity, _isFavourite changed.
        RecipeDetail: @self, @identity, _servings changed.
        RecipeCard onDisappear
        RecipeCard onDisappear
        RecipeDetail onAppear
        RecipeList onDisappear
        RecipeList: _refreshToken changed.
        RecipeCard: @self, @identity, _isFavourite changed.
        RecipeCard: @self, @identity, _isFavourite changed.
        RecipeList: _selection changed.
        RecipeCard: @self, @identity, _isFavourite changed.
        RecipeCard: @self, @identity, _isFavourite changed.
        RecipeDetail onDisappear
        RecipeList onAppear
        RecipeCard onAppear
        RecipeCard onAppear
        """

    @Test func cardsRemadeWhileCoveredAreResetsInEveryUpdate() throws {
        let cards = try churn(Self.cardsRemadeUnderAPush).filter { $0.view == "RecipeCard" }
        let finding = try #require(cards.first)
        #expect(cards.count == 1)
        #expect(finding.count == 6, "\(finding.message)")
        #expect(finding.message.contains("in 3 updates"), "\(finding.message)")
        #expect(finding.severity == .error)
        let marks = try lifetimes(Self.cardsRemadeUnderAPush)
        #expect([8, 9, 16, 17, 19, 20].allSatisfy { marks[$0] == "reset" }, "\(marks.sorted { $0.key < $1.key })")
        // The detail pushed once is no reset.
        #expect(try churn(Self.cardsRemadeUnderAPush).allSatisfy { $0.view != "RecipeDetail" || $0.severity != .error })
    }

    /// A tip banner in an `if`, removed by an update while a message is pushed over the inbox
    /// (it prints nothing: it had disappeared at the push), and shown again as the message is
    /// popped: a new lifetime, not a reset.
    static let bannerRemovedUnderAPush = """
        InboxView: @self, @identity, _showsTip changed.
        TipBanner: @self, @identity, _isExpanded changed.
        InboxView onAppear
        TipBanner onAppear
        InboxView: _openedMessage changed.
        MessageView: @self, @identity, _draft changed.
        MessageView onAppear
        InboxView onDisappear
        TipBanner onDisappear
        InboxView: _showsTip changed.
        InboxView: _showsTip, _openedMessage changed.
        TipBanner: @self, @identity, _isExpanded changed.
        MessageView onDisappear
        InboxView onAppear
        TipBanner onAppear
        """

    @Test func aBannerRemovedWhileCoveredIsShownAgainNotReset() throws {
        let findings = try churn(Self.bannerRemovedUnderAPush)
        #expect(findings.allSatisfy { $0.severity != .error }, "\(findings.map(\.message))")
        let marks = try lifetimes(Self.bannerRemovedUnderAPush)
        #expect(marks[12]?.hasPrefix("reinserted") == true, "\(marks.sorted { $0.key < $1.key })")
    }

    /// A screen pushed and popped with nothing changed beneath it: the views under it were
    /// covered, not removed, and nothing is reported.
    @Test func aPushAndPopAloneReportsNothing() throws {
        let log = """
            InboxView: @self, @identity, _openedMessage changed.
            MessageRow: @self, @identity, _isRead changed.
            InboxView onAppear
            MessageRow onAppear
            InboxView: _openedMessage changed.
            MessageView: @self, @identity, _draft changed.
            MessageView onAppear
            InboxView onDisappear
            MessageRow onDisappear
            InboxView: _openedMessage changed.
            MessageView onDisappear
            InboxView onAppear
            MessageRow onAppear
            InboxView: _unread changed.
            MessageRow: @self, @identity, _isRead changed.
            MessageRow onDisappear
            MessageRow onAppear
            """
        // After the pop the row is on screen again: the update that remakes it replaces it.
        let findings = try churn(log)
        #expect(findings.map(\.view) == ["MessageRow"], "\(findings.map(\.message))")
        #expect(findings.first?.count == 1)
        #expect(try lifetimes(log)[15] == "reset")
    }

    /// Known issue: rows keyed by a token that changes on refresh (`.id(refreshToken)`), refreshed
    /// twice under the pushed screen. The push's update kept them, so, with no ends printed under
    /// the screen, the new ones read as rows added beside them; only the pop's appears (two rows,
    /// not six) show that they replaced the old ones, which the verdict does not read yet.
    @Test func rowsRefreshedUnderAPushByAKeptToken() throws {
        let log = """
            RecipeList: @self, @identity, _selection changed.
            RecipeCard: @self, @identity, _isFavourite changed.
            RecipeCard: @self, @identity, _isFavourite changed.
            RecipeList onAppear
            RecipeCard onAppear
            RecipeCard onAppear
            RecipeList: _selection changed.
            RecipeDetail: @self, @identity, _servings changed.
            RecipeDetail onAppear
            RecipeList onDisappear
            RecipeCard onDisappear
            RecipeCard onDisappear
            RecipeList: _refreshToken changed.
            RecipeCard: @self, @identity, _isFavourite changed.
            RecipeCard: @self, @identity, _isFavourite changed.
            RecipeList: _refreshToken changed.
            RecipeCard: @self, @identity, _isFavourite changed.
            RecipeCard: @self, @identity, _isFavourite changed.
            RecipeList: _selection changed.
            RecipeDetail onDisappear
            RecipeList onAppear
            RecipeCard onAppear
            RecipeCard onAppear
            """
        let cards = try churn(log).filter { $0.view == "RecipeCard" }
        // Never more resets claimed than happened.
        #expect(cards.allSatisfy { $0.count <= 4 })
        withKnownIssue("resets under a pushed screen, of rows its push kept, are told only by the pop's appears") {
            #expect(cards.first?.count == 4)
        }
    }
}
