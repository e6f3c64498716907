import Foundation
import Testing

/// `diff BASE... -- HEAD...` through the binary: medians and ranges, the test named, exit codes,
/// and the usage errors.
@Suite struct RunSetDiffEndToEndTests {
    static let seed = Tool.fixture("seeds/001-playbutton-toggle-twice.log")

    /// Five runs: the seed with 0 to 4 stray `ContentView: unchanged.` lines; `factor` copies of
    /// every PlayButton line.
    private func runs(_ name: String, factor: Int, in workspace: Workspace) throws -> [String] {
        let lines = try String(contentsOfFile: Self.seed, encoding: .utf8).split(separator: "\n").map(String.init)
        return try (0..<5).map { index in
            let body = lines.flatMap { $0.hasPrefix("PlayButton:") ? Array(repeating: $0, count: factor) : [$0] }
            return try workspace.write("\(name)\(index).log", (body + Array(repeating: "ContentView: unchanged.", count: index)).joined(separator: "\n") + "\n")
        }
    }

    @Test func aRegressionOutsideBothSpreadsFailsAndNoiseDoesNot() throws {
        let workspace = try Workspace()
        let base = try runs("base", factor: 1, in: workspace)
        let same = try runs("same", factor: 1, in: workspace)
        let worse = try runs("worse", factor: 3, in: workspace)
        let quiet = try Tool.run(["diff"] + base + ["--"] + same)
        #expect(quiet.status == 0, "\(quiet.stdout)\(quiet.stderr)")
        #expect(quiet.stdout.hasPrefix("Test: a count regresses when every HEAD run is above every BASE run (the Mann-Whitney U test's extreme, which 5 and 5 runs reach by chance 1 in 252, whatever the noise)"))
        #expect(quiet.stdout.hasSuffix("5 BASE runs, 5 HEAD runs: 0 regressed, 0 improved, 0 within the noise, 5 unchanged\n"))
        let result = try Tool.run(["diff", "--format", "text"] + base + ["--"] + worse)
        #expect(result.status == 2)
        #expect(result.stdout.contains("PlayButton  body evaluations  5                    15                   regressed"), "\(result.stdout)")
        // ContentView's stray lines vary alike on both sides: the same runs, unchanged.
        #expect(result.stdout.hasSuffix("5 BASE runs, 5 HEAD runs: 2 regressed, 0 improved, 0 within the noise, 3 unchanged\n"), "\(result.stdout)")
        let json = try Tool.run(["diff", "--format", "json"] + base + ["--"] + worse)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((document["summary"] as? [String: Any])?["regressed"] as? Bool == true)
        #expect((document["base_runs"] as? [String])?.count == 5)
    }

    @Test func oneRunASideSaysNoSpreadIsKnown() throws {
        let workspace = try Workspace()
        let worse = try runs("worse", factor: 2, in: workspace)
        let result = try Tool.run(["diff", Self.seed, "--", worse[0]])
        #expect(result.status == 2)
        #expect(result.stdout.hasPrefix("Test: no spread is known (1 BASE run, 1 HEAD run)"))
    }

    @Test func bothSidesNeedARun() throws {
        let result = try Tool.run(["diff", Self.seed, "--"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("diff needs runs on both sides of --: trace-analyze diff base/*.log -- head/*.log (no HEAD run after --)"))
        let missing = try Tool.run(["diff", Self.seed, "--", "/nonexistent/run.log"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/run.log"))
    }
}
