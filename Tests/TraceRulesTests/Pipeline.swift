import Foundation
import TraceModel
import TraceRules
import TraceStore

/// The real pipeline on a string: text → `Ingestor` (LineReader, TraceParser, EventWriter) →
/// a temporary SQLite database → `Analyzer`.
struct Pipeline {
    let database: Database
    let traceID: Int

    /// Parses `log` into a fresh temporary store.
    init(log: String) throws {
        database = try TraceDatabase.openTemporary()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("trace-analyze-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("example.log").path
        try Data(log.utf8).write(to: URL(fileURLWithPath: path))
        traceID = try Ingestor(database: database).ingest(path: path).traceID
    }

    /// Parses the file at `path`.
    init(path: String) throws {
        database = try TraceDatabase.openTemporary()
        traceID = try Ingestor(database: database).ingest(path: path).traceID
    }

    /// Runs `configuration`'s rules over the trace.
    func analyze(_ configuration: RuleConfiguration = RuleConfiguration()) throws -> [Finding] {
        try Analyzer(database: database, configuration: configuration).analyze(traceID: traceID)
    }

    /// The findings of `rule` alone on `log`.
    static func findings(_ rule: String, _ log: String) throws -> [Finding] {
        try Pipeline(log: log).analyze(RuleConfiguration().restricted(to: [rule]))
    }

    /// `identity_churn`'s findings on `log`, with every rule run (as `check` runs them).
    static func churn(_ log: String) throws -> [Finding] {
        try Pipeline(log: log).analyze().filter { $0.rule == "identity_churn" }
    }

    /// `causes.lifetime` of each body line of `log`, by line, as `why` and `views` read it.
    static func lifetimes(_ log: String) throws -> [Int: String] {
        let pipeline = try Pipeline(log: log)
        _ = try pipeline.analyze()
        var lifetimes: [Int: String] = [:]
        try pipeline.database.forEachRow("""
            SELECT e.line, c.lifetime FROM events AS e JOIN causes AS c ON c.event_id = e.id
            WHERE e.kind = 'body' AND c.lifetime IS NOT NULL
            """) { row in lifetimes[row.integer(at: 0)] = row.text(at: 1) }
        return lifetimes
    }
}

/// Paths of the repository's fixtures.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ name: String) -> String {
        root.appendingPathComponent("fixtures").appendingPathComponent(name).path
    }
}
