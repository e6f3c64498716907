import Foundation
import Testing
import TraceModel

/// Every log under `fixtures/seeds` and `fixtures/formats`, run through the real parser.
///
/// `NAME.expected.tsv` lists the events a log must produce (regenerate with
/// `TRACE_ANALYZE_UPDATE_EXPECTED=1 swift test --filter FixtureTests`, then read the diff).
/// A seed's `NAME.counts.tsv` holds the events per kind counted by reading the log by hand; it
/// is never regenerated, so it checks the expected file as much as the parser.
@Suite struct FixtureTests {
    static func logs(in directory: String) -> [String] {
        let url = fixtureURL(directory)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".log") }.sorted().map { "\(directory)/\($0)" }
    }

    static let seedLogs = logs(in: "seeds")
    static let formatLogs = logs(in: "formats")

    @Test func everyFixtureDirectoryHasLogs() {
        #expect(Self.seedLogs.count >= 12)
        #expect(Self.formatLogs.count >= 11)
    }

    @Test(arguments: seedLogs + formatLogs)
    func producesTheExpectedEvents(log: String) throws {
        let url = fixtureURL(log)
        let (events, stats) = parseEvents(Array(try Data(contentsOf: url)), chunkSize: 4096)
        #expect(stats.events == events.count)
        let actual = expectedTSV(events)
        let expectedURL = url.deletingPathExtension().appendingPathExtension("expected.tsv")
        if let expected = try compareWithFile(actual, expectedURL) {
            Issue.record("\(log) differs from \(expectedURL.lastPathComponent):\n\(lineDiff(expected: expected, actual: actual))")
        }
    }

    @Test(arguments: seedLogs)
    func seedKindCountsAgreeWithAReadingByHand(log: String) throws {
        let url = fixtureURL(log)
        let (events, stats) = parseEvents(Array(try Data(contentsOf: url)))
        let counts = try String(contentsOf: url.deletingPathExtension().appendingPathExtension("counts.tsv"), encoding: .utf8)
        #expect(kindCounts(events) == counts, "\(log)")
        // Every line of a seed is one event or folded into one (a `DataModel address: 0x…`
        // line into the init or deinit it names): nothing lost.
        #expect(events.count + stats.continuations == stats.lines)
    }
}
