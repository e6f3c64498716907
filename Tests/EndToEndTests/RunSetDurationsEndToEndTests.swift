import Foundation
import Testing

/// `diff BASE... -- HEAD...` on TraceProbe logs through the binary: measured durations per view
/// (median and range, in ms), regressed only outside both sides' spread, and a side whose logs
/// carry no timings said to have none rather than read as 0 ms.
@Suite struct RunSetDurationsEndToEndTests {
    static let probe = Tool.fixture("probe/slow-feed.log")

    /// Five runs of the probe fixture, every `ms=` jittered by up to ±4% (a different pattern per
    /// run and `offset`), PostRow's bodies `slower` times as long.
    private func runs(_ name: String, offset: Int, slower: Double = 1, in workspace: Workspace) throws -> [String] {
        let lines = try String(contentsOfFile: Self.probe, encoding: .utf8).split(separator: "\n").map(String.init)
        return try (0..<5).map { run in
            let jittered = lines.enumerated().map { number, line -> String in
                guard let range = line.range(of: #"ms=[0-9.]+"#, options: .regularExpression) else { return line }
                let value = Double(line[range].dropFirst(3))!
                let jitter = 1 + 0.01 * Double((run * 7 + number * 3 + offset * 5) % 9 - 4)
                let factor = line.contains("view=PostRow") ? slower : 1
                return line.replacingCharacters(in: range, with: String(format: "ms=%.3f", value * jitter * factor))
            }
            return try workspace.write("\(name)\(run).log", jittered.joined(separator: "\n") + "\n")
        }
    }

    @Test func jitteredDurationsAreNoiseAndASlowerViewRegresses() throws {
        let workspace = try Workspace()
        let base = try runs("base", offset: 0, in: workspace)
        let same = try runs("same", offset: 1, in: workspace)
        let slower = try runs("slower", offset: 2, slower: 1.2, in: workspace)
        let quiet = try Tool.run(["diff"] + base + ["--"] + same)
        #expect(quiet.status == 0, "\(quiet.stdout)\(quiet.stderr)")
        #expect(quiet.stdout.hasPrefix("Test: a count or duration regresses when every HEAD run is above every BASE run"), "\(quiet.stdout)")
        // The jitter moves every duration, inside the spread: noise, never a regression.
        #expect(quiet.stdout.contains("PostRow   body time (ms)"), "\(quiet.stdout)")
        #expect(!quiet.stdout.contains("regressed\n") && quiet.stdout.contains(": 0 regressed"), "\(quiet.stdout)")
        // The fixture's inits carry no durations: said, not compared as 0 ms.
        #expect(quiet.stdout.contains("Note: no run on either side carries init timings: max_init_ms is not compared.\n"), "\(quiet.stdout)")

        let result = try Tool.run(["diff"] + base + ["--"] + slower)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        let regressed = result.stdout.split(separator: "\n").filter { $0.hasSuffix("regressed") }.map(String.init)
        // PostRow's four bodies: 7.2 ms give or take 4% before, 20% more after; each of them longer.
        #expect(regressed.contains { $0.hasPrefix("PostRow   body time (ms)") && $0.contains(" ms (") }, "\(result.stdout)")
        #expect(regressed.contains { $0.hasPrefix("PostRow   longest body (ms)") }, "\(result.stdout)")
        #expect(!regressed.contains { $0.hasPrefix("FeedView") }, "FeedView's bodies did not change: \(result.stdout)")
        #expect(result.stdout.hasSuffix("5 BASE runs, 5 HEAD runs: 2 regressed, 0 improved, 2 within the noise, 7 unchanged\n"), "\(result.stdout)")

        // The same 20% asked to exceed 25%: outside the spread, inside the tolerance, so noise.
        let tolerant = try Tool.run(["diff", "--duration-tolerance", "25"] + base + ["--"] + slower)
        #expect(tolerant.status == 0, "\(tolerant.stdout)")
        #expect(tolerant.stdout.contains("the 0% tolerance (25% for a duration)"), "\(tolerant.stdout)")
        let badTolerance = try Tool.run(["diff", "--duration-tolerance", "fast"] + base + ["--"] + slower)
        #expect(badTolerance.status == 1)
        #expect(badTolerance.stderr.contains("--duration-tolerance needs a percentage (a number, 0 or more), not 'fast'"), "\(badTolerance.stderr)")

        let json = try Tool.run(["diff", "--format", "json"] + base + ["--"] + slower)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rows = try #require(document["rows"] as? [[String: Any]])
        let bodyTime = try #require(rows.first { $0["view"] as? String == "PostRow" && $0["count"] as? String == "body_ms" })
        #expect(bodyTime["unit"] as? String == "ms")
        #expect(bodyTime["verdict"] as? String == "regressed")
        let headRuns = try #require((bodyTime["head"] as? [String: Any])?["runs"] as? [Double])
        #expect(headRuns.count == 5 && headRuns.allSatisfy { $0 > 8.29 && $0 < 9.0 }, "\(headRuns)")
        let counts = try #require(rows.first { $0["view"] as? String == "PostRow" && $0["count"] as? String == "body_evaluations" })
        #expect(counts["unit"] as? String == "count")
        #expect((counts["base"] as? [String: Any])?["runs"] as? [Int] == [4, 4, 4, 4, 4])
        #expect((document["notes"] as? [String])?.count == 1)

        let markdown = try Tool.run(["diff", "--format", "markdown"] + base + ["--"] + slower)
        #expect(markdown.stdout.contains("| `PostRow` | body time (ms) | 7."), "\(markdown.stdout)")
        #expect(markdown.stdout.contains(" ms ("), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("- Note: no run on either side carries init timings"), "\(markdown.stdout)")
    }

    @Test func aSideWithoutTimingsSaysSoAndComparesNoDuration() throws {
        let workspace = try Workspace()
        let timed = try runs("timed", offset: 0, in: workspace)
        // The same runs with every `ms=` field taken out: as long as ever, but not measured.
        let untimed = try timed.enumerated().map { index, path in
            let text = try String(contentsOfFile: path, encoding: .utf8)
            return try workspace.write("untimed\(index).log", text.replacingOccurrences(of: #" ms=[0-9.]+"#, with: "", options: .regularExpression))
        }
        for (base, head, side) in [(untimed, timed, "BASE"), (timed, untimed, "HEAD")] {
            let result = try Tool.run(["diff"] + base + ["--"] + head)
            // No duration is read as 0 ms; what regresses is long_body_update, which only timed
            // runs can find (so it is new when HEAD is timed, gone when HEAD is not).
            let regressed = result.stdout.split(separator: "\n").filter { $0.hasSuffix(" regressed") }
            #expect(regressed.map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().prefix(2).joined(separator: " ") }
                == (side == "BASE" ? ["findings: long_body_update"] : []), "\(result.stdout)")
            #expect(result.status == (side == "BASE" ? 2 : 0), "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("Note: no \(side) run carries body timings (TraceProbe's `ms=` lines, an Instruments recording), so body_ms and max_body_ms are not compared"), "\(result.stdout)")
            #expect(!result.stdout.contains("(ms)"), "\(result.stdout)")
            #expect(result.stdout.hasPrefix("Test: a count regresses when"), "\(result.stdout)")
        }
        // Some runs of a side untimed: compared over the others, and said.
        let mixed = try Tool.run(["diff"] + timed + ["--"] + Array(timed.prefix(3)) + Array(untimed.suffix(2)))
        #expect(mixed.stdout.contains("Note: 2 of 5 HEAD runs carry no body timings: body_ms and max_body_ms are compared over the other 3."), "\(mixed.stdout)")
        #expect(mixed.status == 0)
        // Logs with no timings at all.
        let plain = try Tool.run(["diff", Tool.fixture("probe/slow-feed-plain.log"), "--", Tool.fixture("probe/slow-feed-plain.log")])
        #expect(plain.stdout.contains("Note: no run on either side carries timings (TraceProbe's `ms=` lines, an Instruments recording): only counts are compared, no durations."), "\(plain.stdout)")
    }
}
