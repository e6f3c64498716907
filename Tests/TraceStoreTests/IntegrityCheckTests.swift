import Foundation
import Testing
import TraceModel
@testable import TraceStore

/// A damaged file is refused when opened, by a full check on small files and by the header on
/// large ones, where reading every page would cost too much.
@Suite struct IntegrityCheckTests {
    /// A database of a few hundred pages, closed (and so back in rollback-journal mode).
    static func stored(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("t.sqlite")
        let database = try TraceDatabase.openForWriting(path: path)
        let writer = try EventWriter(database: database, source: "x")
        for line in 1...5000 {
            try writer.append(Event(line: line, kind: .text, origin: .text, message: "line \(line) of a log long enough to fill pages"))
        }
        try writer.finish(stats: ParseStats())
        return path
    }

    /// Cut so short that SQLite cannot read the schema: refused as damaged when opened.
    @Test func aFileCutBeforeItsSchemaIsRefusedAsDamaged() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.stored(in: directory)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: try handle.seekToEnd() / 2)
        try handle.close()
        let error = try #require(throws: SQLiteError.self) { try Database(path: path, mode: .readOnly) }
        #expect(error.description.hasPrefix("\(path) is damaged (its schema cannot be read: "), "\(error)")
    }

    @Test func aSoundDatabasePassesBothWays() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.stored(in: directory)
        let database = try Database(path: path, mode: .readOnly)
        try IntegrityCheck.verify(database, path: path)
        try IntegrityCheck.verify(database, path: path, quickCheckLimit: 0)
    }

    /// A b-tree page overwritten: the file opens and simple counts answer, but `quick_check`
    /// finds it. Past the size limit the check is skipped, so opening stays instant there.
    @Test func aDamagedPageIsFoundInAFileUnderTheLimit() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.stored(in: directory)
        let root = try #require(try Database(path: path, mode: .readOnly).scalarInt("SELECT rootpage FROM sqlite_schema WHERE name = 'event_rows'"))
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        bytes.replaceSubrange((root - 1) * pageSize + 8 ..< (root - 1) * pageSize + 208, with: Data(repeating: 0xFF, count: 200))
        try bytes.write(to: URL(fileURLWithPath: path))
        let database = try Database(path: path, mode: .readOnly)
        let error = try #require(throws: SQLiteError.self) { try IntegrityCheck.verify(database, path: path) }
        #expect(error.description.hasPrefix("\(path) is damaged (On tree page \(root) "), "\(error)")
        #expect(!error.description.contains("\n"))
        try IntegrityCheck.verify(database, path: path, quickCheckLimit: bytes.count - 1)
    }
}
