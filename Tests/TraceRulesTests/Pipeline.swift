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
}

/// Paths of the repository's fixtures.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ name: String) -> String {
        root.appendingPathComponent("fixtures").appendingPathComponent(name).path
    }
}
