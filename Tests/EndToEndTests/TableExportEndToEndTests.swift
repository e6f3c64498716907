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
