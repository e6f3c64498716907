import Foundation
import Testing

/// `--tag key=value` and the GitHub Actions variables: stored in `tags`, shown by `traces`.
@Suite struct TagsEndToEndTests {
    private let log = "ContentView: @self changed.\nRow init\n"

    private func tagRows(_ db: String) throws -> String {
        try Tool.run(["query", "--db", db, "--format", "csv", "SELECT trace_id, key, value FROM tags ORDER BY trace_id, key"]).stdout
    }

    @Test func explicitTagsAreStoredAndListed() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try Tool.run(["ingest", "-", "--db", db, "--tag", "commit=abc123", "--tag", "device=iPhone 15"], stdin: log)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(!ingest.stderr.contains("environment"))
        #expect(try tagRows(db) == "trace_id,key,value\n1,commit,abc123\n1,device,iPhone 15\n")
        let traces = try Tool.run(["traces", "--db", db, "--format", "csv"])
        #expect(traces.stdout.hasSuffix(",commit=abc123 device=iPhone 15\n"), "\(traces.stdout)")
    }

    @Test func githubVariablesBecomeTagsAndSayWhereFrom() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let environment = ["GITHUB_SHA": "f00d", "GITHUB_REF_NAME": "main", "GITHUB_RUN_ID": "42"]
        let ingest = try Tool.run(["ingest", "-", "--db", db, "--tag", "branch=feature"], stdin: log, environment: environment)
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(ingest.stderr.contains("tags from the environment: commit=f00d (GITHUB_SHA), run=42 (GITHUB_RUN_ID)"), "\(ingest.stderr)")
        // The explicit --tag branch wins over GITHUB_REF_NAME.
        #expect(try tagRows(db) == "trace_id,key,value\n1,branch,feature\n1,commit,f00d\n1,run,42\n")
    }

    @Test func checkTakesTagsIntoItsDatabase() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let input = workspace.path("run.log")
        try log.write(toFile: input, atomically: true, encoding: .utf8)
        let check = try Tool.run(["check", input, "--db", db, "--tag", "commit=c1"])
        #expect(check.status != 1, "\(check.stderr)")
        #expect(try tagRows(db) == "trace_id,key,value\n1,commit,c1\n")
    }

    @Test(arguments: [
        ("commit", "has no '='"),
        ("=abc", "has no key"),
        ("com mit=1", "may hold only letters"),
        ("commit=", "empty value"),
    ])
    func malformedTagsAreUsageErrors(tag: String, reason: String) throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let result = try Tool.run(["ingest", "-", "--db", db, "--tag", tag], stdin: log)
        #expect(result.status == 1)
        #expect(result.stderr.contains("--tag: tag") && result.stderr.contains(reason), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db), "nothing is written before the tags are checked")
    }

    @Test func aKeyGivenTwiceIsAnError() throws {
        let result = try Tool.run(["ingest", "-", "--db", "/nonexistent/t.sqlite", "--tag", "a=1", "--tag", "a=2"], stdin: log)
        #expect(result.status == 1)
        #expect(result.stderr.contains("--tag a given more than once"), "\(result.stderr)")
    }
}
