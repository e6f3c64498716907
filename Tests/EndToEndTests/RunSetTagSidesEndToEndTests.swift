import Foundation
import Testing

/// `diff --base-tag KEY=VALUE --head-tag KEY=VALUE`: each side is the stored traces so tagged,
/// judged as `diff BASE... -- HEAD...`; every way of choosing no run, or the same runs twice,
/// is an error that names the tags and leaves the database as it was.
@Suite struct RunSetTagSidesEndToEndTests {
    static let seed = Tool.fixture("seeds/001-playbutton-toggle-twice.log")

    /// A database with five runs tagged branch=main (the seed, 0 to 4 stray lines) and five
    /// tagged branch=pr-42 whose PlayButton lines come `factor` times, all tagged device=sim.
    private func database(factor: Int, in workspace: Workspace) throws -> String {
        let db = workspace.path("traces.sqlite")
        let lines = try String(contentsOfFile: Self.seed, encoding: .utf8).split(separator: "\n").map(String.init)
        for (branch, copies) in [("main", 1), ("pr-42", factor)] {
            for index in 0..<5 {
                let body = lines.flatMap { $0.hasPrefix("PlayButton:") ? Array(repeating: $0, count: copies) : [$0] }
                let log = try workspace.write("\(branch)-\(index).log", (body + Array(repeating: "ContentView: unchanged.", count: index)).joined(separator: "\n") + "\n")
                let ingest = try Tool.run(["ingest", log, "--db", db, "--tag", "branch=\(branch)", "--tag", "device=sim", "--quiet"], environment: [:])
                #expect(ingest.status == 0, "\(ingest.stderr)")
            }
        }
        return db
    }

    private func stored(_ db: String) throws -> String {
        try Tool.run(["query", "--db", db, "--format", "csv", "SELECT (SELECT count(*) FROM traces), (SELECT count(*) FROM findings), (SELECT count(*) FROM tags)"]).stdout
    }

    @Test func tagSidesSelectTheirTracesAndAreJudgedAsRunSets() throws {
        let workspace = try Workspace()
        let db = try database(factor: 3, in: workspace)
        let result = try Tool.run(["diff", "--db", db, "--base-tag", "branch=main", "--head-tag", "branch=pr-42", "--format", "json"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let baseRuns = try #require(document["base_runs"] as? [String])
        let headRuns = try #require(document["head_runs"] as? [String])
        #expect(baseRuns == (0..<5).map { "trace \($0 + 1) (\(workspace.path("main-\($0).log")))" }, "\(baseRuns)")
        #expect(headRuns == (0..<5).map { "trace \($0 + 6) (\(workspace.path("pr-42-\($0).log")))" }, "\(headRuns)")
        let rows = try #require(document["rows"] as? [[String: Any]])
        let play = try #require(rows.first { $0["view"] as? String == "PlayButton" && $0["count"] as? String == "body_evaluations" })
        #expect(play["verdict"] as? String == "regressed")
        #expect((play["head"] as? [String: Any])?["runs"] as? [Int] == [15, 15, 15, 15, 15])

        // Two tags a side must both match: device=sim alone would take all ten runs.
        let text = try Tool.run(["diff", "--db", db, "--base-tag", "branch=main", "--base-tag", "device=sim", "--head-tag", "branch=pr-42"])
        #expect(text.status == 2)
        #expect(text.stdout.hasSuffix("5 BASE runs, 5 HEAD runs: 2 regressed, 0 improved, 0 within the noise, 3 unchanged\n"), "\(text.stdout)")

        // TRACE_ANALYZE_DB stands in for --db, as for the other store commands.
        let fromEnvironment = try Tool.run(["diff", "--base-tag", "branch=main", "--head-tag", "branch=pr-42"], environment: ["TRACE_ANALYZE_DB": db])
        #expect(fromEnvironment.status == 2, "\(fromEnvironment.stderr)")
    }

    @Test func sidesOfTheSameRunsAreQuiet() throws {
        let workspace = try Workspace()
        let db = try database(factor: 1, in: workspace)
        let result = try Tool.run(["diff", "--db", db, "--base-tag", "branch=main", "--head-tag", "branch=pr-42"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix(": 0 regressed, 0 improved, 0 within the noise, 5 unchanged\n"), "\(result.stdout)")
    }

    @Test(arguments: [
        (["--base-tag", "branch=nope", "--head-tag", "branch=pr-42"],
         "--base-tag branch=nope selects no trace in DB; its tags: branch=main (5 traces), branch=pr-42 (5 traces), device=sim (10 traces)"),
        (["--base-tag", "branch=main", "--head-tag", "owner=me"], "--head-tag owner=me selects no trace in DB"),
        (["--base-tag", "device=sim", "--head-tag", "branch=main"],
         "--base-tag device=sim and --head-tag branch=main both select traces 1, 2, 3, 4, 5: a run can be on one side only"),
        (["--base-tag", "device=sim", "--head-tag", "device=sim", "--head-tag", "device=sim"], "--head-tag device given more than once"),
        (["--base-tag", "branch=main", "--base-tag", "device=sim", "--head-tag", "device=sim", "--head-tag", "branch=main"],
         "--base-tag and --head-tag both ask for branch=main device=sim: the two sides would be the same traces"),
        (["--base-tag", "branch=main"], "--base-tag needs --head-tag too: trace-analyze diff --db traces.sqlite --base-tag branch=main --head-tag branch=pr-42"),
        (["--head-tag", "branch"], "--head-tag: tag 'branch' has no '='"),
        (["--base-tag", "branch=main", "--head-tag", "branch=pr-42", "3", "4"], "give no trace ids or logs as well (3 4)"),
    ])
    func eachWayOfChoosingBadSidesIsAClearError(arguments: [String], message: String) throws {
        let workspace = try Workspace()
        let db = try database(factor: 3, in: workspace)
        let before = try stored(db)
        let result = try Tool.run(["diff", "--db", db] + arguments)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message.replacingOccurrences(of: "DB", with: db)), "\(result.stderr)")
        #expect(try stored(db) == before, "an error leaves the database as it was")
    }

    @Test func sidesOfTheSameTracesAreAnError() throws {
        let workspace = try Workspace()
        let db = workspace.path("traces.sqlite")
        for index in 0..<2 {
            let log = try workspace.write("run\(index).log", "ContentView: @self changed.\n")
            _ = try Tool.run(["ingest", log, "--db", db, "--tag", "branch=main", "--tag", "run=\(index)", "--quiet"], environment: [:])
        }
        // Different tags, the same two traces.
        let result = try Tool.run(["diff", "--db", db, "--base-tag", "branch=main", "--head-tag", "branch=main", "--head-tag", "device=sim"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--head-tag branch=main device=sim selects no trace in \(db); its tags: branch=main (2 traces), run=0 (1 trace), run=1 (1 trace)"), "\(result.stderr)")
        let same = try Tool.run(["diff", "--db", db, "--base-tag", "branch=main", "--head-tag", "run=0", "--base-tag", "run=0"])
        #expect(same.status == 1)
        #expect(same.stderr.contains("--base-tag branch=main run=0 and --head-tag run=0 select the same traces (1): a run set compared with itself shows nothing"), "\(same.stderr)")
        let missing = try Tool.run(["diff", "--db", workspace.path("none.sqlite"), "--base-tag", "branch=main", "--head-tag", "branch=pr"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no database at \(workspace.path("none.sqlite"))"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.path("none.sqlite")))
    }
}
