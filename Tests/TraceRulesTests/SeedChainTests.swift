import Testing
import TraceRules
import TraceStore

/// The chains each seed article explains, as `why` tells them from the article's own log.
@Suite struct SeedChainTests {
    /// One cause row with its event, by line.
    private struct Caused: Equatable {
        let view: String?
        let cause: String
        let property: String?
        let parentLine: Int?
        let basis: String?
        let rootCause: String
        let updateFirstLine: Int
    }

    private func caused(_ pipeline: Pipeline, line: Int) throws -> Caused? {
        var found: Caused?
        try pipeline.database.forEachRow("""
            SELECT e.view, c.cause, c.property, p.line, c.basis, u.root_cause, u.first_line
            FROM events AS e JOIN causes AS c ON c.event_id = e.id JOIN updates AS u ON u.id = c.update_id
            LEFT JOIN events AS p ON p.id = c.parent_event_id
            WHERE e.trace_id = ? AND e.line = ?
            """, [pipeline.traceID, line]) { row in
            found = Caused(
                view: row.text(at: 0), cause: row.text(at: 1) ?? "", property: row.text(at: 2), parentLine: row.int(at: 3),
                basis: row.text(at: 4), rootCause: row.text(at: 5) ?? "", updateFirstLine: row.integer(at: 6)
            )
        }
        return found
    }

    private func seed(_ name: String) throws -> Pipeline {
        let pipeline = try Pipeline(path: Fixture.path("seeds/" + name))
        _ = try pipeline.analyze()
        return pipeline
    }

    /// 001: hiding and showing PlayButton again (`if showPlayButton`) gives it a new identity, so
    /// its `@State var isPlaying` resets; the cause is ContentView's `_showPlayButton`, not PlayButton.
    @Test func seed001TheToggleResetsPlayButtonsState() throws {
        let pipeline = try seed("001-playbutton-toggle.log")
        #expect(try caused(pipeline, line: 6) == Caused(
            view: "PlayButton", cause: "identity", property: "_isPlaying", parentLine: 5, basis: "tokens",
            rootCause: "ContentView._showPlayButton changed", updateFirstLine: 5
        ))
        // Tapping the button is PlayButton's own state, in an update of its own.
        #expect(try caused(pipeline, line: 3)?.cause == "state")
        #expect(try caused(pipeline, line: 3)?.rootCause == "PlayButton._isPlaying changed")

        var explainer = try Explainer(database: pipeline.database, traceID: pipeline.traceID)
        let why = try explainer.explain(view: "PlayButton")
        #expect(why.evaluations == 3)
        #expect(why.groups.map(\.sentence) == [
            "ContentView new identity (line 1) → PlayButton new identity: state created (_isPlaying) (line 2)",
            "PlayButton._isPlaying changed (line 3) → PlayButton body",
            // Line 4's run of the same change printed none of it, as when it removed it: shown
            // again, which the log has no disappear or deinit to confirm.
            "ContentView._showPlayButton changed (line 5) → ContentView body → PlayButton new identity: shown again after it was removed, state started over (_isPlaying) (the change's run before printed none of it; no disappear or deinit printed to confirm) (line 6)",
        ])
    }

    /// 001, `+ 1`: ContentView's `_count` re-creates PlayButton and CountText with new values
    /// (`@self`), without new identities; both are ContentView's children, not each other's.
    @Test func seed001CountReevaluatesBothChildrenFromContentView() throws {
        let pipeline = try seed("001-count-text.log")
        for line in [5, 6] {
            let row = try #require(try caused(pipeline, line: line))
            #expect(row.cause == "parent")
            #expect(row.parentLine == 4)
            #expect(row.rootCause == "ContentView._count changed")
        }
    }

    /// 003: each tap re-evaluates the parent (its unrecognised `Evaluating View Declaration Value`
    /// print), which re-creates both children; SubView1's value did not change, so its body does
    /// not run, while SubView2's body runs because its parent made it anew with a new `count`.
    @Test func seed003TheParentRecreatesTheChildWhoseValueDidNotChange() throws {
        let pipeline = try seed("003-subview-init.log")
        for (initLine, body) in [(7, 9), (11, 13)] {
            let subview1 = try #require(try caused(pipeline, line: initLine))
            #expect(subview1.view == "subview1")
            #expect(subview1.updateFirstLine == initLine)
            #expect(subview1.rootCause.hasSuffix("(after an unrecognised line)"))
            let subview2 = try #require(try caused(pipeline, line: body))
            #expect(subview2.cause == "parent")
            #expect(subview2.basis == "init")
            #expect(subview2.parentLine == initLine + 1)
            #expect(subview2.updateFirstLine == initLine)
        }
        // No subview1 body in the updates that re-created it.
        let subview1Bodies = try pipeline.database.scalarInt("""
            SELECT count(*) FROM events AS e JOIN causes AS c ON c.event_id = e.id JOIN updates AS u ON u.id = c.update_id
            WHERE e.view = 'subview1' AND e.kind = 'body' AND u.first_line IN (7, 11)
            """)
        #expect(subview1Bodies == 0)

        var explainer = try Explainer(database: pipeline.database, traceID: pipeline.traceID)
        let why = try explainer.explain(line: 7)
        #expect(why.groups.map(\.sentence) == [
            "\"Evaluating View Declaration Value\" (not recognised; the update began after it) (line 6) → subview1 init (line 7)",
        ])
        let subview2 = try explainer.explain(view: "subview2")
        #expect(subview2.groups.count == 1)
        #expect(subview2.groups.first?.lines == [5, 9, 13])
        // Its first body print could not have been skipped; the log does not say why the others ran.
        #expect(subview2.groups.first?.verdicts.map(\.verdict) == [.expected, .unknown])
        #expect(subview2.groups.first?.verdicts.map(\.count) == [1, 2])
        #expect(subview2.groups.first?.summary
            == "\"Evaluating View Declaration Value\" (not recognised; the update began after it) → subview2 init → subview2 body: its parent made it anew")
    }

    /// 004: the destinations (and their coordinators) are initialised with the root, as its body
    /// builds every NavigationLink, long before navigation shows them; with LazyView they are
    /// not, and the log does not show who made them.
    @Test func seed004DestinationsAreInitialisedByTheRootNotByNavigation() throws {
        let eager = try seed("004-navigation-eager.log")
        for line in 2...7 {
            let row = try #require(try caused(eager, line: line))
            #expect(row.cause == "parent")
            #expect(row.basis == "appear")
            #expect(row.parentLine == 1)
            #expect(row.rootCause == "MyRootView appeared")
        }
        // Navigating to FirstView (line 8, 17 s later) started no update with an init.
        #expect(try eager.database.scalarInt("SELECT count(*) FROM updates WHERE first_line >= 8") == 0)
        var explainer = try Explainer(database: eager.database, traceID: eager.traceID)
        #expect(try explainer.explain(line: 3).groups.map(\.sentence) == ["MyRootView appeared (line 1) → FirstView init (line 3)"])

        let lazy = try seed("004-navigation-lazyview.log")
        let first = try #require(try caused(lazy, line: 3))
        #expect(first.cause == "unknown")
        #expect(first.updateFirstLine == 2)
        #expect(first.rootCause == "FirstCoordinator init; its creator is not in the log")
    }
}

/// Findings carry the root cause of the updates they cover.
@Suite struct FindingRootCauseTests {
    @Test func identityChurnNamesTheToggleThatResetsPlayButton() throws {
        let pipeline = try Pipeline(path: Fixture.path("seeds/001-playbutton-toggle-twice.log"))
        let findings = try pipeline.analyze(RuleConfiguration().restricted(to: ["identity_churn"]))
        #expect(findings.map(\.rootCause) == ["ContentView._showPlayButton changed (2 updates: lines 5, 9)"])
        #expect(try pipeline.database.scalarText("SELECT root_cause FROM findings WHERE rule = 'identity_churn'")
            == "ContentView._showPlayButton changed (2 updates: lines 5, 9)")
    }

    @Test func theTraceStartIsNoRootCause() throws {
        // The destinations are built as MyRootView first appears (line 1): the app opening, the
        // start of the trace, which every later update follows and so explains none of them.
        let findings = try Pipeline(path: Fixture.path("seeds/004-navigation-eager.log"))
            .analyze(RuleConfiguration().restricted(to: ["heavy_initializer"]))
        #expect(findings.map(\.rootCause) == [nil, nil, nil])
    }

    @Test func aViewStartingAfterTheFirstChangeIsACause() throws {
        // The shape of the issue: a root's first body opens the trace (no cause); after its own
        // state changed, a view appearing is a cause again.
        let log = """
            ContentView: @self, @identity, _count changed.
            Row init
            Row: @self, @identity changed.
            ContentView: _count changed.
            Row init
            Row init
            Row init
            Row init
            Row init
            DetailView appear
            Row init
            Row init
            """
        let findings = try Pipeline.findings("redundant_instance_creation", log)
        #expect(findings.map(\.rootCause) == ["ContentView._count changed (line 4); DetailView appeared (line 10)"])
    }

    @Test func anUpdateTheLogGivesNoReasonForNamesNoCause() throws {
        // Lazy destinations are made by navigation, which prints nothing: no root cause to cite,
        // and MyRootView's repeated appears are not explained by themselves.
        let findings = try Pipeline(path: Fixture.path("seeds/004-navigation-lazyview.log")).analyze()
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0.rootCause == nil }, "\(findings.map(\.rootCause))")
    }

    /// 001's `+ 1` tapped 5,000 times: more evaluations than `why` keeps events for, so parents
    /// are read again as the chains are folded into their group; one chain, every line in it.
    @Test func thousandsOfEvaluationsFoldIntoTheirChain() throws {
        let taps = 5_000
        var log = "ContentView: @self, @identity, _count changed.\nCountText: @self, @identity changed.\n"
        for _ in 0..<taps { log += "ContentView: _count changed.\nCountText: @self changed.\n" }
        let pipeline = try Pipeline(log: log)
        _ = try pipeline.analyze()
        var explainer = try Explainer(database: pipeline.database, traceID: pipeline.traceID)
        let why = try explainer.explain(view: "CountText")
        #expect(why.evaluations == taps + 1)
        #expect(why.groups.count == 2)
        #expect(why.groups.first?.lines == Array(stride(from: 4, through: 2 * taps + 2, by: 2)))
        #expect(why.groups.first?.sentence == "ContentView._count changed (line 3) → ContentView body → CountText new value from its parent (@self) (line 4)")
        #expect(why.causes.map(\.count) == [taps, 1])
    }
}
