import Foundation
import Testing

/// `query` cannot change the database and cannot run away.
@Suite struct QuerySafetyTests {
    static let runaway = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"

    static func seeded() throws -> (Workspace, String) {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", "-", "--db", db], stdin: "A: @self changed.\nhello\n")
        return (workspace, db)
    }

    @Test(arguments: [
        "DROP TABLE events", "DELETE FROM events", "UPDATE events SET view = 'x'",
        "INSERT INTO stats VALUES (1, 'x', 1)", "ATTACH 'other.sqlite' AS other", "PRAGMA writable_schema = ON",
        "VACUUM INTO 'copy.sqlite'", "CREATE TABLE t (x)", "SELECT 1; DROP TABLE changes",
    ])
    func everyWriteIsRefusedAndNothingChanges(sql: String) throws {
        let (workspace, db) = try Self.seeded()
        let result = try Tool.run(["query", "--db", db, sql], in: workspace.url)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: query is read-only: "), "got: \(result.stderr)")
        let check = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM events; SELECT count(*) AS n FROM changes"])
        #expect(check.stdout == "n\n2\nn\n1\n")
        #expect(!FileManager.default.fileExists(atPath: workspace.path("copy.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("other.sqlite")))
    }

    /// A statement is refused by the verb that writes, also behind common table expressions.
    @Test(arguments: [
        ("WITH x AS (SELECT 1) DELETE FROM events", "DELETE"),
        ("WITH x(a) AS (SELECT ')DELETE(' ), y AS (SELECT (1)) INSERT INTO stats VALUES (1, 'x', 1)", "INSERT"),
        ("with recursive c(x) as (select 1 union all select x + 1 from c limit 3) update events set view = 'x'", "UPDATE"),
        ("DELETE FROM events", "DELETE"),
    ])
    func aRefusedWriteIsNamedByItsVerb(sql: String, verb: String) throws {
        let (workspace, db) = try Self.seeded()
        defer { withExtendedLifetime(workspace) {} }
        let result = try Tool.run(["query", "--db", db, sql])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: query is read-only: this statement would write (\(verb)) (in: "), "got: \(result.stderr)")
    }

    @Test func aTimeoutStopsARunawayQuery() throws {
        let (workspace, db) = try Self.seeded()
        defer { withExtendedLifetime(workspace) {} }
        let result = try Tool.run(["query", "--db", db, "--timeout", "0.5", Self.runaway])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: query stopped after the 0.5 s --timeout\n")
        #expect(result.stdout.isEmpty)
    }

    /// Rows cut off by `--timeout` end at a line boundary: the last line is a whole row with its
    /// newline, never half of one (rows of 2 KB, so the 64 KiB output pieces fall mid-row).
    @Test(arguments: ["csv", "ndjson"])
    func outputCutByATimeoutEndsWithAWholeLine(format: String) throws {
        let (workspace, db) = try Self.seeded()
        defer { withExtendedLifetime(workspace) {} }
        let rows = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x, printf('%.2000c', 'y') AS pad FROM c"
        let result = try Tool.run(["query", "--db", db, "--format", format, "--timeout", "0.5", rows])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: query stopped after the 0.5 s --timeout\n")
        #expect(result.stdout.hasSuffix("\n"), "the last line has no newline: …\(result.stdout.suffix(80))")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let body = format == "csv" ? lines.dropFirst() : lines[...]
        #expect(!body.isEmpty)
        for line in body {
            let whole = line.hasSuffix(String(repeating: "y", count: 2000)) || line.hasSuffix(String(repeating: "y", count: 2000) + "\"}")
            #expect(whole, "a cut row: …\(line.suffix(80))")
            if !whole { break }
        }
    }

    @Test func controlCStopsARunawayQueryWithExit130() throws {
        let (workspace, db) = try Self.seeded()
        defer { withExtendedLifetime(workspace) {} }
        let process = Process()
        process.executableURL = Tool.executable
        process.arguments = ["query", "--db", db, Self.runaway]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let stderr = ReadAll(errors.fileHandleForReading)
        try process.run()
        // SIGINT before the handler is installed would end the process by the default action; once
        // it is, the signal stops the query whether or not the statement has started yet.
        #expect(Tool.waitUntilCatching(SIGINT, process))
        Watchdog.kill(process, after: 30)
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(String(decoding: stderr.wait(), as: UTF8.self) == "trace-analyze: error: query interrupted\n")
    }

    @Test func aBadTimeoutIsAUsageError() throws {
        let (workspace, db) = try Self.seeded()
        defer { withExtendedLifetime(workspace) {} }
        let result = try Tool.run(["query", "--db", db, "--timeout", "soon", "SELECT 1"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: --timeout needs a positive number of seconds, got 'soon'"))
    }
}
