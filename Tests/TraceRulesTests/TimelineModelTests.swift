import TraceModel
import TraceRules
import XCTest

/// The timeline's layout of real pipelines' events: lanes, marks, lifetimes, findings' lanes.
final class TimelineModelTests: XCTestCase {
    private func timeline(_ log: String) throws -> TimelineModel {
        let pipeline = try Pipeline(log: log)
        return try Timeline.build(database: pipeline.database, traceID: pipeline.traceID)
    }

    func testSeedGivesPlayButtonThreeIdentitiesAndItsChurnFinding() throws {
        let pipeline = try Pipeline(path: Fixture.path("seeds/001-playbutton-toggle-twice.log"))
        let model = try Timeline.build(database: pipeline.database, traceID: pipeline.traceID)
        XCTAssertEqual(model.lanes.map(\.view), ["ContentView", "PlayButton"])
        XCTAssertEqual(model.marks.map(\.line), Array(1...10))
        let play = try XCTUnwrap(model.lanes.firstIndex { $0.view == "PlayButton" })
        let lifetimes = model.lifetimes.filter { $0.lane == play }
        XCTAssertEqual(lifetimes.map { model.marks[$0.start].line }, [2, 6, 10])
        // Each time the toggle shows PlayButton again after the run of the same change before
        // printed none of it: re-insertions, as `check` and `why` say, so no reset is drawn.
        XCTAssertEqual(lifetimes.map(\.endedBy), [.removed, .removed, .end])
        XCTAssertEqual(lifetimes.map(\.verdict), [nil, .reinsertedUnconfirmed, .reinsertedUnconfirmed])
        let churn = try XCTUnwrap(model.findings.firstIndex { $0.rule == "identity_churn" })
        XCTAssertEqual(model.findings[churn].view, "PlayButton")
        XCTAssertEqual(model.findingLanes[churn], play)
        let second = model.marks[1]
        XCTAssertEqual(second.text.map { model.texts[$0] }, "PlayButton: @self, @identity, _isPlaying changed.")
        XCTAssertEqual(second.tokens.map { model.tokenTexts[$0] }, "@self, @identity, _isPlaying")
        XCTAssertFalse(model.hasTimes)
    }

    /// A view replaced while shown, update after update (a reset, an error in `check`), ends each
    /// lifetime by the next identity, and each later lifetime carries the reset.
    func testAViewReplacedWhileShownEndsEachLifetimeByTheNextIdentity() throws {
        let pipeline = try Pipeline(path: Fixture.path("rules/playbutton-if-else-reset.log"))
        let model = try Timeline.build(database: pipeline.database, traceID: pipeline.traceID)
        let play = try XCTUnwrap(model.lanes.firstIndex { $0.view == "PlayButton" })
        let lifetimes = model.lifetimes.filter { $0.lane == play }
        XCTAssertEqual(lifetimes.map { model.marks[$0.start].line }, [2, 5, 8])
        XCTAssertEqual(lifetimes.map(\.endedBy), [.replaced, .replaced, .end])
        XCTAssertEqual(lifetimes.map(\.verdict), [nil, .reset, .reset])
        XCTAssertEqual(model.findings.first { $0.rule == "identity_churn" }?.severity, .error)
    }

    /// A sheet presented twice, its content's disappear and deinit printed between: two
    /// lifetimes, the second a new presentation, not a reset.
    func testASheetPresentedAgainIsANewLifetimeNotAReset() throws {
        let model = try timeline("""
            ContentView: @self, @identity, _showSheet changed.
            EditorSheet init
            EditorSheet: @self, @identity changed.
            EditorSheet appear
            EditorSheet disappear
            EditorSheet deinit
            ContentView: _showSheet changed.
            ContentView: _showSheet changed.
            EditorSheet init
            EditorSheet: @self, @identity changed.
            EditorSheet appear
            """)
        let sheet = try XCTUnwrap(model.lanes.firstIndex { $0.view == "EditorSheet" })
        let lifetimes = model.lifetimes.filter { $0.lane == sheet }
        XCTAssertEqual(lifetimes.map { model.marks[$0.start].line }, [2, 9])
        XCTAssertEqual(lifetimes.map(\.endedBy), [.disappear, .end])
        XCTAssertFalse(lifetimes.contains { $0.verdict?.losesState == true }, "\(lifetimes)")
    }

    /// Rows appended beside rows that stay join the type's lifetime: nothing ended.
    func testRowsAppendedBesideOthersJoinTheLifetime() throws {
        let model = try timeline("""
            ListView: @self, @identity, _items changed.
            TodoRow: @self, @identity changed.
            TodoRow: @self, @identity changed.
            ListView: _items changed.
            TodoRow: @self changed.
            TodoRow: @self changed.
            TodoRow: @self, @identity changed.
            """)
        let row = try XCTUnwrap(model.lanes.firstIndex { $0.view == "TodoRow" })
        let lifetimes = model.lifetimes.filter { $0.lane == row }
        XCTAssertFalse(lifetimes.contains { $0.endedBy == .replaced }, "an appended row replaces nothing: \(lifetimes)")
        XCTAssertFalse(model.findings.contains { $0.rule == "identity_churn" && $0.severity == .error }, "\(model.findings.map(\.message))")
    }

    func testInitThenFirstIdentityIsOneLifetimeEndedByDeinit() throws {
        let model = try timeline("""
            DataModel init
            DataModel: @identity changed.
            DataModel: _count changed.
            DataModel deinit
            """)
        XCTAssertEqual(model.lifetimes.count, 1)
        let lifetime = try XCTUnwrap(model.lifetimes.first)
        XCTAssertEqual(model.marks[lifetime.start].line, 1)
        XCTAssertEqual(model.marks[lifetime.end].line, 4)
        XCTAssertEqual(lifetime.startedBy, .`init`)
        XCTAssertEqual(lifetime.endedBy, .`deinit`)
    }

    func testInstancesGetSubLanesUnderTheirType() throws {
        let model = try timeline("""
            ImageLoader init 0x0000600000c435d0
            ImageLoader init 0x0000600000c43700
            ImageLoader deinit 0x0000600000c435d0
            """)
        let instances = model.lanes.filter { $0.instance != nil }
        XCTAssertEqual(instances.count, 2, "lanes: \(model.lanes)")
        let parent = try XCTUnwrap(model.lanes.firstIndex { $0.view == "ImageLoader" && $0.instance == nil })
        XCTAssertEqual(Set(instances.map(\.parent)), [parent])
        XCTAssertEqual(model.lifetimes.map(\.endedBy).sorted { $0.rawValue < $1.rawValue }, [.`deinit`, .end])
    }

    func testTimesMakeTheAxisSeconds() throws {
        let model = try timeline("""
            2020-03-23 01:10:46.546218+0800 App[76375:18919854] MyRootView appear
            2020-03-23 01:10:46.600000+0800 App[76375:18919854] FirstView init
            """)
        XCTAssertTrue(model.hasTimes)
        XCTAssertEqual(model.marks.map(\.kind), [.appear, .`init`])
    }
}

/// The summary of a long trace: bins per lane and level, from the same scan, checked against
/// the exact layout of the same log.
final class TimelineSummaryTests: XCTestCase {
    func testSeedSummaryBinsEveryMarkResetAndFlagOfTheExactLayout() throws {
        let pipeline = try Pipeline(path: Fixture.path("seeds/001-playbutton-toggle-twice.log"))
        let summary = try Timeline.summarize(database: pipeline.database, traceID: pipeline.traceID)
        let exact = try Timeline.build(database: pipeline.database, traceID: pipeline.traceID)
        XCTAssertEqual(summary.levels, [10], "ten lines: one level, a line per bin")
        XCTAssertEqual(summary.lanes.map(\.view), exact.lanes.map(\.view))
        let play = try XCTUnwrap(summary.lanes.first { $0.view == "PlayButton" })
        XCTAssertEqual(play.kindCounts[EventKind.body.index], 5)
        XCTAssertEqual(play.lifetimes, 3, "three identities, as the exact layout has: \(exact.lifetimes.count - 1) on PlayButton")
        let bits = play.kinds[0], extras = play.extras[0]
        // PlayButton's bodies are lines 2, 3, 6, 7 and 10; bin n holds line n + 1.
        XCTAssertEqual(bits.indices.filter { bits[$0] != 0 }.map { $0 + 1 }, [2, 3, 6, 7, 10])
        // Shown again, not replaced while shown: no reset, as in the exact layout.
        XCTAssertEqual(extras.indices.filter { extras[$0] & TimelineSummary.Extra.reset != 0 }.map { $0 + 1 }, [])
        XCTAssertEqual(extras.indices.filter { extras[$0] & TimelineSummary.Extra.warning != 0 }.map { $0 + 1 }, [5, 6, 9, 10])
        XCTAssertEqual(extras.indices.filter { extras[$0] & TimelineSummary.Extra.alive != 0 }.map { $0 + 1 }, Array(2...10))
        XCTAssertEqual(summary.findingCount, exact.findings.count)
        XCTAssertEqual(summary.findings.map(\.finding.rule), exact.findings.map(\.rule))
    }

    /// Every lifetime count and reset of the exact layout is the summary's, on each log with
    /// identities among the fixtures: the two drawings of one trace tell one story.
    func testSummaryCountsTheExactLayoutsLifetimesAndResets() throws {
        let logs = ["rules/playbutton-if-else-reset.log", "seeds/001-playbutton-toggle-twice.log", "seeds/001-playbutton-toggle.log",
                    "seeds/004-navigation-eager.log", "seeds/003-subview-init.log"]
        for log in logs {
            let pipeline = try Pipeline(path: Fixture.path(log))
            let summary = try Timeline.summarize(database: pipeline.database, traceID: pipeline.traceID)
            let exact = try Timeline.build(database: pipeline.database, traceID: pipeline.traceID)
            let finest = summary.levels.count - 1
            XCTAssertEqual(summary.levels[finest], summary.lines, "\(log): a line per bin at the finest level")
            for (index, lane) in summary.lanes.enumerated() {
                let exactLane = try XCTUnwrap(exact.lanes.firstIndex { $0.view == lane.view && $0.instance == nil })
                let lifetimes = exact.lifetimes.filter { $0.lane == exactLane }
                XCTAssertEqual(lane.lifetimes, lifetimes.count, "\(log) \(lane.view)")
                let resets = Set(lifetimes.filter { $0.verdict?.losesState == true }.map { exact.marks[$0.start].line })
                let extras = summary.lanes[index].extras[finest]
                XCTAssertEqual(Set(extras.indices.filter { extras[$0] & TimelineSummary.Extra.reset != 0 }.map { $0 + 1 }), resets, "\(log) \(lane.view)")
            }
        }
    }

    func testBinsOfALongerTraceHoldTheirLinesAtEveryLevel() throws {
        // 20,000 lines: levels of 1,024 and 8,192 bins, and a finest level of a line per bin.
        let lines = (1...20_000).map { $0 % 1000 == 0 ? "Row init" : "Row: _count changed." }
        let pipeline = try Pipeline(log: lines.joined(separator: "\n"))
        let summary = try Timeline.summarize(database: pipeline.database, traceID: pipeline.traceID)
        XCTAssertEqual(summary.levels, [1024, 8192, 20_000])
        let row = try XCTUnwrap(summary.lanes.first)
        XCTAssertEqual(row.kindCounts[EventKind.`init`.index], 20)
        XCTAssertEqual(row.kindCounts[EventKind.body.index], 19_980)
        let initBit = UInt8(1 << EventKind.`init`.index)
        for (level, bins) in summary.levels.enumerated() {
            let withInit = row.kinds[level].indices.filter { row.kinds[level][$0] & initBit != 0 }
            XCTAssertEqual(withInit, (1...20).map { summary.bin(of: $0 * 1000, bins: bins) }, "level \(level)")
        }
    }

    func testManyViewTypesGiveUpTheFinestLevelRatherThanMemory() throws {
        // 400 types over 40,000 lines: three levels would take 400 × 2 × 41,984 bytes, more than
        // the budget (about 300 types' worth), so the finest level goes, for every lane.
        let lines = (0..<40_000).map { "Row\($0 % 400): _count changed." }
        let pipeline = try Pipeline(log: lines.joined(separator: "\n"))
        let summary = try Timeline.summarize(database: pipeline.database, traceID: pipeline.traceID)
        XCTAssertEqual(summary.lanes.count, 400)
        XCTAssertEqual(summary.droppedLevels, [32768])
        XCTAssertEqual(summary.levels, [1024, 8192])
        XCTAssertTrue(summary.lanes.allSatisfy { $0.kinds.map(\.count) == [1024, 8192] && $0.extras.map(\.count) == [1024, 8192] })
        XCTAssertEqual(summary.lanes.reduce(0) { $0 + $1.kindCounts[EventKind.body.index] }, 40_000)
    }
}
