import Foundation
import Testing

/// The guide's custom rule (docs/custom-rules.md), taken from the page itself, run by the built binary: it finds
/// seed 004's eager coordinators, stays quiet on the lazy log, and shows up in `rules`, every
/// report, the baseline and `diff`.
@Suite struct CustomRulesEndToEndTests {
    /// The `.trace-analyze.json` of docs/custom-rules.md.
    private func guideConfiguration() throws -> String {
        try Documentation.load("docs/custom-rules.md").block("doc: file .trace-analyze.json")
    }

    /// A working directory with the guide's `.trace-analyze.json` and both seed 004 logs.
    private func workspace() throws -> Workspace {
        let workspace = try Workspace()
        _ = try workspace.write(".trace-analyze.json", try guideConfiguration())
        for name in ["004-navigation-eager.log", "004-navigation-lazyview.log"] {
            try FileManager.default.copyItem(atPath: Tool.fixture("seeds/\(name)"), toPath: workspace.path(name))
        }
        return workspace
    }

    @Test func theReadmeRuleFindsEagerCoordinatorsAndStaysQuietOnLazyOnes() throws {
        let workspace = try workspace()
        let eager = try Tool.run(["check", "004-navigation-eager.log"], in: workspace.url)
        #expect(eager.status == 0)
        #expect(eager.stderr == "")
        #expect(eager.stdout.contains("""
            coordinator_before_screen: FirstCoordinator
              FirstCoordinator was created, but no screen appeared within a second: create coordinators when their screen is shown
                004-navigation-eager.log:2  1️⃣ FirstCoordinator init 🟢
              How to fix it: trace-analyze rules coordinator_before_screen

            """))
        #expect(eager.stdout.components(separatedBy: "coordinator_before_screen: ").count == 4)
        #expect(eager.stdout.hasSuffix("8 findings (4 warnings, 4 info) in 1 trace\n"))
        let strict = try Tool.run(["check", "004-navigation-eager.log", "--strict", "--format", "summary"], in: workspace.url)
        #expect(strict.status == 2)
        #expect(strict.stdout.contains("coordinator_before_screen            0        3     0      3\n"))

        let lazy = try Tool.run(["check", "004-navigation-lazyview.log", "--strict"], in: workspace.url)
        #expect(!lazy.stdout.contains("coordinator_before_screen"))
    }

    @Test func rulesListsExplainsAndChecksTheRule() throws {
        let workspace = try workspace()
        let check = try Tool.run(["rules", "--check"], in: workspace.url)
        #expect(check.status == 0)
        #expect(check.stdout == """
            PASS  coordinator_before_screen  .trace-analyze.json: custom_rules.coordinator_before_screen.triggering_examples[0]
            PASS  coordinator_before_screen  .trace-analyze.json: custom_rules.coordinator_before_screen.non_triggering_examples[0]
            1 custom rule, 2 examples: 2 passed, 0 failed

            """)
        let list = try Tool.run(["rules"], in: workspace.url)
        #expect(list.stdout.contains("\nCustom rules (.trace-analyze.json):\ncoordinator_before_screen        warning  A coordinator is created although no screen appears within a second of it.\n"))
        let detail = try Tool.run(["rules", "coordinator_before_screen"], in: workspace.url)
        #expect(detail.status == 0)
        #expect(detail.stdout.hasPrefix("coordinator_before_screen: Coordinator created before its screen\nCustom rule, defined at .trace-analyze.json: custom_rules.coordinator_before_screen\nSeverity: warning\n"))
        #expect(detail.stdout.contains("    SELECT view, line AS lines\n    FROM (SELECT view, line, kind, ts,\n"))
        #expect(detail.stdout.contains("    ↓2020-03-23 01:10:46.553204+0800 App[76375:18919854] FirstCoordinator init\n"))

        // An example the rule does not flag fails the check, saying so.
        var configuration = try guideConfiguration()
        configuration = configuration.replacingOccurrences(of: "\"2020-03-23 01:11:03.746197", with: "\"2020-03-23 01:10:46.746197")
        _ = try workspace.write("broken.json", configuration)
        let failing = try Tool.run(["rules", "--check", "--config", "broken.json"], in: workspace.url)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("FAIL  coordinator_before_screen  broken.json: custom_rules.coordinator_before_screen.triggering_examples[0]\n      no finding; the example must be flagged\n"))
    }

    @Test func aBrokenQueryStopsTheRunBeforeAnyInputIsRead() throws {
        let workspace = try workspace()
        let broken = try guideConfiguration().replacingOccurrences(of: "WHERE kind = 'init'", with: "WHERE kynd = 'init'")
        _ = try workspace.write(".trace-analyze.json", broken)
        // The input does not exist: the configuration is judged first.
        let result = try Tool.run(["check", "missing.log"], in: workspace.url)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "trace-analyze: error: .trace-analyze.json: custom_rules.coordinator_before_screen.query: custom rule 'coordinator_before_screen': no such column: kynd\n")
    }

    @Test func findingsReachSARIFTheBaselineAndDiff() throws {
        let workspace = try workspace()
        let sarif = try Tool.run(["check", "004-navigation-eager.log", "--format", "sarif"], in: workspace.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let driver = try #require(((run["tool"] as? [String: Any])?["driver"]) as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let index = try #require(rules.firstIndex { $0["id"] as? String == "coordinator_before_screen" })
        let results = try #require(run["results"] as? [[String: Any]])
        let custom = results.filter { $0["ruleId"] as? String == "coordinator_before_screen" }
        #expect(custom.count == 3)
        #expect(custom.allSatisfy { $0["ruleIndex"] as? Int == index && $0["level"] as? String == "warning" })

        let record = try Tool.run(["check", "004-navigation-eager.log", "--write-baseline", "baseline.json"], in: workspace.url)
        #expect(record.status == 0)
        let baseline = try String(contentsOfFile: workspace.path("baseline.json"), encoding: .utf8)
        #expect(baseline.components(separatedBy: "\"rule\" : \"coordinator_before_screen\"").count == 4)
        let again = try Tool.run(["check", "004-navigation-eager.log", "--baseline", "baseline.json", "--strict"], in: workspace.url)
        #expect(again.status == 0)
        #expect(again.stdout.hasSuffix("0 findings in 1 trace; 8 hidden by the baseline\n"))

        let diff = try Tool.run(["diff", "004-navigation-lazyview.log", "004-navigation-eager.log"], in: workspace.url)
        #expect(diff.status == 2)
        #expect(diff.stdout.contains("+  FirstCoordinator   findings: coordinator_before_screen           0     1  +1      regressed\n"))
    }

    @Test func reportRunsTheRuleOverAStoredTrace() throws {
        let workspace = try workspace()
        #expect(try Tool.run(["ingest", "004-navigation-eager.log", "--db", "run.sqlite"], in: workspace.url).status == 0)
        let report = try Tool.run(["report", "--db", "run.sqlite", "--format", "json"], in: workspace.url)
        #expect(report.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.filter { $0["rule"] as? String == "coordinator_before_screen" }.count == 3)
        let stored = try Tool.run(["query", "--db", "run.sqlite", "--format", "csv", "SELECT view FROM findings WHERE rule = 'coordinator_before_screen' ORDER BY first_line"], in: workspace.url)
        #expect(stored.stdout == "view\nFirstCoordinator\nSecondCoordinator\nThirdCoordinator\n")
    }

    @Test func watchReportsTheRuleOnceItsStreamEnds() throws {
        let workspace = try workspace()
        let watch = try Tool.run(["watch", "004-navigation-eager.log", "--no-follow", "--format", "summary"], in: workspace.url)
        #expect(watch.status == 0, "\(watch.stderr)")
        #expect(watch.stdout.contains("coordinator_before_screen            0        3     0      3\n"))
        #expect(watch.stdout.hasSuffix("8 findings (4 warnings, 4 info) in 1 trace\n"))
    }
}
