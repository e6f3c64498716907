import Foundation
import Testing

/// `"ignore_views"` in `.trace-analyze.json`, through the binary: findings on the views named
/// (or matched by a glob), of every rule or of the rules listed, leave the report and the exit
/// code, and the summary line and JSON say what was left out; wrong entries are errors naming
/// their key path.
@Suite struct IgnoreViewsEndToEndTests {
    /// PlayButton is replaced while shown: one identity_churn error, exit 2.
    static let log = Tool.fixture("rules/playbutton-if-else-reset.log")

    private func check(_ ignore: String, _ extra: [String] = []) throws -> Tool.Result {
        let workspace = try Workspace()
        let path = try workspace.write(".trace-analyze.json", "{\"ignore_views\": \(ignore)}")
        return try withExtendedLifetime(workspace) { try Tool.run(["check", Self.log, "--config", path] + extra) }
    }

    @Test func theLogFailsWithoutIgnores() throws {
        let result = try Tool.run(["check", Self.log])
        #expect(result.status == 2)
        #expect(result.stdout.contains("identity_churn: PlayButton"), "\(result.stdout)")
    }

    @Test(arguments: [#"["PlayButton"]"#, #"["Play*"]"#, #"[{"view": "PlayButton", "rules": ["identity_churn"]}]"#])
    func anIgnoredViewsFindingsLeaveTheReportAndAreCounted(ignore: String) throws {
        let result = try check(ignore)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("identity_churn: PlayButton"), "\(result.stdout)")
        #expect(result.stdout.contains("0 findings in 1 trace; 1 on ignored views (PlayButton 1)"), "\(result.stdout)")
        let json = try check(ignore, ["--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["ignored"] as? [String: Int] == ["PlayButton": 1], "\(summary)")
        #expect((document["findings"] as? [Any])?.isEmpty == true)
    }

    @Test func anotherRulesIgnoreLeavesTheFinding() throws {
        let result = try check(#"[{"view": "PlayButton", "rules": ["heavy_initializer"]}, "ContentView"]"#)
        #expect(result.status == 2)
        #expect(result.stdout.contains("identity_churn: PlayButton"), "\(result.stdout)")
        #expect(!result.stdout.contains("ignored views"), "nothing was ignored: \(result.stdout)")
    }

    @Test(arguments: [
        (#""PlayButton""#, "ignore_views: expected an array of view names, globs or {\"view\", \"rules\"} objects, found a string"),
        (#"[{"rules": ["identity_churn"]}]"#, "ignore_views[0].view: an entry names the view it ignores"),
        (#"[{"view": "PlayButton", "rules": ["identity_chrn"]}]"#, "ignore_views[0].rules: unknown rule 'identity_chrn' (did you mean 'identity_churn'?)"),
        (#"[{"view": "PlayButton", "rule": "identity_churn"}]"#, "ignore_views[0].rule: unknown key"),
        (#"[3]"#, "ignore_views[0]: expected a view name, a glob or {\"view\", \"rules\"}, found a number"),
        (#"[""]"#, "ignore_views[0]: an empty view name ignores nothing"),
    ])
    func wrongEntriesAreErrorsNamingTheirKey(ignore: String, message: String) throws {
        let result = try check(ignore)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
