import Foundation
import Testing

/// `--write-baseline` and `--baseline`: a round trip hides exactly the recorded findings.
@Suite struct BaselineEndToEndTests {
    static let eager = "fixtures/seeds/004-navigation-eager.log"
    static let lazy = "fixtures/seeds/004-navigation-lazyview.log"
    /// A run that fails: PlayButton reset while shown (an error).
    static let reset = "fixtures/rules/playbutton-if-else-reset.log"

    @discardableResult
    private func check(_ arguments: [String], stdin: String? = nil) throws -> Tool.Result {
        try Tool.run(["check"] + arguments, stdin: stdin, in: Tool.packageRoot)
    }

    @Test func aBaselineHidesWhatItRecordedAndSaysHowMany() throws {
        let workspace = try Workspace()
        let baseline = workspace.path("baseline.json")
        let recorded = try check([Self.eager, "--write-baseline", baseline])
        // Writing a baseline changes nothing about the run itself; one line on stderr says so.
        #expect(recorded.status == 0)
        #expect(recorded.stdout == (try check([Self.eager])).stdout)
        #expect(recorded.stderr == "wrote baseline \(baseline): 5 findings; later runs with --baseline \(baseline) report only new ones\n")
        try Golden.expect(try String(contentsOfFile: baseline, encoding: .utf8), "reporters/004-eager.baseline.json")

        let again = try check([Self.eager, "--baseline", baseline, "--strict"])
        #expect(again.status == 0)
        #expect(again.stdout == "\(Self.eager): recognised 16 of 16 lines as lifecycle events\n0 findings in 1 trace; 5 hidden by the baseline\n")
        let json = try check([Self.eager, "--baseline", baseline, "--format", "json"])
        #expect(json.stdout.contains(#""summary": {"findings": 0, "error": 0, "warning": 0, "info": 0, "traces": 1, "fail_on": "error", "failed": false, "hidden": 5}"#))
    }

    @Test func onlyNewFindingsAreReported() throws {
        let workspace = try Workspace()
        let baseline = workspace.path("baseline.json")
        // The lazy log has the three heavy inits and the root's repeated appear, at other lines
        // (and, for the appear, another count) than the eager log's.
        try check([Self.lazy, "--write-baseline", baseline])
        let result = try check([Self.eager, Self.reset, "--baseline", baseline, "--format", "json"])
        #expect(result.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { "\($0["rule"]!) \($0["view"]!)" } == ["identity_churn PlayButton", "non_lazy_navigation_destination MyRootView"])
        #expect((object["summary"] as? [String: Any])?["hidden"] as? Int == 4)
        let text = try check([Self.eager, Self.reset, "--baseline", baseline])
        #expect(text.stdout.hasSuffix("2 findings (1 error, 1 warning) in 2 traces; 4 hidden by the baseline\n"))
    }

    @Test func eachRecordedFindingHidesOneFinding() throws {
        let workspace = try Workspace()
        let baseline = workspace.path("baseline.json")
        try check([Self.reset, "--write-baseline", baseline])
        // The same log twice is the same finding twice: the baseline holds one.
        let result = try check([Self.reset, "-", "--baseline", baseline],
                               stdin: try String(contentsOfFile: Tool.fixture("rules/playbutton-if-else-reset.log"), encoding: .utf8))
        #expect(result.status == 2)
        #expect(result.stdout.contains("    <stdin>:8  PlayButton: @self, @identity, _isPlaying changed.\n"))
        #expect(result.stdout.hasSuffix("1 finding (1 error) in 2 traces; 1 hidden by the baseline\n"))
    }

    @Test func theBaselineCanComeFromTheConfigurationAndBeWrittenTheFirstTime() throws {
        let workspace = try Workspace()
        _ = try workspace.write(".trace-analyze.json", #"{"baseline": "ci/trace-baseline.json"}"#)
        try FileManager.default.createDirectory(atPath: workspace.path("ci"), withIntermediateDirectories: true)
        let log = Tool.fixture("rules/playbutton-if-else-reset.log")
        let missing = try Tool.run(["check", log], in: workspace.url)
        #expect(missing.status == 1)
        #expect(missing.stderr == "trace-analyze: error: ci/trace-baseline.json: no such baseline file; record one with --write-baseline ci/trace-baseline.json\n")
        let first = try Tool.run(["check", log, "--write-baseline", "ci/trace-baseline.json"], in: workspace.url)
        #expect(first.status == 2)
        let then = try Tool.run(["check", log], in: workspace.url)
        #expect(then.status == 0)
        #expect(then.stdout == "\(log): recognised 8 of 8 lines as lifecycle events\n0 findings in 1 trace; 1 hidden by the baseline\n")
    }

    @Test func aDamagedBaselineIsAnErrorNamingTheKey() throws {
        let workspace = try Workspace()
        let baseline = try workspace.write("b.json", #"{"version": 1, "findings": [{"rule": "identity_churn", "view": 7}]}"#)
        let result = try check([Self.reset, "--baseline", baseline])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "trace-analyze: error: \(baseline): findings[0].view: expected a string, found a number\n")
    }
}
