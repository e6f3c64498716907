import Foundation
import TraceStore

/// The stored trace a command reads: `--trace ID` in the database `--db` names, or the latest.
/// `report`, `why`, `views`, `timeline` and `export` choose a trace the same way, with the same
/// errors.
enum StoredTrace {
    /// The id `--trace` names; nil without the option.
    static func requestedID(_ arguments: ParsedArguments) throws -> Int? {
        try arguments.value("trace").map { value -> Int in
            guard let id = Int(value), id > 0 else { throw UsageError("--trace needs a trace id (a positive integer), not '\(value)'") }
            return id
        }
    }

    /// Fails unless `database` (at `path`) holds trace `id`.
    static func requireTrace(_ id: Int, in database: Database, path: String) throws {
        guard try TraceCatalog.list(database).contains(where: { $0.id == id }) else {
            throw ToolError("no trace \(id) in \(path); `trace-analyze traces --db \(path)` lists them")
        }
    }

    /// Opens the database for analysis (findings and causes are stored next to the trace where
    /// the file can be written, in temporary tables where it cannot) and picks `requested`, or the
    /// latest trace. `missing` says what to do when there is no
    /// database at all.
    ///
    /// `isAnalysed` says whether what the command needs is stored for a trace already; where the
    /// file cannot be written, that spares copying it.
    static func open(
        _ arguments: ParsedArguments, requested: Int?, isAnalysed: ((Database, Int) throws -> Bool)? = nil,
        missing: (String) -> String
    ) throws -> (database: Database, traceID: Int) {
        // Only stored rows are read from here on, by threads that free each other's memory.
        MallocArenas.shareOne()
        let path = DatabaseOption.path(arguments)
        guard FileManager.default.fileExists(atPath: path) else { throw ToolError(missing(path)) }
        let database = try TraceDatabase.openForAnalysis(path: path, isAnalysed: isAnalysed.map { isAnalysed in
            { source in
                guard let id = try requested ?? TraceCatalog.latestID(source) else { return false }
                return try isAnalysed(source, id)
            }
        })
        // Loud about the one case that costs a copy of the whole file.
        if let reason = database.copiedBecause { Console.note("trace-analyze: note: \(reason)") }
        if let requested {
            try requireTrace(requested, in: database, path: path)
            return (database, requested)
        }
        guard let latest = try TraceCatalog.latestID(database) else {
            throw ToolError("\(path) holds no traces; add one with `trace-analyze ingest FILE --db \(path)`")
        }
        return (database, latest)
    }
}
