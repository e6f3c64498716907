import Foundation
import Testing

/// The "fix first" list that ends the text, JSON and Markdown reports: the findings that cost
/// most, in the log's own units, time first when the cited lines carry durations.
@Suite struct FixFirstEndToEndTests {
    /// Three problems of different size in one log: a loop of 32 evaluations (seven printed,
    /// twenty-five counted by an elision line), four inits of a sheet for one appear (three dropped), a model
    /// replaced while still alive.
    static let log = """
        ListView body
        DetailSheet init
        DetailSheet init
        DetailSheet init
        DetailSheet init
        DetailSheet onAppear
        Graph: _model changed.
        Graph: _model changed.
        Graph: _model changed.
        Graph: _model changed.
        Graph: _model changed.
        Graph: _model changed.
        Graph: _model changed.
        ... (× ~25 more lines)

        """

    @Test func theTextReportEndsWithTheCostliestFirst() throws {
        let workspace = try Workspace()
        let path = try workspace.write("three.log", Self.log)
        let result = try Tool.run(["check", path, "--fail-on", "never"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "Fix first (most waste first):"))
        #expect(Array(lines[start...].prefix(3)) == [
            "Fix first (most waste first):",
            "  1. Graph: 32 avoidable body evaluations (excessive_body_evaluation): trace-analyze rules excessive_body_evaluation",
            "  2. DetailSheet: 3 instances built and thrown away (redundant_instance_creation): trace-analyze rules redundant_instance_creation",
        ])
        // After the findings, before the coverage and summary lines.
        #expect(lines.last { !$0.isEmpty }?.hasPrefix("2 findings") == true)
    }

    @Test func jsonAndMarkdownCarryTheSameRanking() throws {
        let workspace = try Workspace()
        let path = try workspace.write("three.log", Self.log)
        let json = try Tool.run(["check", path, "--fail-on", "never", "--format", "json"])
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let ranked = try #require(document["fix_first"] as? [[String: Any]])
        #expect(ranked.map { $0["view"] as? String } == ["Graph", "DetailSheet"])
        #expect(ranked.map { $0["waste"] as? Int } == [32, 3])
        #expect(ranked.first?["unit"] as? String == "avoidable body evaluations")
        #expect(ranked.first?["milliseconds"] is NSNull)
        let markdown = try Tool.run(["check", path, "--fail-on", "never", "--format", "markdown"])
        #expect(markdown.stdout.contains("**Fix first** (most waste first):\n\n1. Graph: 32 avoidable body evaluations (excessive\\_body\\_evaluation): see `trace-analyze rules excessive_body_evaluation`\n"))
    }

    @Test func timeRanksFirstWhenTheLogHasDurations() throws {
        let workspace = try Workspace()
        // Two heavy inits of 40 ms each outrank a loop of twelve evaluations that has no time.
        let log = Self.log.replacingOccurrences(of: "... (× ~25 more lines)\n", with: "")
            + (0..<2).map { _ in "trace-analyze: kind=init view=ImageCache owner=Gallery ms=40\n" }.joined()
        let path = try workspace.write("timed.log", log)
        let json = try Tool.run(["check", path, "--fail-on", "never", "--format", "json"])
        let document = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let ranked = try #require(document["fix_first"] as? [[String: Any]])
        let first = try #require(ranked.first)
        #expect(first["milliseconds"] as? Double == 80)
    }

    /// Expected evaluations never make a finding, so never a line; avoidable ones rank as the
    /// evaluations that need not have happened.
    @Test func avoidableEvaluationsRankAndExpectedOnesDoNot() throws {
        let healthy = try Tool.run(["check", Tool.fixture("rules/healthy-first-launch.log"), "--format", "json"])
        #expect(healthy.status == 0)
        let quiet = try #require(JSONSerialization.jsonObject(with: Data(healthy.stdout.utf8)) as? [String: Any])
        #expect((quiet["findings"] as? [Any])?.isEmpty == true)
        #expect((quiet["fix_first"] as? [Any])?.isEmpty ?? true)

        let result = try Tool.run(["check", Tool.fixture("rules/unchanged-child.log"), "--fail-on", "never"])
        #expect(result.stdout.contains("Fix first (most waste first):\n  1. CheckoutFooter: 5 avoidable body evaluations "
            + "(avoidable_body_evaluation): trace-analyze rules avoidable_body_evaluation\n"))
    }

    /// With `--evaluations all` the rules count expected evaluations too, so the list says
    /// "body evaluations": seed 000's circle has none avoidable and must not be called so.
    @Test func everyEvaluationCountedIsNotCalledAvoidable() throws {
        let result = try Tool.run(["check", Tool.fixture("seeds/000-update-circle.log"), "--evaluations", "all", "--fail-on", "never"])
        #expect(result.stdout.contains("0 of its 3 evaluations avoidable."))
        #expect(result.stdout.contains("Fix first (most waste first):\n  1. circle: 3 body evaluations "
            + "(avoidable_body_evaluation): trace-analyze rules avoidable_body_evaluation\n"), "\(result.stdout)")
    }

    @Test func aReportWithoutFindingsHasNoList() throws {
        let workspace = try Workspace()
        let path = try workspace.write("calm.log", "ContentView init\nContentView appear\n")
        let result = try Tool.run(["check", path])
        #expect(!result.stdout.contains("Fix first"))
    }
}
