import Foundation
import RequiredTools
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
    @Test(.enabled(if: RequiredTool.python3.shouldRun("StreamAnalysisTests.aLongGeneratedLogGivesTheSameFindings")))
    func aLongGeneratedLogGivesTheSameFindings() throws {
        try LiveAnalyzerTests.withGeneratedLog(lines: 60000) { path in
            let (streamed, stored) = try Self.both(path)
            #expect(streamed.count > 100)
            #expect(streamed == stored)
        }
    }

    /// The lines the rules saw name an instance are exactly the stored events' lines with one:
    /// `check`'s text report looks up no other line for a heading's instance.
    @Test(.enabled(if: RequiredTool.python3.shouldRun("StreamAnalysisTests.theLinesNamingInstancesAreTheStoredEventsWithAnInstance")))
    func theLinesNamingInstancesAreTheStoredEventsWithAnInstance() throws {
        try LiveAnalyzerTests.withGeneratedLog(lines: 20000) { path in
            for log in [path, Fixture.path("seeds/000-tabview-appear.log"), Fixture.path("seeds/001-observable-datamodel.log")] {
                let database = try TraceDatabase.openTemporary()
                let analysis = StreamAnalysis(source: log)
                let traceID = try Ingestor(database: database).ingest(path: log, observer: analysis).traceID
                _ = analysis.finish()
                var named: Set<Int> = []
                var lastLine = 0
                try database.forEachRow("SELECT line, instance IS NOT NULL FROM events WHERE trace_id = ?", [traceID]) { row in
                    if row.integer(at: 1) != 0 { named.insert(row.integer(at: 0)) }
                    lastLine = max(lastLine, row.integer(at: 0))
                }
                #expect(!named.isEmpty, "\(log)")
                let seen = analysis.linesNamingInstances
                let missed = named.filter { !seen.contains($0) }.sorted()
                #expect(missed.isEmpty, "\(log): the rules did not see lines \(missed.prefix(5)) name an instance")
                #expect((0 ... lastLine + 1).filter(seen.contains).count == named.count, "\(log)")
            }
        }
    }

    /// Stored as they come (`check`, `report`): the same rows as the stored trace's analysis writes.
    @Test(arguments: ["seeds/001-playbutton-toggle-twice.log", "seeds/004-navigation-eager.log", "rules/004-navigation-mixed.log", "rules/body-storm.log"])
    func findingsStoredAsTheyComeAreTheAnalyzersRows(_ fixture: String) throws {
        try Self.expectStoredRowsAreTheAnalyzers(Fixture.path(fixture))
    }

    /// Many batches: repeated_appear's findings are stored as they settle, between batches.
    @Test(.enabled(if: RequiredTool.python3.shouldRun("StreamAnalysisTests.aLongGeneratedLogsFindingsStoredAsTheySettleAreTheAnalyzersRows")))
    func aLongGeneratedLogsFindingsStoredAsTheySettleAreTheAnalyzersRows() throws {
        try LiveAnalyzerTests.withGeneratedLog(lines: 60000) { path in
            let storedBeforeTheEnd = try Self.expectStoredRowsAreTheAnalyzers(path)
            // 4 MB read a quarter MiB at a time, the rules at most three batches behind the writer.
            #expect(storedBeforeTheEnd > 100)
        }
    }

    /// Returns how many findings were in the store when the ingest ended, before `finishStoring`.
    @discardableResult
    private static func expectStoredRowsAreTheAnalyzers(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let database = try TraceDatabase.openTemporary()
        let analysis = StreamAnalysis(source: path, storingIn: database)
        let summary = try Ingestor(database: database).ingest(path: path, observer: analysis)
        let storedBeforeTheEnd = try database.scalarInt("SELECT count(*) FROM findings") ?? 0
        let stored = try analysis.finishStoring()
        let streamedRows = try Self.findingRows(database)
        _ = try Analyzer(database: database).analyze(traceID: summary.traceID)
        let analyzedRows = try Self.findingRows(database)
        // `report`'s way: the stored trace's rules, each finding stored as it comes.
        let storedAgain = try Analyzer(database: database).analyzeIntoStore(traceID: summary.traceID)
        #expect(stored > 0, sourceLocation: sourceLocation)
        #expect(streamedRows.count == stored, sourceLocation: sourceLocation)
        #expect(streamedRows == analyzedRows, sourceLocation: sourceLocation)
        #expect(storedAgain == stored, sourceLocation: sourceLocation)
        #expect(try Self.findingRows(database) == analyzedRows, sourceLocation: sourceLocation)
        return storedBeforeTheEnd
    }

    /// Every stored finding with its evidence, in a fixed order.
    private static func findingRows(_ database: Database) throws -> [String] {
        var rows: [String] = []
        try database.forEachRow("""
            SELECT f.trace_id, f.rule, f.severity, f.view, f.message, f.count, f.first_line, f.last_line, f.root_cause,
                   (SELECT group_concat(line) FROM (SELECT line FROM evidence WHERE finding_id = f.id ORDER BY line))
            FROM findings f ORDER BY f.rule, f.first_line, f.view, f.message
            """) { row in
            rows.append((0..<10).map { row.text(at: Int32($0)) ?? "NULL" }.joined(separator: " | "))
        }
        return rows
    }

    @Test func anIngestThatNeverBeganFindsNothing() {
        #expect(StreamAnalysis(source: "-").finish().isEmpty)
    }
}

/// A run that takes findings as they settle, after every event, the strictest a stream can be
/// asked: with what `finish` adds, they are exactly the findings of a run that never asks.
final class SettlingRun: IngestObserver {
    private let path: String
    private var settling: LiveAnalyzer?
    private var plain: LiveAnalyzer?
    private(set) var settledEarly: [Finding] = []

    init(path: String) { self.path = path }

    func begin(traceID: Int) throws {
        settling = LiveAnalyzer(traceID: traceID, source: path, decidingEarly: false)
        plain = LiveAnalyzer(traceID: traceID, source: path, decidingEarly: false)
    }

    func take(_ batch: EventBatch) throws {
        for event in batch.events {
            settling?.observe(event)
            plain?.observe(event)
            settling?.settled { settledEarly.append($0) }
        }
    }

    func shouldContinue(_ progress: Ingestor.Progress) -> Bool { true }

    /// The settling run's findings, early ones included, and the plain run's, both in report order.
    func finish() -> (settling: [Finding], plain: [Finding]) {
        var settlingFindings = settledEarly
        settling?.finish { settlingFindings.append($0) }
        return (settlingFindings.sorted(by: Finding.reportOrder), plain?.finish().findings ?? [])
    }
}

@Suite struct SettledFindingsTests {
    private static func run(_ path: String) throws -> SettlingRun {
        let run = SettlingRun(path: path)
        _ = try Ingestor(database: try TraceDatabase.openTemporary()).ingest(path: path, observer: run)
        return run
    }

    @Test(arguments: LiveAnalyzerTests.fixtures)
    func findingsTakenAsTheySettleAreTheEndsFindings(_ fixture: String) throws {
        let run = try Self.run(Fixture.path(fixture))
        let (settling, plain) = run.finish()
        #expect(settling == plain)
    }

    @Test(.enabled(if: RequiredTool.python3.shouldRun("StreamAnalysisTests.aGeneratedLogSettlesMostRepeatedAppearsEarly")))
    func aGeneratedLogSettlesMostRepeatedAppearsEarly() throws {
        try LiveAnalyzerTests.withGeneratedLog(lines: 20000) { path in
            let run = try Self.run(path)
            let early = run.settledEarly
            let (settling, plain) = run.finish()
            #expect(settling == plain)
            let repeated = plain.filter { $0.rule == "repeated_appear" }
            #expect(repeated.count > 100)
            // Every group but the last of each of the 165 views closes before the end: about three in
            // four of 20,000 lines' findings.
            #expect(early.filter { $0.rule == "repeated_appear" }.count * 3 > repeated.count * 2, "\(early.count) of \(repeated.count)")
        }
    }
}
