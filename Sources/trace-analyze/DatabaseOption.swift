import Foundation
import TraceStore

/// The `--db PATH` option every store command shares, with its environment fallback.
enum DatabaseOption {
    static let spec = OptionSpec(
        name: "db", value: "PATH",
        help: "The trace database (default: $TRACE_ANALYZE_DB, else ./\(TraceDatabase.defaultPath))."
    )

    /// The database path the user chose, or the default.
    static func path(_ arguments: ParsedArguments) -> String {
        if let path = arguments.value("db") { return path }
        if let path = ProcessInfo.processInfo.environment["TRACE_ANALYZE_DB"], !path.isEmpty { return path }
        return TraceDatabase.defaultPath
    }

    /// Opens the database read-only, with an error that names it when missing.
    static func openForReading(_ arguments: ParsedArguments) throws -> Database {
        let path = path(arguments)
        guard FileManager.default.fileExists(atPath: path) else {
            throw ToolError("no database at \(path); create one with `trace-analyze ingest FILE --db \(path)`")
        }
        return try TraceDatabase.openForReading(path: path)
    }
}
