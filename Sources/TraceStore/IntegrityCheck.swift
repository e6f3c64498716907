import CSQLite
import Foundation

/// Refuses a damaged database when it is opened, before a command reads wrong answers from it or
/// an ingest appends to it: once per open, and cheaply.
enum IntegrityCheck {
    /// Files up to this size get SQLite's `quick_check` (every page's structure, about a tenth
    /// of a second for 64 MiB); larger ones have their header checked against the file's size,
    /// which catches the commonest damage (a truncated copy) without reading every page.
    static let quickCheckLimit = 64 << 20

    /// Throws a message naming `database`'s file and what is wrong with it, with a way out.
    static func verify(_ database: Database, path: String) throws {
        guard path != ":memory:", !path.isEmpty else { return }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > 0 else { return }
        let problem: String?
        if size <= quickCheckLimit {
            // The first problem is enough to refuse the file; SQLite's report spans lines.
            let answer = try database.scalarText("PRAGMA quick_check(1)") ?? "ok"
            problem = answer == "ok" ? nil : answer.split(separator: "\n")
                .filter { !$0.hasPrefix("*** in database") }.joined(separator: "; ")
        } else {
            let pages = try database.scalarInt("PRAGMA page_count") ?? 0
            let pageSize = try database.scalarInt("PRAGMA page_size") ?? 0
            problem = pages * pageSize > size ? "its header counts \(pages * pageSize) bytes, the file has \(size)" : nil
        }
        guard let problem else { return }
        throw SQLiteError(
            code: SQLITE_CORRUPT,
            message: "\(path) is damaged (\(problem)); refusing to read or add to it. "
                + "Ingest the log again into a new --db, or salvage rows with `sqlite3 \(path) .recover | sqlite3 recovered.sqlite`"
        )
    }
}
