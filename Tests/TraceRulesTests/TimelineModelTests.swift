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
        XCTAssertEqual(lifetimes.map(\.endedBy), [.replaced, .replaced, .end])
        let churn = try XCTUnwrap(model.findings.firstIndex { $0.rule == "identity_churn" })
        XCTAssertEqual(model.findings[churn].view, "PlayButton")
        XCTAssertEqual(model.findingLanes[churn], play)
        let second = model.marks[1]
        XCTAssertEqual(second.text.map { model.texts[$0] }, "PlayButton: @self, @identity, _isPlaying changed.")
        XCTAssertEqual(second.tokens.map { model.tokenTexts[$0] }, "@self, @identity, _isPlaying")
        XCTAssertFalse(model.hasTimes)
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
