import Foundation
import RequiredTools
import Testing

/// Files the tool writes: limits and failures named, links respected, other people's databases
/// left alone.
@Suite struct FileSafetyTests {
    static let log = Tool.fixture("seeds/004-navigation-eager.log")

    @Test func aFileSizeLimitOnTheDatabaseIsAnErrorNamingIt() throws {
        let workspace = try Workspace()
        let big = try workspace.write("big.log", String(repeating: "Row: @self, @identity, _tick changed.\nhello there\n", count: 20_000))
        let db = workspace.path("t.sqlite")
        // 100 blocks (50 or 100 KB): the schema fits, the events do not.
        let result = try Tool.run(["-c", "ulimit -f 100; exec \"$0\" \"$@\"", Tool.executable.path, "ingest", big, "--db", db],
                                  program: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: \(db): "), "got: \(result.stderr)")
    }

    @Test func outputOntoASymbolicLinkWritesItsTarget() throws {
        let workspace = try Workspace()
        try FileManager.default.createSymbolicLink(atPath: workspace.path("report.txt"), withDestinationPath: "reports/latest.txt")
        try FileManager.default.createDirectory(atPath: workspace.path("reports"), withIntermediateDirectories: true)
        let result = try Tool.run(["check", Self.log, "--output", "report.txt"], in: workspace.url)
        #expect(result.status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: workspace.path("report.txt")) == "reports/latest.txt")
        let written = try String(contentsOfFile: workspace.path("reports/latest.txt"), encoding: .utf8)
        #expect(written.contains("non_lazy_navigation_destination"))
    }

    @Test(.enabled(if: RequiredTool.sqlite3.shouldRun("FileSafetyTests.ingestRefusesADatabaseThatIsNotOurs")))
    func ingestRefusesADatabaseThatIsNotOurs() throws {
        let workspace = try Workspace()
        let db = workspace.path("app.db")
        try Tool.run([db, "CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('ann')"], program: RequiredTool.sqlite3.url())
        let result = try Tool.run(["ingest", Self.log, "--db", db])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: \(db) is a SQLite database but not a trace-analyze one (it holds users); refusing to add tables to it, choose another --db path\n")
        // Untouched: the same tables, still in its own journal mode.
        let after = try Tool.run([db, "SELECT group_concat(name) FROM sqlite_schema; PRAGMA journal_mode"], program: RequiredTool.sqlite3.url())
        #expect(after.stdout == "users\ndelete\n")
    }

    @Test func ingestTakesAnEmptySQLiteFile() throws {
        let workspace = try Workspace()
        let db = workspace.path("empty.sqlite")
        try Data().write(to: URL(fileURLWithPath: db))
        let result = try Tool.run(["ingest", Self.log, "--db", db])
        #expect(result.status == 0)
        let again = try Tool.run(["ingest", Self.log, "--db", db])
        #expect(again.status == 0)
        #expect(again.stderr.hasPrefix("\(Self.log): trace 2,"))
    }
}
