import Foundation
import Testing
import TraceRules
import TraceStore

/// One verdict per new identity (`LifetimeVerdict`), read alike by `identity_churn`, `why`'s
/// causes and `views`' avoidable count: shapes users hit outside the oracle's apps, each written
/// for the test.
@Suite struct LifetimeVerdictTests {
    private func churn(_ log: String) throws -> [Finding] { try Pipeline.churn(log) }
    private func lifetimes(_ log: String) throws -> [Int: String] { try Pipeline.lifetimes(log) }

    /// A settings sheet shown three times, each dismissal printed: two new lifetimes after the
    /// first, no state lost on screen, so a warning naming the change, not an error.
    static let sheetPresentedAgain = """
        LibraryScreen: @self, @identity, _isShowingSettings changed.
        LibraryScreen: _isShowingSettings changed.
        SettingsSheet: @self, @identity, _fontSize changed.
        SettingsSheet appeared
        LibraryScreen: _isShowingSettings changed.
        SettingsSheet disappeared
        LibraryScreen: _isShowingSettings changed.
        SettingsSheet: @self, @identity, _fontSize changed.
        SettingsSheet appeared
        LibraryScreen: _isShowingSettings changed.
        SettingsSheet disappeared
        LibraryScreen: _isShowingSettings changed.
        SettingsSheet: @self, @identity, _fontSize changed.
        SettingsSheet appeared
        """

    @Test func aSheetPresentedAgainIsANewLifetimeNotAReset() throws {
        let findings = try churn(Self.sheetPresentedAgain)
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.severity == .warning)
        #expect(finding.count == 2)
        #expect(finding.message.hasPrefix("SettingsSheet was removed and shown again 2 times by changes of LibraryScreen._isShowingSettings"))
        #expect(!finding.message.contains("reset"))
        #expect(try lifetimes(Self.sheetPresentedAgain) == [8: "reinserted", 13: "reinserted"])
    }

    /// Fix first ranks waste: a sheet presented again is a new lifetime, not a reset to fix,
    /// while a view replaced on every refresh is.
    @Test func fixFirstLeavesOutViewsOnlyShownAgain() throws {
        let log = Self.sheetPresentedAgain + "\n" + Self.replacedEveryRefresh
        let pipeline = try Pipeline(log: log)
        try Analyzer(database: pipeline.database).analyzeIntoStore(traceID: pipeline.traceID)
        let findings = StoredFindings(database: pipeline.database, traceIDs: [pipeline.traceID])
        var churn: [(view: String?, count: Int, waste: Int?)] = []
        try findings.forEach { _, finding in
            if finding.rule == "identity_churn" { churn.append((finding.view, finding.count, finding.waste)) }
        }
        #expect(churn.contains { $0.view == "SettingsSheet" && $0.count == 2 && $0.waste == 0 })
        let ranked = try FixFirst(findings).entries.filter { $0.rule == "identity_churn" }
        #expect(ranked.map(\.text) == ["FeedCard: 2 state resets (identity_churn)"])
    }

    /// The model a presented sheet makes for itself, once per presentation: no repeated init work.
    @Test func aModelMadeOncePerPresentationIsNoHeavyInit() throws {
        let log = """
            Inbox: @self, @identity, _composing changed.
            Inbox: _composing changed.
            DraftStore init
            ComposeSheet init
            ComposeSheet: @self, @identity, _store changed.
            ComposeSheet appeared
            Inbox: _composing changed.
            ComposeSheet disappeared
            DraftStore deinit
            Inbox: _composing changed.
            DraftStore init
            ComposeSheet init
            ComposeSheet: @self, @identity, _store changed.
            ComposeSheet appeared
            Inbox: _composing changed.
            ComposeSheet disappeared
            DraftStore deinit
            Inbox: _composing changed.
            DraftStore init
            ComposeSheet init
            ComposeSheet: @self, @identity, _store changed.
            """
        let findings = try Pipeline(log: log).analyze()
        #expect(!findings.contains { $0.rule == "heavy_initializer" }, "\(findings.map(\.message))")
        #expect(findings.filter { $0.severity == .error }.isEmpty, "\(findings.map(\.message))")
    }

    /// Heavy inits' waste (fix first's count) leaves out the first init of each lifetime: a
    /// panel whose model is remade on every parent update wastes all but the first; the same
    /// panel's lifetime printed twice per body (`_printChanges()` beside TraceProbe's line) is
    /// still one lifetime.
    @Test func heavyInitsWasteOnlyWhatRepeatedWithinALifetime() throws {
        let log = """
            Dashboard: @self, @identity changed.
            QuotaBadge init
            QuotaModel init
            QuotaPanel init
            QuotaPanel: @self, @identity changed.
            trace-analyze: kind=body view=QuotaPanel id=#1 identity=new
            Dashboard: _refreshCount changed.
            QuotaBadge init
            QuotaModel init
            QuotaPanel init
            Dashboard: _refreshCount changed.
            QuotaBadge init
            QuotaModel init
            QuotaPanel init
            """
        let pipeline = try Pipeline(log: log)
        try Analyzer(database: pipeline.database).analyzeIntoStore(traceID: pipeline.traceID)
        let findings = StoredFindings(database: pipeline.database, traceIDs: [pipeline.traceID])
        var heavy: [(view: String?, count: Int, waste: Int?)] = []
        try findings.forEach { _, finding in
            if finding.rule == "heavy_initializer" { heavy.append((finding.view, finding.count, finding.waste)) }
        }
        #expect(heavy.count == 1 && heavy.first?.view == "QuotaPanel" && heavy.first?.count == 3 && heavy.first?.waste == 2, "\(heavy)")
        let ranked = try FixFirst(findings).entries.filter { $0.rule == "heavy_initializer" }
        #expect(ranked.map(\.text) == ["QuotaPanel: 2 repeated heavy inits of 3 (heavy_initializer)"])
    }

    /// Severity follows what the user loses: an edit form's model replaced under it on every
    /// parent update (the earlier instance's deinit after each new one) is an error; the same
    /// inits where SwiftUI kept the first (the new instances' deinit) are a warning.
    @Test func aModelReplacedUnderAShownFormIsAnErrorAndAKeptOneAWarning() throws {
        func log(releasing released: (Int) -> Int) -> String {
            var lines = ["AccountScreen: @self, @identity changed.", "AddressModel init 0x600001714110", "AddressForm init",
                         "AddressForm: @self, @identity, _address changed.", "AddressForm onAppear"]
            for update in 2...4 {
                lines += ["AccountScreen: _tick changed.", "AddressModel init 0x6000017141\(update)0", "AddressForm init",
                          "AddressModel deinit 0x6000017141\(released(update))0", "AddressForm: @self changed."]
            }
            return lines.joined(separator: "\n")
        }
        let replaced = try Pipeline(log: log { $0 - 1 }).analyze().filter { $0.rule == "state_model_reinit" }
        #expect(replaced.map(\.severity) == [.error], "\(replaced.map(\.message))")
        #expect(replaced.first?.message.contains("started over each time") == true)
        let kept = try Pipeline(log: log { $0 }).analyze().filter { $0.rule == "state_model_reinit" }
        #expect(kept.map(\.severity) == [.warning], "\(kept.map(\.message))")
        #expect(kept.first?.message.contains("kept the first instance") == true)
    }

    /// A view made once, its helper with it: nothing repeated, nothing to rank.
    @Test func aHeavyInitThatRanOnceIsNoWaste() throws {
        let log = """
            Dashboard: @self, @identity changed.
            ChartCache init
            ChartPanel init
            ChartPanel: @self, @identity changed.
            """
        let pipeline = try Pipeline(log: log)
        try Analyzer(database: pipeline.database).analyzeIntoStore(traceID: pipeline.traceID)
        let findings = StoredFindings(database: pipeline.database, traceIDs: [pipeline.traceID])
        var wastes: [Int?] = []
        try findings.forEach { _, finding in if finding.rule == "heavy_initializer" { wastes.append(finding.waste) } }
        #expect(wastes == [0])
        #expect(try FixFirst(findings).entries.filter { $0.rule == "heavy_initializer" }.isEmpty)
    }

    /// A row renamed in a `ForEach(id: \.self)` (its old identity disappears) while another is
    /// appended: one reset, one insertion, and `why` does not say which is which.
    static let renamedAndAppended = """
        ChecklistView: @self, @identity, _items changed.
        ChecklistRow: @self, @identity, _isChecked changed.
        ChecklistRow: @self, @identity, _isChecked changed.
        ChecklistRow: @self, @identity, _isChecked changed.
        ChecklistView: _items changed.
        ChecklistRow: @self, @identity, _isChecked changed.
        ChecklistRow: @self, @identity, _isChecked changed.
        ChecklistRow onDisappear
        ChecklistRow onAppear
        ChecklistRow onAppear
        """

    @Test func aRenamedRowBesideAnAppendedOneIsOneReset() throws {
        let finding = try #require(try churn(Self.renamedAndAppended).first)
        #expect(finding.count == 1)
        #expect(finding.severity == .info)
        #expect(try lifetimes(Self.renamedAndAppended) == [6: "reset_or_inserted", 7: "reset_or_inserted"])
    }

    @Test func rowsAppendedAfterOneWasDeletedAreInserted() throws {
        let log = """
            ChecklistView: @self, @identity, _items changed.
            ChecklistRow: @self, @identity, _isChecked changed.
            ChecklistRow: @self, @identity, _isChecked changed.
            ChecklistView: _items changed.
            ChecklistRow onDisappear
            ChecklistView: _items changed.
            ChecklistRow: @self, @identity, _isChecked changed.
            ChecklistRow onAppear
            ChecklistView: _items changed.
            ChecklistRow: @self, @identity, _isChecked changed.
            ChecklistRow onAppear
            """
        #expect(try churn(log).isEmpty)
        #expect(try lifetimes(log) == [7: "inserted", 10: "inserted"])
    }

    /// Books appended to a shelf whose cells print their appears; the first disappear comes only
    /// once one is taken away, later. A log that prints disappears would have printed the ends of
    /// cells replaced, so the cells that came before it were added, not resets.
    @Test func cellsAppendedBeforeTheFirstDisappearAreInserted() throws {
        let log = """
            ShelfView: @self, @identity, _books changed.
            BookCell: @self, @identity, _isOpen changed.
            BookCell: @self, @identity, _isOpen changed.
            ShelfView onAppear
            BookCell onAppear
            BookCell onAppear
            ShelfView: _books changed.
            BookCell: @self, @identity, _isOpen changed.
            BookCell onAppear
            ShelfView: _books changed.
            BookCell: @self, @identity, _isOpen changed.
            BookCell onAppear
            ShelfView: _books changed.
            BookCell onDisappear
            """
        let findings = try churn(log)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        let marks = try lifetimes(log)
        #expect(marks[8] == "inserted" && marks[11] == "inserted", "\(marks.sorted { $0.key < $1.key })")
        // Cut before the disappear, the same lines cannot tell appended cells from replaced ones:
        // the reading without ends stands.
        let cut = log.split(separator: "\n").prefix(12).joined(separator: "\n")
        let hedged = try #require(try churn(cut).first)
        #expect(hedged.view == "BookCell")
        // ...and the finding says so, one level below the rule's severity.
        #expect(hedged.message.contains("cannot tell these from BookCells added beside ones that stayed"), "\(hedged.message)")
        #expect(hedged.message.contains("if each took the place of one on screen"))
        #expect(hedged.severity == .warning)
    }

    /// `.id(refreshID)` that changes on every refresh: replaced while shown, update after update.
    static let replacedEveryRefresh = """
        FeedView: @self, @identity, _refreshID changed.
        FeedCard: @self, @identity, _isExpanded changed.
        FeedView: _refreshID changed.
        FeedCard: @self, @identity, _isExpanded changed.
        FeedView: _refreshID changed.
        FeedCard: @self, @identity, _isExpanded changed.
        """

    @Test func aViewReplacedOnEveryUpdateIsAnErrorAndItsBodiesAvoidable() throws {
        let finding = try #require(try churn(Self.replacedEveryRefresh).first)
        #expect(finding.severity == .error)
        #expect(finding.count == 2)
        #expect(try lifetimes(Self.replacedEveryRefresh) == [4: "reset", 6: "reset"])
        let pipeline = try Pipeline(log: Self.replacedEveryRefresh)
        _ = try pipeline.analyze()
        let avoidable = try pipeline.database.scalarInt("""
            SELECT count(*) FROM events AS e JOIN causes AS c ON c.event_id = e.id
            WHERE e.view = 'FeedCard' AND \(EvaluationVerdicts.sql()) = 'avoidable'
            """)
        #expect(avoidable == 2)
    }

    /// A view made anew frame after frame with no ancestor printed (the view that re-creates it
    /// prints nothing): a reset in the finding, and the same verdict in `why`'s causes.
    @Test func aViewMadeAnewWithNoAncestorPrintedIsAResetInWhyToo() throws {
        let log = (0..<4).map { frame in
            "2024-05-01 10:00:00.\(String(format: "%03d", frame * 100))000+0000 App[1:2] TickerCell: @self, @identity, _phase changed."
        }.joined(separator: "\n")
        let finding = try #require(try churn(log).first)
        #expect(finding.message.contains("with no update of an ancestor printed"))
        #expect(try lifetimes(log) == [2: "reset", 3: "reset", 4: "reset"])
    }

    /// Xcode's console: timed `NSLog` lines beside untimed `_printChanges()` lines. The untimed
    /// root keeps its timed children, so the finding is the one the same log without times gives.
    @Test func untimedRootsKeepTheirTimedChildren() throws {
        let timed = """
            FeedView: @self, @identity, _refreshID changed.
            2024-05-01 10:00:00.000000+0000 App[1:2] FeedCard: @self, @identity, _isExpanded changed.
            FeedView: _refreshID changed.
            2024-05-01 10:00:03.000000+0000 App[1:2] FeedCard: @self, @identity, _isExpanded changed.
            FeedView: _refreshID changed.
            2024-05-01 10:00:06.000000+0000 App[1:2] FeedCard: @self, @identity, _isExpanded changed.
            """
        let mixed = try churn(timed)
        let plain = try churn(Self.replacedEveryRefresh)
        #expect(mixed.map(\.message) == plain.map(\.message))
        #expect(mixed.map(\.rootCause) == plain.map(\.rootCause))
        #expect(mixed.first?.rootCause?.hasPrefix("FeedView._refreshID changed") == true)
    }
}
