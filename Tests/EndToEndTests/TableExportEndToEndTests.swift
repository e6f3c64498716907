import Foundation
import Testing

/// `export --format ndjson|parquet`: stored traces into one file per table, and its errors.
@Suite struct TableExportEndToEndTests {
    private func seeded() throws -> (Workspace, String) {
        let workspace = try Workspace()
        let db = workspace.path("runs.sqlite")
        for (fixture, commit) in [("001-playbutton-toggle.log", "aaa"), ("001-playbutton-toggle-twice.log", "bbb")] {
            let check = try Tool.run(["check", Tool.fixture("seeds/\(fixture)"), "--db", db, "--tag", "commit=\(commit)"])
            #expect(check.status != 1, "\(check.stderr)")
        }
        return (workspace, db)
    }

    @Test(arguments: ["ndjson", "parquet"])
    func writesOneFilePerTableAndSaysSo(format: String) throws {
        let (workspace, db) = try seeded()
        let out = workspace.path("out")
        let result = try Tool.run(["export", "--db", db, "--format", format, "--output", out])
        #expect(result.status == 0, "\(result.stderr)")
        for table in ["traces", "events", "changes", "findings", "view_summary", "tags"] {
            #expect(FileManager.default.fileExists(atPath: "\(out)/\(table).\(format)"), "\(table)")
            #expect(result.stderr.contains("\(table).\(format)"), "\(result.stderr)")
        }
        let events = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT count(*) FROM events"]).stdout
        let line = result.stderr.split(separator: "\n").first { $0.contains("events.\(format)") } ?? ""
        #expect(line.hasSuffix(" \(events.split(separator: "\n")[1]) rows, \(try FileManager.default.attributesOfItem(atPath: "\(out)/events.\(format)")[.size] as! Int) bytes"), "\(line)")
        #expect(FileManager.default.fileExists(atPath: "\(out)/schema.json") == (format == "ndjson"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.contains(".partial") }
        #expect(leftovers.isEmpty)
    }

    /// `ingest` stores events only: an export of such a trace says why its findings table is
    /// empty, and how to fill it; once `report` ran, nothing is said.
    @Test func anEmptyFindingsTableAfterIngestIsExplained() throws {
        let workspace = try Workspace()
        let db = workspace.path("runs.sqlite")
        #expect(try Tool.run(["ingest", Tool.fixture("seeds/004-navigation-eager.log"), "--db", db]).status == 0)
        let ingested = try Tool.run(["export", "--db", db, "--format", "parquet", "--output", workspace.path("a")])
        #expect(ingested.status == 0)
        #expect(ingested.stderr.hasSuffix("""
            trace-analyze: note: the findings table has 0 rows: `ingest` stores events only; `trace-analyze report --db \(db)` \
            runs the rules and stores the latest trace's findings (--trace ID for another), then export again

            """), "\(ingested.stderr)")
        #expect(try Tool.run(["report", "--db", db]).status == 0)
        let reported = try Tool.run(["export", "--db", db, "--format", "parquet", "--output", workspace.path("b")])
        #expect(!reported.stderr.contains("note"))
        let findings = reported.stderr.split(separator: "\n").first { $0.contains("findings.parquet") } ?? ""
        #expect(findings.contains("  5 rows, "), "\(reported.stderr)")
    }

    @Test func oneTraceByID() throws {
        let (workspace, db) = try seeded()
        let out = workspace.path("out")
        #expect(try Tool.run(["export", "--db", db, "--format", "ndjson", "--trace", "2", "--output", out]).status == 0)
        #expect(try String(contentsOfFile: "\(out)/tags.ndjson", encoding: .utf8) == "{\"trace_id\":2,\"key\":\"commit\",\"value\":\"bbb\"}\n")
    }

    @Test(arguments: [
        (["--format", "parquet"], "give --output DIR"),
        (["--format", "parquet", "--output", "-"], "give --output DIR"),
        (["--format", "ndjson", "--output", "out", "--since", "yesterday"], "--since needs a UTC date"),
        (["--format", "ndjson", "--output", "out", "--trace", "9"], "no trace 9 in"),
        (["--format", "ndjson", "--output", "out", "--trace", "x"], "--trace needs a trace id"),
        (["--format", "ndjson", "--output", "runs.sqlite"], "is a file"),
        (["--format", "parquet", "--output", "out", "app.log"], "exports stored traces, not a log"),
        (["--format", "chrome-trace", "--trace", "1", "--since", "2026-01-01"], "--since selects traces for ndjson and parquet"),
    ])
    func mistakesAreNamed(arguments: [String], message: String) throws {
        let (workspace, db) = try seeded()
        let result = try Tool.run(["export", "--db", db] + arguments, in: workspace.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
