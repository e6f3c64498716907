import Foundation
import Testing

/// A database whose pages were damaged (a bad disk, a copy cut short, another program) is
/// refused when it is opened, by every command, in one clear line: nothing is added to it.
@Suite struct DamagedDatabaseTests {
    static let log = Tool.fixture("seeds/001-playbutton-toggle-twice.log")

    /// An ingested database with 200 bytes of the `event_rows` table's root page overwritten:
    /// SQLite still opens it and a plain count still answers, but its b-tree is broken.
    static func damaged() throws -> (Workspace, String) {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", log, "--db", db, "--quiet"])
        let root = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT rootpage FROM sqlite_schema WHERE name = 'event_rows'"])
        let page = try #require(Int(root.stdout.split(separator: "\n").last ?? ""), "\(root)")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: db))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        bytes.replaceSubrange((page - 1) * pageSize + 8 ..< (page - 1) * pageSize + 208, with: Data(repeating: 0xFF, count: 200))
        try bytes.write(to: URL(fileURLWithPath: db))
        return (workspace, db)
    }

    @Test(arguments: [["ingest", log], ["query", "SELECT count(*) FROM events"], ["report"], ["views"], ["traces"]])
    func everyCommandRefusesItInOneLine(command: [String]) throws {
        let (workspace, db) = try Self.damaged()
        defer { withExtendedLifetime(workspace) {} }
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let result = try Tool.run(command + ["--db", db])
        #expect(result.status == 1, "\(command): \(result.stdout)")
        #expect(result.stderr.hasPrefix("trace-analyze: error: \(db) is damaged (On tree page "), "\(command): \(result.stderr)")
        #expect(result.stderr.hasSuffix("refusing to read or add to it. Ingest the log again into a new --db, or salvage rows with `sqlite3 \(db) .recover | sqlite3 recovered.sqlite`\n"))
        #expect(result.stderr.split(separator: "\n").count == 1, "one line, no internal SQL: \(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before, "\(command) changed the damaged file")
    }
}
