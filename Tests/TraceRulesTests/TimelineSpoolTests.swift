import TraceModel
@testable import TraceRules
import TraceStore
import XCTest

/// The spooled timeline (marks in a temporary file, what the Chrome trace export walks) lays a
/// trace out exactly as the in-memory model does: lanes, marks with messages, lifetimes, findings.
final class TimelineSpoolTests: XCTestCase {
    /// Compares every part of `spool` with `model`, built from the same trace.
    private func assertSameLayout(_ spool: TimelineSpool, _ model: TimelineModel, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(spool.lanes, model.lanes, file: file, line: line)
        XCTAssertEqual(spool.tokenTexts, model.tokenTexts, file: file, line: line)
        XCTAssertEqual(spool.unplaced, model.unplaced, file: file, line: line)
        XCTAssertEqual(spool.hasTimes, model.hasTimes, file: file, line: line)
        XCTAssertEqual(spool.markCount, model.marks.count, file: file, line: line)
        var lifetimes: [TimelineModel.Lifetime] = []
        spool.forEachLifetime { lifetimes.append($0) }
        XCTAssertEqual(lifetimes, model.lifetimes, file: file, line: line)
        var marks = 0
        try spool.forEachMark { index, mark, message in
            var expected = model.marks[index]
            XCTAssertEqual(message, expected.text.map { model.texts[$0] }, "mark \(index)", file: file, line: line)
            expected.text = nil
            XCTAssertEqual(mark, expected, "mark \(index)", file: file, line: line)
            marks += 1
        }
        XCTAssertEqual(marks, model.marks.count, file: file, line: line)
        var findings: [Finding] = []
        var lanes: [Int?] = []
        try spool.forEachFinding { findings.append($0); lanes.append($1) }
        XCTAssertEqual(findings.map(\.rule), model.findings.map(\.rule), file: file, line: line)
        XCTAssertEqual(findings.map(\.lines), model.findings.map(\.lines), file: file, line: line)
        XCTAssertEqual(lanes, model.findingLanes, file: file, line: line)
    }

    func testSeedSpoolsAsTheModelLaysItOut() throws {
        let pipeline = try Pipeline(path: Fixture.path("seeds/001-playbutton-toggle-twice.log"))
        let spool = try Timeline.spool(database: pipeline.database, traceID: pipeline.traceID)
        let model = try Timeline.build(database: pipeline.database, traceID: pipeline.traceID)
        XCTAssertEqual(spool.lanes.map(\.view), ["ContentView", "PlayButton"])
        try assertSameLayout(spool, model)
    }

    /// Long enough that marks leave memory for the file before the lifetimes that began at them
    /// end: each ending is patched into a mark already written out.
    func testLifetimesEndingLongAfterTheirStartSpoolAsTheModelLaysThemOut() throws {
        var lines = ["2026-01-01 10:00:00.000000+0000 App[1:2] ContentView init"]
        for step in 0..<6_000 {
            let time = String(format: "2026-01-01 10:%02d:%02d.%06d+0000", step / 6000, (step / 100) % 60, (step % 100) * 10_000)
            lines.append("\(time) App[1:2] Row init")
            lines.append("\(time) App[1:2] Row: @identity changed.")
            lines.append("\(time) App[1:2] ContentView: _count changed.")
            if step % 3 == 0 { lines.append("\(time) App[1:2] Row deinit") }
        }
        lines.append("2026-01-01 10:01:00.000000+0000 App[1:2] ContentView deinit")
        let pipeline = try Pipeline(log: lines.joined(separator: "\n"))
        let spool = try Timeline.spool(database: pipeline.database, traceID: pipeline.traceID)
        let model = try Timeline.build(database: pipeline.database, traceID: pipeline.traceID)
        XCTAssertGreaterThan(spool.markCount, 20_000)
        XCTAssertTrue(spool.hasTimes)
        var first: TimelineModel.Lifetime?
        spool.forEachLifetime { lifetime in if first == nil { first = lifetime } }
        XCTAssertEqual(first.map { spool.mark($0.end).line }, lines.count, "ContentView lives from the first line to the last")
        try assertSameLayout(spool, model)
    }

    /// More instance lanes than one chunk of the lane tables holds (16,384), with instances met
    /// again across that boundary (an address reused after its deinit, by the same type and by
    /// another): lanes are laid out after the scan from the spooled marks, and must number,
    /// count and close as the model does.
    func testLanesBeyondAChunkOfLaneStateSpoolAsTheModelLaysThemOut() throws {
        var lines: [String] = []
        for id in 0..<17_000 {
            lines.append("trace-analyze: kind=init view=Row id=\(id)")
            if id % 1_000 == 0 { lines.append("trace-analyze: kind=deinit view=Row id=\(id)") }
        }
        // Early instances again, now past the boundary: their lanes are the old ones.
        lines.append("trace-analyze: kind=init view=Row id=3000")
        lines.append("trace-analyze: kind=deinit view=Row id=3")
        lines.append("trace-analyze: kind=init view=Row id=3")
        lines.append("trace-analyze: kind=init view=Cell id=16999")
        lines.append("trace-analyze: kind=init view=Cell id=5")
        lines.append("trace-analyze: kind=deinit view=Cell id=5")
        let pipeline = try Pipeline(log: lines.joined(separator: "\n"))
        let spool = try Timeline.spool(database: pipeline.database, traceID: pipeline.traceID)
        let model = try Timeline.build(database: pipeline.database, traceID: pipeline.traceID)
        XCTAssertEqual(spool.laneCount, 17_000 + 1 + 3, "a lane per Row instance, Row's, Cell's and two Cell instances")
        let lanes = spool.lanes
        let row3 = try XCTUnwrap(lanes.firstIndex { $0.view == "Row" && $0.instance == "3" })
        XCTAssertEqual(lanes[row3].marks, 3, "Row 3: init, then deinit and init again past the boundary")
        XCTAssertEqual(lanes.filter { $0.view == "Cell" }.map(\.instance), [nil, "16999", "5"])
        var row3Lifetimes: [TimelineModel.Lifetime] = []
        spool.forEachLifetime { if $0.lane == row3 { row3Lifetimes.append($0) } }
        XCTAssertEqual(row3Lifetimes.map(\.endedBy), [.`deinit`, .end])
        try assertSameLayout(spool, model)
    }

    /// The spool's marks leave memory a few at a time (a chunk of 5 here, 4,096 in use): the
    /// lanes and lifetimes laid out from them after the scan, with endings inside the chunk
    /// being read and in chunks long written, are the model's.
    func testTinyChunksOfMarksSpoolAsTheModelLaysThemOut() throws {
        var lines = ["ContentView init"]
        for step in 0..<60 {
            lines.append("trace-analyze: kind=init view=Row id=\(step % 9)")
            lines.append("Row: @identity changed.")
            lines.append("ContentView: _count changed.")
            if step % 4 == 0 { lines.append("trace-analyze: kind=deinit view=Row id=\(step % 9)") }
            if step % 7 == 0 { lines.append("Row: @identity changed.") }
        }
        lines.append("ContentView deinit")
        for log in [lines.joined(separator: "\n"), try String(contentsOfFile: Fixture.path("seeds/001-playbutton-toggle-twice.log"), encoding: .utf8)] {
            let pipeline = try Pipeline(log: log)
            let builder = TimelineSpoolBuilder(chunkCapacity: 5)
            let symbols = SymbolTable()
            var verdicts: [IdentityMark] = []
            try Analyzer(database: pipeline.database).analyzeIntoStore(
                traceID: pipeline.traceID, symbols: symbols, observing: builder.observe
            ) { verdicts = $0 }
            let trace = try XCTUnwrap(TraceCatalog.list(pipeline.database).first { $0.id == pipeline.traceID })
            let spool = builder.finish(trace: trace, symbols: symbols, verdicts: verdicts, database: pipeline.database)
            XCTAssertGreaterThan(spool.markCount, 5, "more than one chunk")
            try assertSameLayout(spool, try Timeline.build(database: pipeline.database, traceID: pipeline.traceID))
        }
    }

    /// Instances named by more than one view (an address reused by another type) get a lane per
    /// view, each under its own type, named in display order from the file that holds them.
    func testAnInstanceOfTwoViewsGetsALaneUnderEachAsTheModelLaysItOut() throws {
        var lines: [String] = []
        for step in 0..<300 {
            lines.append("trace-analyze: kind=init view=Row id=\(step)")
            lines.append("trace-analyze: kind=init view=Cell id=\(step % 7)")
            lines.append("Row: @identity changed.")
            if step % 5 == 0 { lines.append("trace-analyze: kind=deinit view=Row id=\(step / 2)") }
            lines.append("trace-analyze: kind=init view=Row id=\(step % 3)")
        }
        let pipeline = try Pipeline(log: lines.joined(separator: "\n"))
        let spool = try Timeline.spool(database: pipeline.database, traceID: pipeline.traceID)
        let model = try Timeline.build(database: pipeline.database, traceID: pipeline.traceID)
        XCTAssertEqual(spool.lanes.filter { $0.view == "Cell" && $0.instance != nil }.count, 7)
        XCTAssertEqual(spool.lanes.filter { $0.view == "Row" && $0.instance == "3" }.count, 1)
        XCTAssertGreaterThan(spool.laneCount, 300)
        try assertSameLayout(spool, model)
        var order: [Int] = []
        spool.forEachLane { index, _ in order.append(index) }
        XCTAssertEqual(order.sorted(), Array(0..<spool.laneCount), "every lane once")
        for (position, index) in order.enumerated() {
            if let parent = spool.parent(ofLane: index) {
                XCTAssertLessThan(order.firstIndex(of: parent)!, position, "lane \(index) follows its type's lane")
            }
        }
    }
}
