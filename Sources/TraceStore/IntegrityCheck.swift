import CSQLite
import Foundation

/// Refuses a damaged database when it is opened, before a command reads wrong answers from it or
/// an ingest appends to it: once per open, and cheaply.
enum IntegrityCheck {
    /// Files up to this size get SQLite's `quick_check` (every page's structure: about 10 ms a
    /// MiB, so at most a sixth of a second); larger ones only what every open does
    /// (`Database.init` reads the header and the schema, which is where a file cut short
    /// fails), so opening a large database stays quick for every `query` a script runs.
    static let quickCheckLimit = 16 << 20

    /// Throws a message naming `database`'s file and what is wrong with it, with a way out.
    static func verify(_ database: Database, path: String, quickCheckLimit: Int = quickCheckLimit) throws {
        guard path != ":memory:", !path.isEmpty else { return }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > 0, size <= quickCheckLimit else { return }
        // The first problem is enough to refuse the file; SQLite's report spans lines.
        let answer = try database.scalarText("PRAGMA quick_check(1)") ?? "ok"
        guard answer != "ok" else { return }
        throw damaged(path, answer.split(separator: "\n").filter { !$0.hasPrefix("*** in database") }.joined(separator: "; "))
    }

    /// The refusal of a damaged file, with what SQLite found and a way out.
    static func damaged(_ path: String, _ problem: String) -> SQLiteError {
        SQLiteError(
            code: SQLITE_CORRUPT,
            message: "\(path) is damaged (\(problem)); refusing to read or add to it. "
                + "Ingest the log again into a new --db, or salvage rows with `sqlite3 \(path) .recover | sqlite3 recovered.sqlite`"
        )
    }
}
