import Foundation
import Testing
import TraceModel
@testable import TraceRules
import TraceStore

/// `check`'s path: the rules read the events on their own thread while the ingest stores them
/// (`StreamAnalysis`), and find exactly what `Analyzer` finds in the stored trace.
@Suite struct StreamAnalysisTests {
    /// Ingests `path` with the rules attached, as `check` does; then analyses the stored trace.
    private static func both(_ path: String, configuration: RuleConfiguration = RuleConfiguration()) throws -> (streamed: [Finding], stored: [Finding]) {
        let database = try TraceDatabase.openTemporary()
        let analysis = StreamAnalysis(configuration: configuration, source: path)
        let summary = try Ingestor(database: database).ingest(path: path, observer: analysis)
        let streamed = analysis.finish()
        let stored = try Analyzer(database: database, configuration: configuration).analyze(traceID: summary.traceID)
        return (streamed, stored)
    }

    @Test(arguments: LiveAnalyzerTests.fixtures)
    func streamedFindingsAreStoredFindings(_ fixture: String) throws {
        let (streamed, stored) = try Self.both(Fixture.path(fixture))
        #expect(streamed == stored)
    }

    /// Many batches: the queue to the rules' thread fills and drains many times over.
    @Test func aLongGeneratedLogGivesTheSameFindings() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trace-analyze-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("generated.log").path
        try LiveAnalyzerTests.generate(lines: 60000, into: path)
        let (streamed, stored) = try Self.both(path)
        #expect(streamed.count > 100)
        #expect(streamed == stored)
    }

    @Test func anIngestThatNeverBeganFindsNothing() {
        #expect(StreamAnalysis(source: "-").finish().isEmpty)
    }
}
