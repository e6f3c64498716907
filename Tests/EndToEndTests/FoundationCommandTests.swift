import Foundation
import Testing

@Suite struct FoundationCommandTests {
    @Test func theReadmeScenarioStoresTwoRowsAndRefusesDrop() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try Tool.run(["ingest", "-", "--db", db], stdin: "A: @self changed.\nhello\n")
        #expect(ingest.status == 0)
        #expect(ingest.stderr.contains("2 lines, 2 events (body 1), 1 unrecognized"))

        let query = try Tool.run(["query", "--db", db, "SELECT kind, view, message FROM events ORDER BY line"])
        #expect(query.status == 0)
        #expect(query.stdout == """
            kind  view  message
            ----  ----  -----------------
            body  A     A: @self changed.
            text  NULL  hello
            (2 rows)

            """)

        let drop = try Tool.run(["query", "--db", db, "DROP TABLE events"])
        #expect(drop.status == 1)
        #expect(drop.stderr == "trace-analyze: error: query is read-only: this statement would write (DROP) (in: DROP TABLE events)\n")
        let count = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM events"])
        #expect(count.stdout == "n\n2\n")
    }

    @Test func ingestsFilesAndStdinAsSeparateTraces() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let result = try Tool.run(["ingest", Tool.fixture("seeds/001-playbutton-toggle.log"), "-", "--db", db], stdin: "X: unchanged.\n")
        #expect(result.status == 0)
        let traces = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT id, source, lines, events, complete FROM traces"])
        #expect(traces.stdout == """
            id,source,lines,events,complete
            1,\(Tool.fixture("seeds/001-playbutton-toggle.log")),6,6,1
            2,-,1,1,1

            """)
        let tokens = try Tool.run(["query", "--db", db, "--format", "csv",
                                   "SELECT group_concat(token, ' ') FROM changes JOIN events ON events.id = event_id WHERE trace_id = 1 AND line = 1"])
        #expect(tokens.stdout.hasSuffix("\n@self @identity _showPlayButton\n"))
    }

    @Test func theDefaultDatabaseComesFromTheEnvironmentThenTheWorkingDirectory() throws {
        let workspace = try Workspace()
        try Tool.run(["ingest", "-"], stdin: "hello\n", in: workspace.url)
        #expect(FileManager.default.fileExists(atPath: workspace.path("traces.sqlite")))
        try Tool.run(["ingest", "-"], stdin: "hello\n", in: workspace.url, environment: ["TRACE_ANALYZE_DB": workspace.path("env.sqlite")])
        #expect(FileManager.default.fileExists(atPath: workspace.path("env.sqlite")))
    }

    @Test func queryFormatsShowNullApartFromTheEmptyString() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", "-", "--db", db], stdin: "x\n")
        let sql = "SELECT NULL AS a, '' AS b, 1.5 AS c, 'q\"t' AS d"
        #expect(try Tool.run(["query", "--db", db, "--format", "json", sql]).stdout == "[\n  {\"a\":null,\"b\":\"\",\"c\":1.5,\"d\":\"q\\\"t\"}\n]\n")
        #expect(try Tool.run(["query", "--db", db, "--format", "ndjson", sql]).stdout == "{\"a\":null,\"b\":\"\",\"c\":1.5,\"d\":\"q\\\"t\"}\n")
        #expect(try Tool.run(["query", "--db", db, "--format", "csv", sql]).stdout == "a,b,c,d\n,\"\",1.5,\"q\"\"t\"\n")
        #expect(try Tool.run(["query", "--db", db, sql]).stdout == "a     b   c    d\n----  --  ---  ---\nNULL  ''  1.5  q\"t\n(1 row)\n")
    }

    @Test func tracesAndSchemaDescribeTheStore() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", "-", "--db", db], stdin: "A: @self changed.\n")
        let traces = try Tool.run(["traces", "--db", db, "--format", "csv"])
        #expect(traces.stdout.hasPrefix("id,source,ingested_at,format,lines,events,unrecognized,complete,tags\n1,-,"))
        #expect(traces.stdout.hasSuffix(",plain,1,1,0,yes,\"\"\n"))
        let schema = try Tool.run(["schema"])
        for name in ["traces:", "events:", "changes:", "findings:", "stats:", "view_summary:", "  owner ", "  token "] {
            #expect(schema.stdout.contains(name), "schema output lacks \(name)")
        }
    }

    @Test func helpAndVersion() throws {
        let help = try Tool.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: trace-analyze <command> [options]"))
        for command in ["ingest", "query", "traces", "schema"] {
            let commandHelp = try Tool.run([command, "--help"])
            #expect(commandHelp.status == 0)
            #expect(commandHelp.stdout.contains("USAGE: trace-analyze \(command)"))
        }
        #expect(try Tool.run(["--version"]).stdout.hasPrefix("trace-analyze "))
    }
}
