import Foundation
import RequiredTools
import Testing

/// Each failure a user can cause: one line on stderr naming what and where, exit 1.
@Suite struct ErrorTests {
    @Test func aMissingInputNamesTheFileAndStoresNothing() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let good = try workspace.write("good.log", "A: @self changed.\n")
        try Tool.run(["ingest", good, "--db", db])
        let result = try Tool.run(["ingest", good, "missing.log", "--db", db])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: missing.log: no such file\n")
        let count = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM traces"])
        #expect(count.stdout == "n\n1\n")
    }

    @Test func aDirectoryIsNotALogFile() throws {
        let workspace = try Workspace()
        let result = try Tool.run(["ingest", workspace.url.path, "--db", workspace.path("t.sqlite")])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: \(workspace.url.path): is a directory, not a log file\n")
    }

    @Test func queryWithoutADatabaseSaysHowToMakeOne() throws {
        let workspace = try Workspace()
        let result = try Tool.run(["query", "--db", workspace.path("none.sqlite"), "SELECT 1"])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: no database at \(workspace.path("none.sqlite")); create one with `trace-analyze ingest FILE --db \(workspace.path("none.sqlite"))`\n")
    }

    @Test func aFileThatIsNotADatabase() throws {
        let workspace = try Workspace()
        let path = try workspace.write("notes.sqlite", String(repeating: "plain text, not SQLite\n", count: 50))
        let result = try Tool.run(["query", "--db", path, "SELECT 1"])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: \(path) is not a SQLite database\n")
    }

    @Test(.enabled(if: RequiredTool.sqlite3.shouldRun("ErrorTests.aDatabaseFromANewerVersion")))
    func aDatabaseFromANewerVersion() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", "-", "--db", db], stdin: "x\n")
        let bump = try Tool.run([db, "PRAGMA user_version = 999"], program: RequiredTool.sqlite3.url())
        try #require(bump.status == 0, "sqlite3: \(bump.stderr)")
        for arguments in [["query", "--db", db, "SELECT 1"], ["ingest", "-", "--db", db]] {
            let result = try Tool.run(arguments, stdin: "y\n")
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("trace-analyze: error: \(db) has schema version 999, newer than this trace-analyze understands"))
        }
    }

    @Test func sqlErrorsPrintSQLitesMessage() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", "-", "--db", db], stdin: "x\n")
        let result = try Tool.run(["query", "--db", db, "SELECT nope FROM events"])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: no such column: nope (in: SELECT nope FROM events)\n")
    }

    @Test(arguments: [
        (["frobnicate"], "trace-analyze: error: unknown command 'frobnicate'; valid commands:"),
        (["ingest", "--frob"], "trace-analyze: error: unknown option '--frob' for 'ingest'; valid: --db, --config, --tag, --quiet, --help"),
        (["query"], "trace-analyze: error: missing SQL"),
        (["query", "--format", "xml", "SELECT 1"], "trace-analyze: error: unknown format 'xml'; valid: table, csv, json, ndjson"),
        (["query", "--db"], "trace-analyze: error: option '--db' needs a value (PATH)"),
    ])
    func usageErrorsListTheValidChoices(arguments: [String], message: String) throws {
        let result = try Tool.run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(message), "got: \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
