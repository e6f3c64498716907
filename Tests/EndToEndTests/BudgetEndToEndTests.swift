import Foundation
import Testing

/// `"budgets"` in `.trace-analyze.json` and `trace-analyze budgets --write`, through the binary:
/// the `budget` finding with its figure, budget, causes and lines in every reporter, the exit
/// code, every error path of the section, and the notes for budgets that name nothing.
@Suite struct BudgetEndToEndTests {
    /// PlayButton: 5 body evaluations (lines 2, 3, 6, 7, 10), 3 of them new identities (2, 6, 10).
    static let log = Tool.fixture("seeds/001-playbutton-toggle-twice.log")

    /// The seed's identity_churn finding is an error of its own: off, unless `others` says otherwise,
    /// so the exit code is the budgets'.
    private func config(_ budgets: String, others: String = #", "disabled_rules": ["identity_churn"]"#) throws -> (path: String, workspace: Workspace) {
        let workspace = try Workspace()
        return (try workspace.write(".trace-analyze.json", "{\"budgets\": \(budgets)\(others)}"), workspace)
    }

    private func check(_ budgets: String, _ extra: [String] = [], others: String = #", "disabled_rules": ["identity_churn"]"#) throws -> Tool.Result {
        let (path, workspace) = try config(budgets, others: others)
        return try withExtendedLifetime(workspace) { try Tool.run(["check", Self.log, "--config", path] + extra) }
    }

    @Test func aViewOverItsBudgetIsAnErrorWithFigureCausesAndLines() throws {
        let result = try check(#"[{"view": "PlayButton", "body": {"max": 3}}]"#, ["--format", "json"])
        #expect(result.status == 2, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let budget = try #require(findings.first { $0["rule"] as? String == "budget" })
        #expect(budget["severity"] as? String == "error")
        #expect(budget["view"] as? String == "PlayButton")
        #expect(budget["message"] as? String == "PlayButton had 5 body evaluations, over its budget of at most 3 (budgets[0]) by 2; by cause: 3 identity, 2 state. `trace-analyze why PlayButton` shows each chain")
        let evidence = try #require(budget["evidence"] as? [[String: Any]])
        #expect(evidence.compactMap { $0["line"] as? Int } == [2, 3, 6, 7, 10])
        // A budget is the team's limit, not waste: fix first does not rank it.
        #expect((document["fix_first"] as? [[String: Any]])?.contains { $0["rule"] as? String == "budget" } == false)
    }

    @Test func withinBudgetAndExactlyHold() throws {
        let result = try check(#"[{"view": "PlayButton", "body": {"max": 5}, "identities": {"exactly": 3}}, {"view": "Content*", "body": {"max": 9}}]"#, ["--format", "json"])
        #expect(!result.stdout.contains("\"budget\""))
        #expect(result.stderr == "")
    }

    @Test func exactlyOffEitherWayIsAFinding() throws {
        let result = try check(#"[{"view": "PlayButton", "identities": {"exactly": 4}, "severity": "warning"}]"#, ["--format", "xcode", "--strict"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stdout.contains("warning: PlayButton had 3 identities, where its budget (budgets[0]) asks for exactly 4"))
    }

    @Test func everyReporterCarriesTheBudgetFinding() throws {
        for format in ["text", "json", "sarif", "junit", "github-actions-logging", "xcode", "markdown", "summary", "csv", "checkstyle", "codeclimate", "sonarqube", "html"] {
            let result = try check(#"[{"view": "PlayButton", "body": {"max": 3}}]"#, ["--format", format])
            #expect(result.status == 2, "\(format): \(result.stderr)")
            #expect(result.stdout.contains("budget"), "\(format) carries the budget finding")
        }
    }

    @Test func aGlobHoldsEachViewItMatches() throws {
        let result = try check(#"[{"view": "*", "body": {"max": 1}}]"#)
        #expect(result.stdout.contains("PlayButton had 5 body evaluations"))
        #expect(result.stdout.contains("ContentView had 5 body evaluations"))
    }

    @Test func aBudgetForATestHoldsOnlyInTracesTaggedWithIt() throws {
        let budgets = #"[{"view": "PlayButton", "test": "testToggle", "body": {"max": 3}}]"#
        let tagged = try check(budgets, ["--tag", "test=testToggle"])
        #expect(tagged.status == 2)
        #expect(tagged.stdout.contains("PlayButton had 5 body evaluations in test testToggle, over its budget"))
        let other = try check(budgets, ["--tag", "test=testOther"])
        #expect(other.status == 0)
        #expect(other.stderr.contains("trace-analyze: note: budgets[0]: no trace is tagged test=testToggle, so the budget for 'PlayButton' was not checked (tag a run with --tag test=testToggle)"))
    }

    @Test func budgetsNamingNoViewAreNotes() throws {
        let result = try check(#"[{"view": "PlayButon", "body": {"max": 3}}, {"view": "Feed*", "body": {"max": 3}}]"#)
        #expect(result.status == 0)
        #expect(result.stderr.contains("trace-analyze: note: budgets[0]: no view is named 'PlayButon' in \(Self.log); check the name (`trace-analyze views` lists the trace's views)"))
        #expect(result.stderr.contains("trace-analyze: note: budgets[1]: no view matches 'Feed*' in \(Self.log)"))
        // An exact count of an absent view is a count of 0, and off.
        let exact = try check(#"[{"view": "PlayButon", "appears": {"exactly": 1}}]"#)
        #expect(exact.status == 2)
        #expect(exact.stdout.contains("PlayButon had 0 appears, where its budget (budgets[0]) asks for exactly 1"))
    }

    @Test func measuresTheTraceCannotKnowAreNotes() throws {
        let result = try check(#"[{"view": "PlayButton", "ms": {"max": 3}}]"#)
        #expect(result.status == 0)
        #expect(result.stderr.contains("trace-analyze: note: budgets[0]: \(Self.log) has no measured body of PlayButton (durations come from TraceProbe lines or an Instruments recording): its 'ms' budget was not checked"))
        let (path, workspace) = try config(#"[{"view": "PlayButton", "resets": {"max": 0}}]"#)
        let disabled = try Tool.run(["check", Self.log, "--config", path])
        _ = workspace
        #expect(disabled.stderr.contains("budgets[0]: 'resets' is what identity_churn counts, and it did not run (disabled_rules, only_rules): the budget for 'PlayButton' was not checked"))
    }

    @Test func resetsCountWhatIdentityChurnCounts() throws {
        let result = try check(#"[{"view": "PlayButton", "resets": {"max": 0}}]"#, ["--format", "xcode"], others: "")
        #expect(result.status == 2)
        #expect(result.stdout.contains("PlayButton had "), "\(result.stdout)")
        #expect(result.stdout.contains("resets, over its budget of at most 0 (budgets[0])") || result.stdout.contains("reset, over its budget of at most 0 (budgets[0])"))
    }

    @Test(arguments: [
        (#"{"view": "PlayButton", "bodies": {"max": 3}}"#, "budgets[0].bodies: unknown key"),
        (#"{"view": "PlayButton", "body": 3}"#, #"budgets[0].body: a limit is an object: {"max": 3} or {"exactly": 3}"#),
        (#"{"view": "PlayButton", "body": {"max": 3, "exactly": 3}}"#, "budgets[0].body.max: give max or exactly, not both"),
        (#"{"view": "PlayButton", "body": {}}"#, #"budgets[0].body: a limit needs max or exactly: {"max": 3}"#),
        (#"{"view": "PlayButton", "body": {"atmost": 3}}"#, "budgets[0].body.atmost: unknown key"),
        (#"{"view": "PlayButton", "body": {"max": -1}}"#, "budgets[0].body.max: a limit is a number of zero or more, not -1.0"),
        (#"{"body": {"max": 3}}"#, "budgets[0].view: a budget names the view it is for"),
        (#"{"view": "PlayButton"}"#, "budgets[0].view: the budget for 'PlayButton' limits nothing; give at least one of body, init, identities, resets, appears, dropped, ms"),
        (#"{"view": "PlayButton", "body": {"max": 3}, "severity": "fatal"}"#, "budgets[0].severity: unknown severity 'fatal'; valid: error, warning, info"),
    ])
    func wrongKeysAndValuesAreErrorsNamingTheirKey(_ entry: String, _ message: String) throws {
        let result = try check("[\(entry)]")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func budgetsMustBeAListOfObjects() throws {
        let result = try check(#"{"view": "PlayButton"}"#)
        #expect(result.status == 1)
        #expect(result.stderr.contains("budgets"), "\(result.stderr)")
    }

    @Test func writeRecordsTheCurrentFiguresThatThenPass() throws {
        let workspace = try Workspace()
        let path = workspace.path("budgets.json")
        let written = try Tool.run(["budgets", Self.log, "--write", path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stderr == "wrote budgets \(path): 2 views; copy its \"budgets\" into .trace-analyze.json (or pass it with --config)\n")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == """
            {
              "budgets": [
                {"view": "ContentView", "body": {"max": 5}, "identities": {"max": 1}},
                {"view": "PlayButton", "body": {"max": 5}, "identities": {"max": 3}}
              ]
            }

            """)
        let holds = try Tool.run(["check", Self.log, "--config", path, "--format", "xcode"])
        #expect(!holds.stdout.contains("(budget)"), "\(holds.stdout)")
        let tagged = try Tool.run(["budgets", Self.log, "--write", "-", "--test", "testToggle"])
        #expect(tagged.stdout.contains(#"{"view": "PlayButton", "test": "testToggle", "body": {"max": 5}"#))
    }

    @Test func writeRefusesToReplaceOtherSettingsAndNeedsItsFile() throws {
        let workspace = try Workspace()
        let path = try workspace.write(".trace-analyze.json", #"{"fail_on": "warning"}"#)
        let refused = try Tool.run(["budgets", Self.log, "--write", path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("\(path) holds other settings (fail_on); not replaced: write the budgets to a file of their own and copy its \"budgets\" in"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == #"{"fail_on": "warning"}"#)
        let missing = try Tool.run(["budgets", Self.log])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("name where to write the budgets: --write FILE"))
        let noLog = try Tool.run(["budgets", workspace.path("absent.log"), "--write", "-"])
        #expect(noLog.status == 1)
        #expect(noLog.stderr.contains("absent.log"))
    }
}

extension BudgetEndToEndTests {
    @Test func reportHoldsAStoredTraceToItsBudgetsOnceEachRun() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        #expect(try Tool.run(["ingest", Self.log, "--db", db]).status == 0)
        let config = try workspace.write("c.json", #"{"budgets": [{"view": "PlayButton", "body": {"max": 3}}], "disabled_rules": ["identity_churn"]}"#)
        for _ in 0..<2 {
            let report = try Tool.run(["report", "--db", db, "--config", config, "--format", "xcode"])
            #expect(report.status == 2, "\(report.stderr)")
            #expect(report.stdout.components(separatedBy: "(budget)").count == 2, "one budget finding, not one per run: \(report.stdout)")
        }
        let plain = try Tool.run(["report", "--db", db, "--format", "xcode", "--fail-on", "never"])
        #expect(!plain.stdout.contains("(budget)"), "without budgets, none")
    }
}
