import Foundation
import TraceModel
import TraceRules
import TraceStore

/// The real pipeline on a string: text → `Ingestor` (LineReader, TraceParser, EventWriter) →
/// in-memory SQLite → `Analyzer`.
struct Pipeline {
    let database: Database
    let traceID: Int

    /// Parses `log` into a fresh in-memory store.
    init(log: String) throws {
        database = try TraceDatabase.openInMemory()
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
        database = try TraceDatabase.openInMemory()
        traceID = try Ingestor(database: database).ingest(path: path).traceID
    }

    /// True when the trace has unrecognised lines and no developer lifecycle event at all.
    func lacksLifecycleParsing() throws -> Bool {
        let text = try database.scalarInt("SELECT count(*) FROM events WHERE kind = 'text' AND trace_id = ?", [traceID]) ?? 0
        let lifecycle = try database.scalarInt("SELECT count(*) FROM events WHERE origin = 'lifecycle' AND trace_id = ?", [traceID]) ?? 0
        return text > 0 && lifecycle == 0
    }

    /// Runs `configuration`'s rules over the trace.
    func analyze(_ configuration: RuleConfiguration = RuleConfiguration()) throws -> [Finding] {
        try Analyzer(database: database, configuration: configuration).analyze(traceID: traceID)
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
