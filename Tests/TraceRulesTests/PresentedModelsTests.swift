import Testing
import TraceRules

/// A view presented as a sheet more than once, holding a model (issue 52): each presentation is
/// a new lifetime, so the model it makes once per presentation is no repeated init work. The
/// logs are written for the tests (synthetic) in hand-print styles, which mark no identities.
@Suite struct PresentedModelsTests {
    /// `@StateObject` installs its model as the view gets its identity: after every init of the
    /// presenting body (here a sibling's), right before the view's first body. Neither the sibling
    /// nor the view's init made it, and two presentations make two models.
    @Test func aStateObjectMadeOncePerPresentationIsNoInitWork() throws {
        let findings = try Pipeline.findings("heavy_initializer", """
            InboxScreen init
            InboxScreen body
            InboxScreen appear
            InboxScreen body
            ComposeSheet init
            UnreadBadge init
            DraftStore init
            ComposeSheet body
            UnreadBadge body
            ComposeSheet appear
            InboxScreen body
            UnreadBadge init
            UnreadBadge body
            ComposeSheet disappear
            DraftStore deinit
            InboxScreen body
            ComposeSheet init
            UnreadBadge init
            DraftStore init
            ComposeSheet body
            UnreadBadge body
            ComposeSheet appear
            """)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    /// `@State` with an `@Observable` class runs `Model()` on every init; SwiftUI keeps the first
    /// per identity. Presented twice and re-made once while shown: three models, one of them
    /// made for nothing.
    @Test func aStateModelRemadeWhileShownWastesOnlyTheRepeat() throws {
        let findings = try Pipeline.findings("heavy_initializer", """
            InboxScreen init
            InboxScreen body
            InboxScreen appear
            InboxScreen body
            FilterModel init
            FilterSheet init
            FilterSheet body
            FilterSheet appear
            InboxScreen body
            FilterModel init
            FilterSheet init
            FilterModel deinit
            InboxScreen body
            FilterSheet disappear
            FilterModel deinit
            InboxScreen body
            FilterModel init
            FilterSheet init
            FilterSheet body
            FilterSheet appear
            """)
        #expect(findings.map(\.view) == ["FilterSheet"])
        #expect(findings.first?.message.contains("init created FilterModel (3 times)") == true, "\(findings.map(\.message))")
        // Two lifetimes each needed their first model.
        #expect(findings.first?.waste == 1)
    }

    /// The same view re-made while it shows, its init printing before it makes its helper (an
    /// object by its deinits, whatever its name): no presentation began, so the helper is the
    /// init's own work, the first one included.
    @Test func aHelperMadeByEveryInitWhileShownIsInitWork() throws {
        let findings = try Pipeline.findings("heavy_initializer", """
            InboxScreen init
            InboxScreen body
            InboxScreen appear
            ComposeSheet init
            PriceEstimator init
            ComposeSheet body
            ComposeSheet appear
            InboxScreen body
            ComposeSheet init
            PriceEstimator init
            ComposeSheet body
            PriceEstimator deinit
            InboxScreen body
            ComposeSheet init
            PriceEstimator init
            ComposeSheet body
            PriceEstimator deinit
            """)
        #expect(findings.map(\.view) == ["ComposeSheet"])
        #expect(findings.first?.message.contains("init created PriceEstimator (3 times)") == true, "\(findings.map(\.message))")
        #expect(findings.first?.message.contains("this work repeats") == true)
        #expect(findings.first?.waste == 2)
    }

    /// TraceProbe's tokens under a pushed screen: the list's updates give its rows new ids while
    /// nothing appears (the rows appear at the pop). Each update ends when the list evaluates
    /// again, so a row added in one takes no end of the next: 1 + 1 + 1 resets, not 4.
    @Test func rowsRemadeUnderAPushedScreenAreCountedPerUpdate() throws {
        let findings = try Pipeline.findings("identity_churn", """
            trace-analyze: kind=body view=Inbox type=App.Inbox id=#1 identity=new
            trace-analyze: kind=body view=Row type=App.Row id=#2 identity=new
            trace-analyze: kind=appear view=Inbox type=App.Inbox id=#1
            trace-analyze: kind=appear view=Row type=App.Row id=#2
            trace-analyze: kind=body view=Inbox type=App.Inbox id=#1
            trace-analyze: kind=body view=Row type=App.Row id=#3 identity=new
            trace-analyze: kind=body view=Thread type=App.Thread id=#4 identity=new
            trace-analyze: kind=disappear view=Row type=App.Row id=#2
            trace-analyze: kind=deinit view=Row type=App.Row id=#2 seen=1
            trace-analyze: kind=appear view=Thread type=App.Thread id=#4
            trace-analyze: kind=body view=Inbox type=App.Inbox id=#1
            trace-analyze: kind=body view=Row type=App.Row id=#5 identity=new
            trace-analyze: kind=body view=Row type=App.Row id=#6 identity=new
            trace-analyze: kind=deinit view=Row type=App.Row id=#3 seen=1
            trace-analyze: kind=body view=Inbox type=App.Inbox id=#1
            trace-analyze: kind=body view=Row type=App.Row id=#7 identity=new
            trace-analyze: kind=deinit view=Row type=App.Row id=#5 seen=1
            trace-analyze: kind=deinit view=Row type=App.Row id=#6 seen=1
            """)
        #expect(findings.map(\.view) == ["Row"])
        #expect(findings.first?.count == 3, "\(findings.map(\.message))")
    }
}
