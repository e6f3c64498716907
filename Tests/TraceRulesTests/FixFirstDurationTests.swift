import Foundation
import Testing
@testable import TraceRules
import TraceStore

/// The fix-first ranking knows whether a trace holds durations from the writer's count
/// (`events_with_duration`), and a store written before the count still ranks by time.
@Suite struct FixFirstDurationTests {
    /// A loop of ten evaluations with no time, and two heavy inits (of `Gallery`'s ImageCache) of 40 ms each.
    static let timed = (0..<10).map { _ in "Graph: _model changed.\n" }.joined()
        + (0..<2).map { _ in "trace-analyze: kind=init view=ImageCache owner=Gallery ms=40\n" }.joined()

    private static let count = "SELECT value FROM stats WHERE trace_id = ? AND name = 'events_with_duration'"

    @Test func theWriterCountsTheEventsWithADuration() throws {
        let timed = try Pipeline(log: Self.timed)
        #expect(try timed.database.scalarInt(Self.count, [timed.traceID]) == 2)
        let plain = try Pipeline(log: "ContentView init\nContentView: @self changed.\n")
        #expect(try plain.database.scalarInt(Self.count, [plain.traceID]) == 0)
    }

    @Test func timeRanksFirstWithTheCountAndWithout() throws {
        let pipeline = try Pipeline(log: Self.timed)
        try Analyzer(database: pipeline.database).analyzeIntoStore(traceID: pipeline.traceID)
        let findings = StoredFindings(database: pipeline.database, traceIDs: [pipeline.traceID])
        let counted = try FixFirst(findings)
        #expect(counted.entries.first?.view == "Gallery")
        #expect(counted.entries.first?.milliseconds == 80)
        #expect(counted.entries.contains { $0.view == "Graph" && $0.milliseconds == nil })
        // As a store written before the writer counted: the rows themselves are looked through.
        try pipeline.database.run("DELETE FROM stats WHERE name = 'events_with_duration'")
        #expect(try FixFirst(findings) == counted)
    }

    @Test func aTraceWithoutDurationsRanksBySeverityAndCount() throws {
        let pipeline = try Pipeline(log: (0..<12).map { _ in "Graph: _model changed.\n" }.joined())
        try Analyzer(database: pipeline.database).analyzeIntoStore(traceID: pipeline.traceID)
        let findings = StoredFindings(database: pipeline.database, traceIDs: [pipeline.traceID])
        let ranked = try FixFirst(findings)
        #expect(ranked.entries.map(\.view) == ["Graph"])
        #expect(ranked.entries.allSatisfy { $0.milliseconds == nil })
    }
}
