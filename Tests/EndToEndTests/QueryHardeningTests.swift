import Foundation
import RequiredTools
import Testing

/// A database someone sends you, and the SQL run on it, cannot reach past SQLite's values.
@Suite(.enabled(if: RequiredTool.sqlite3.shouldRun("QueryHardeningTests"))) struct QueryHardeningTests {
    /// An ingested database that someone then edited with the sqlite3 shell.
    static func crafted(_ extra: String) throws -> (Workspace, String) {
        let workspace = try Workspace()
        let db = workspace.path("sent.sqlite")
        try Tool.run(["ingest", "-", "--db", db], stdin: "A: @self changed.\nhello\n")
        let shell = try Tool.run([db, extra], program: RequiredTool.sqlite3.url())
        #expect(shell.status == 0, "sqlite3: \(shell.stderr)")
        return (workspace, db)
    }

    static let tokenizerTable = "CREATE VIRTUAL TABLE f USING fts3(x); INSERT INTO f VALUES ('a');"

    @Test(arguments: [
        "SELECT fts3_tokenizer('simple')",
        "SELECT fts3_tokenizer('simple', x'4141414141414141'); SELECT * FROM f WHERE f MATCH 'a'",
        "SELECT hex(fts3_tokenizer('simple'))",
    ])
    func fts3TokenizerIsRefused(sql: String) throws {
        let (workspace, db) = try Self.crafted(Self.tokenizerTable)
        defer { withExtendedLifetime(workspace) {} }
        let result = try Tool.run(["query", "--db", db, sql])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: query is read-only: fts3_tokenizer() is not allowed: it reads and replaces raw pointers"), "got: \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aViewInTheDatabaseCannotCallItEither() throws {
        let (workspace, db) = try Self.crafted(Self.tokenizerTable + "CREATE VIEW v AS SELECT fts3_tokenizer('simple', x'4141414141414141') AS p;")
        defer { withExtendedLifetime(workspace) {} }
        let result = try Tool.run(["query", "--db", db, "SELECT * FROM v; SELECT * FROM f WHERE f MATCH 'a'"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("fts3_tokenizer"), "got: \(result.stderr)")
        // The same table can still be searched when nothing tampers with it.
        let search = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT x FROM f WHERE f MATCH 'a'"])
        #expect(search.status == 0)
        #expect(search.stdout == "x\na\n")
    }

    @Test(arguments: ["random()", "randomblob(4)", "changes()", "total_changes()", "last_insert_rowid()", "load_extension('x')"])
    func functionsThatAreNotPureAreRefused(call: String) throws {
        let (workspace, db) = try Self.crafted("SELECT 1;")
        defer { withExtendedLifetime(workspace) {} }
        let result = try Tool.run(["query", "--db", db, "SELECT \(call)"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: query is read-only: \(call.prefix { $0 != "(" })() is not allowed"), "got: \(result.stderr)")
    }

    @Test func pureFunctionsStillWork() throws {
        let (workspace, db) = try Self.crafted("SELECT 1;")
        defer { withExtendedLifetime(workspace) {} }
        let result = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT upper(view) AS v, length(message) AS n, hex(zeroblob(2)) AS z FROM events WHERE kind = 'body'"])
        #expect(result.status == 0)
        #expect(result.stdout == "v,n,z\nA,17,0000\n")
    }

    @Test func theSchemaCannotBeEditedThroughDefensiveRoutes() throws {
        let (workspace, db) = try Self.crafted("SELECT 1;")
        defer { withExtendedLifetime(workspace) {} }
        let result = try Tool.run(["query", "--db", db, "PRAGMA writable_schema = 1; UPDATE sqlite_schema SET sql = '' WHERE name = 'events'"])
        #expect(result.status == 1)
        let check = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM events"])
        #expect(check.stdout == "n\n2\n")
    }
}
