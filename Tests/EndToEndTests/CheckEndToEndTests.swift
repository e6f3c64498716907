import Foundation
import Testing

/// `check`, `report` and `rules` as a user runs them: the report text, the exit code, the errors.
@Suite struct CheckEndToEndTests {
    static let toggleTwice = "fixtures/seeds/001-playbutton-toggle-twice.log"
    /// PlayButton reset while shown, twice: an `identity_churn` finding at the rule's severity.
    static let reset = "fixtures/rules/playbutton-if-else-reset.log"
    static let eager = "fixtures/seeds/004-navigation-eager.log"
    static let lazy = "fixtures/seeds/004-navigation-lazyview.log"

    /// Runs the tool from the package root, so reports name fixtures by relative path.
    private func check(_ arguments: [String], stdin: String? = nil) throws -> Tool.Result {
        try Tool.run(["check"] + arguments, stdin: stdin, in: Tool.packageRoot)
    }

    /// Compares `text` with a golden file; `UPDATE_GOLDEN=1 swift test` rewrites it instead.
    private func expectGolden(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = Tool.fixture("rules/golden/" + name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == golden, "differs from \(name)", sourceLocation: sourceLocation)
    }

    /// The rule ids a JSON report names, in order.
    private func rules(inJSON json: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let findings = try #require(object?["findings"] as? [[String: Any]])
        return findings.compactMap { $0["rule"] as? String }
    }

    /// `check` without `--db` keeps the trace in a file of `$TMPDIR` it unlinks once open, and
    /// its rules spill to unlinked files there too: nothing is left, whatever the report.
    @Test func checkLeavesNothingInTheTemporaryDirectory() throws {
        let temporary = try Workspace()
        let plain = try Tool.run(["check", Self.eager, "--fail-on", "never"], in: Tool.packageRoot)
        let result = try Tool.run(["check", Self.eager, "--fail-on", "never"], in: Tool.packageRoot, environment: ["TMPDIR": temporary.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == plain.stdout)
        #expect(result.stdout.contains("non_lazy_navigation_destination"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path) == [])
    }

    @Test func seed004EagerReportsTheNavigationBurstAndTheHeavyInits() throws {
        let result = try check([Self.eager])
        // Warnings only: the default fail level is error.
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try expectGolden(result.stdout, "check-004-eager.txt")
        let json = try check([Self.eager, "--format", "json"])
        try expectGolden(json.stdout, "check-004-eager.json")
        #expect(try rules(inJSON: json.stdout) == [
            "non_lazy_navigation_destination", "repeated_appear", "heavy_initializer", "heavy_initializer", "heavy_initializer",
        ])
    }

    @Test func seed004WithLazyViewReportsOnlyTheHeavyInits() throws {
        let result = try check([Self.lazy, "--format", "json"])
        #expect(result.status == 0)
        #expect(try rules(inJSON: result.stdout) == ["repeated_appear", "heavy_initializer", "heavy_initializer", "heavy_initializer"])
        #expect(result.stdout.contains(#""message": "FirstView's init created FirstCoordinator (once); it ran once here"#))
        // The LazyView fix passes even --strict: what is left is info.
        #expect(try check([Self.lazy, "--strict"]).status == 0)
        #expect(try check([Self.lazy, "--fail-on", "info"]).status == 2)
    }

    /// The `if` that removes PlayButton and shows it again: a new lifetime the code asked for,
    /// so a warning naming the change, which fails no run by default.
    @Test func seed001ToggledTwiceIsAWarningThatNamesTheChange() throws {
        let result = try check([Self.toggleTwice])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try expectGolden(result.stdout, "check-001-toggle-twice.txt")
    }

    /// The text report looks its lines up on a second connection in one read transaction; the
    /// timeline page stores its findings after it. That transaction once stayed open, and
    /// `check log --timeline page.html` failed after five seconds with "database is locked".
    @Test func theTextReportAndItsTimelinePageAreBothWritten() throws {
        let workspace = try Workspace()
        let result = try check([Self.toggleTwice, "--timeline", workspace.path("timeline.html")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "wrote timeline \(workspace.path("timeline.html")): 2 lanes, 10 marks, 1 finding\n")
        #expect(result.stdout == (try check([Self.toggleTwice])).stdout)
        let page = try String(contentsOfFile: workspace.path("timeline.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("identity_churn"))
    }

    /// Past `timeline`'s exact limit (200,000 events) `check --timeline` writes the summary page
    /// `timeline` would, naming the command that draws a range exactly, rather than every mark
    /// (230 MB of memory and a 30 MB page at a million lines).
    @Test func aLongLogsTimelinePageIsTheSummary() throws {
        let workspace = try Workspace()
        let seed = try String(contentsOfFile: Tool.fixture("seeds/001-playbutton-toggle-twice.log"), encoding: .utf8)
        let lines = seed.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let log = workspace.path("long.log")
        try Data(Array(repeating: lines.joined(separator: "\n") + "\n", count: 200_000 / lines.count + 1).joined().utf8)
            .write(to: URL(fileURLWithPath: log))
        let result = try Tool.run(["check", log, "--format", "json", "--timeline", workspace.path("t.html")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "wrote timeline \(workspace.path("t.html")): 2 lanes, 200010 marks in 3 levels of detail (a summary: --detail exact draws every mark), 3 findings\n")
        let page = try String(contentsOfFile: workspace.path("t.html"), encoding: .utf8)
        #expect(page.contains(#""command":"trace-analyze timeline \#(log)""#), "the summary names the command that draws a range exactly")
        #expect(page.utf8.count < 2_000_000)
    }

    @Test func theJSONReportHasTheDocumentedShape() throws {
        let result = try check([Self.toggleTwice, "--format", "json"])
        #expect(result.status == 0)
        try expectGolden(result.stdout, "check-001-toggle-twice.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect(Set(object.keys) == ["version", "findings", "fix_first", "coverage", "summary"])
    }

    @Test func aCleanLogPassesAtEveryLevel() throws {
        for level in ["error", "warning", "info", "never"] {
            let result = try check(["fixtures/seeds/001-count-text.log", "--fail-on", level])
            #expect(result.status == 0)
            #expect(result.stdout == "fixtures/seeds/001-count-text.log: recognised 9 of 9 lines as lifecycle events\n0 findings in 1 trace\n")
        }
    }

    @Test(arguments: [
        // (severity set in the configuration, options, expected exit code)
        ("error", [String](), Int32(2)),
        ("error", ["--fail-on", "never"], 0),
        ("warning", [], 0),
        ("warning", ["--strict"], 2),
        ("warning", ["--fail-on", "warning"], 2),
        ("warning", ["--fail-on", "error"], 0),
        ("info", ["--strict"], 0),
        ("info", ["--fail-on", "info"], 2),
    ])
    func theFailLevelDecidesTheExitCode(severity: String, options: [String], status: Int32) throws {
        let workspace = try Workspace()
        let config = try workspace.write("config.json", #"{"rules": {"identity_churn": {"severity": "\#(severity)"}}}"#)
        let result = try check([Self.reset, "--config", config] + options)
        #expect(result.status == status)
        // The report is printed in full whatever the exit code.
        #expect(result.stdout.hasSuffix("1 finding (1 \(severity)) in 1 trace\n"))
        #expect(result.stdout.contains("\(Self.reset):8  PlayButton: @self, @identity, _isPlaying changed.\n"))
    }

    @Test func configurationChangesThresholdsAndPicksRules() throws {
        let workspace = try Workspace()
        let higher = try workspace.write("higher.json", #"{"rules": {"identity_churn": {"min_recreations": 3}}}"#)
        // Below the threshold, the resets are a hint: info, which fails no run by default.
        let hinted = try check([Self.toggleTwice, "--config", higher])
        #expect(hinted.status == 0)
        #expect(hinted.stdout.hasSuffix("lines as lifecycle events\n1 finding (1 info) in 1 trace\n"))
        let disabled = try workspace.write("disabled.json", #"{"disabled_rules": ["identity_churn"]}"#)
        #expect(try check([Self.toggleTwice, "--config", disabled]).status == 0)
        let only = try workspace.write("only.json", #"{"only_rules": ["identity_churn"]}"#)
        #expect(try check([Self.toggleTwice, "--config", only, "--fail-on", "warning"]).status == 2)
    }

    @Test func userPatternsFromTheConfigurationFeedTheRules() throws {
        let workspace = try Workspace()
        let config = try workspace.write("config.json", #"""
            {"patterns": [{"name": "house",
                           "regex": "^\\[(?<view>\\w+)\\] (?<kind>created|shown)$",
                           "kinds": {"created": "init", "shown": "appear"},
                           "samples": [{"line": "[Menu] shown", "kind": "appear", "view": "Menu"}]}],
             "only_rules": ["non_lazy_navigation_destination"]}
            """#)
        let log = try workspace.write("house.log", """
            [MenuView] shown
            [SettingsView] created
            [ProfileView] created
            """)
        let result = try Tool.run(["check", log, "--config", config, "--strict"])
        #expect(result.status == 2)
        #expect(result.stdout.contains("2 destination views were initialised together right after MenuView appeared (line 1) but were shown only much later or never: SettingsView (never), ProfileView (never)."))
    }

    @Test func theWorkingDirectorysConfigurationIsUsed() throws {
        let workspace = try Workspace()
        _ = try workspace.write(".trace-analyze.json", #"{"disabled_rules": ["identity_churn"]}"#)
        let result = try Tool.run(["check", Tool.fixture("seeds/001-playbutton-toggle-twice.log")], in: workspace.url)
        #expect(result.status == 0)
    }

    @Test(arguments: [
        (#"{"rules": {"identity_chrun": {"severity": "warning"}}}"#,
         "rules.identity_chrun: unknown rule; valid rules: redundant_instance_creation, identity_churn, heavy_initializer, non_lazy_navigation_destination, unstable_view_value, state_model_reinit, repeated_appear, reinit_while_shown, excessive_body_evaluation, avoidable_body_evaluation, missing_deinit, update_loop, duplicate_identity, offset_identity, state_object_outside_view, missing_navigation_destination, long_body_update, hitch_attribution, long_hitch, main_thread_hang, hitch_time_ratio, conditional_view_identity, random_view_id, eager_navigation_destination, observed_object_created, state_class_initial_value, state_from_init_parameter, unstable_foreach_id, heavy_view_initializer, model_made_for_child"),
        (#"{"rules": {"identity_churn": {"min_recreation": 3}}}"#,
         "rules.identity_churn.min_recreation: unknown key; valid keys here: severity, min_recreations, max_update_seconds"),
        (#"{"rules": {"heavy_initializer": {"max_init_ms": "1"}}}"#,
         "rules.heavy_initializer.max_init_ms: expected a number, found a string"),
        (#"{"only_rules": ["identity_churn", 7]}"#,
         "only_rules[1]: expected a string, found a number"),
    ])
    func configurationMistakesAreNamedByKeyPath(json: String, message: String) throws {
        let workspace = try Workspace()
        let config = try workspace.write("config.json", json)
        let result = try check([Self.toggleTwice, "--config", config])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "trace-analyze: error: \(config): \(message)\n")
    }

    @Test(arguments: [
        (["--format", "xml"], "trace-analyze: error: unknown format 'xml'; valid: text, json, sarif, junit, github-actions-logging, xcode, markdown, summary, csv, checkstyle, codeclimate, sonarqube, html (see 'trace-analyze check --help')\n"),
        (["--fail-on", "fatal"], "trace-analyze: error: unknown level 'fatal' for --fail-on; valid: error, warning, info, never (see 'trace-analyze check --help')\n"),
        (["--strict", "--fail-on", "info"], "trace-analyze: error: give either --strict or --fail-on, not both (see 'trace-analyze check --help')\n"),
        (["missing.log"], "trace-analyze: error: missing.log: no such file\n"),
        (["--evaluations", "some"], "trace-analyze: error: unknown evaluations 'some'; valid: avoidable, all (see 'trace-analyze check --help')\n"),
    ])
    func usageAndInputErrorsComeBeforeAnyWork(options: [String], message: String) throws {
        let result = try check([Self.toggleTwice] + options)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
    }

    @Test func stdinAndSeveralFilesAreSeparateTraces() throws {
        let log = try String(contentsOfFile: Tool.fixture("seeds/001-playbutton-toggle-twice.log"), encoding: .utf8)
        let result = try check([Self.toggleTwice, "-", "fixtures/seeds/001-playbutton-toggle.log"], stdin: log)
        #expect(result.status == 0)
        #expect(result.stdout.contains("    <stdin>:10  PlayButton: @self, @identity, _isPlaying changed.\n"))
        #expect(result.stdout.hasSuffix("3 findings (2 warnings, 1 info) in 3 traces\n"))
    }

    @Test func checkWithADatabaseKeepsTheFindingsAndReportReadsThemBack() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let checked = try check([Self.toggleTwice, "--db", db, "--fail-on", "warning"])
        #expect(checked.status == 2)
        let stored = try Tool.run(["query", "--db", db, "--format", "csv",
                                   "SELECT rule, view, count, first_line, last_line, (SELECT count(*) FROM evidence) AS evidence FROM findings"])
        #expect(stored.stdout == "rule,view,count,first_line,last_line,evidence\nidentity_churn,PlayButton,2,5,10,4\n")
        let reported = try Tool.run(["report", "--db", db, "--fail-on", "warning"], in: Tool.packageRoot)
        #expect(reported.status == 2)
        #expect(reported.stdout == checked.stdout)
        let again = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM findings"])
        #expect(again.stdout == "n\n1\n")
        // A kept database holds the whole trace, `_printChanges` tokens included, as `ingest` writes it.
        let tokens = try Tool.run(["query", "--db", db, "--format", "csv", "SELECT count(*) AS n FROM changes WHERE token = '@identity'"])
        #expect(tokens.stdout == "n\n4\n")
    }

    @Test func reportPicksATraceAndNamesAMissingOne() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.toggleTwice, "fixtures/seeds/001-playbutton-toggle.log", "--db", db], in: Tool.packageRoot)
        // The latest trace: one tap, one reset, a hint.
        #expect(try Tool.run(["report", "--db", db]).stdout.hasSuffix("fixtures/seeds/001-playbutton-toggle.log: recognised 6 of 6 lines as lifecycle events\n1 finding (1 info) in 1 trace\n"))
        let first = try Tool.run(["report", "--db", db, "--trace", "1", "--fail-on", "never"])
        #expect(first.status == 0)
        #expect(first.stdout.hasSuffix("1 finding (1 warning) in 1 trace\n"))
        let missing = try Tool.run(["report", "--db", db, "--trace", "9"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "trace-analyze: error: no trace 9 in \(db); `trace-analyze traces --db \(db)` lists them\n")
        let noDatabase = try Tool.run(["report", "--db", workspace.path("none.sqlite")])
        #expect(noDatabase.status == 1)
        #expect(noDatabase.stderr.hasPrefix("trace-analyze: error: no database at \(workspace.path("none.sqlite"))"))
    }

    @Test func theCommandsHaveHelp() throws {
        for command in ["check", "report", "rules"] {
            let help = try Tool.run([command, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("USAGE: trace-analyze \(command)"))
        }
        let tool = try Tool.run(["--help"])
        for command in ["check", "report", "rules"] {
            #expect(tool.stdout.contains("\n  \(command) "), "--help does not list \(command)")
        }
    }

    @Test func rulesListsAndExplains() throws {
        let list = try Tool.run(["rules"])
        #expect(list.status == 0)
        let ids = ["redundant_instance_creation", "identity_churn", "heavy_initializer", "non_lazy_navigation_destination",
                   "unstable_view_value", "state_model_reinit", "repeated_appear", "reinit_while_shown", "excessive_body_evaluation", "avoidable_body_evaluation", "missing_deinit",
                   "update_loop", "duplicate_identity", "offset_identity", "state_object_outside_view", "missing_navigation_destination", "long_body_update", "hitch_attribution",
                   "long_hitch", "main_thread_hang", "hitch_time_ratio"]
        // One line per runtime rule, then one per static rule (`trace-analyze lint`).
        #expect(list.stdout.split(separator: "\n").filter { $0.contains("  ") }.count == ids.count + 9, "the list has one line per rule")
        for id in ids {
            #expect(list.stdout.contains("\n\(id) ") || list.stdout.hasPrefix("\(id) "), "\(id) missing from the list")
        }
        #expect(list.stdout.contains("identity_churn                   error    A view gets a new identity"))
        let detail = try Tool.run(["rules", "identity_churn"])
        #expect(detail.status == 0)
        for part in ["identity_churn: Identity churn\nDefault severity: error\n", "\nWhy it matters:\n", "\nHow to fix it:\n",
                     "  min_recreations = 2  ", "\nTriggering examples", "    ↓PlayButton: @self, @identity, _isPlaying changed.\n",
                     "\nNon-triggering examples:\n"] {
            #expect(detail.stdout.contains(part), "missing: \(part)")
        }
        let unknown = try Tool.run(["rules", "identity_chrun"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "trace-analyze: error: unknown rule 'identity_chrun' (did you mean 'identity_churn'?); valid rules: redundant_instance_creation, identity_churn, heavy_initializer, non_lazy_navigation_destination, unstable_view_value, state_model_reinit, repeated_appear, reinit_while_shown, excessive_body_evaluation, avoidable_body_evaluation, missing_deinit, update_loop, duplicate_identity, offset_identity, state_object_outside_view, missing_navigation_destination, long_body_update, hitch_attribution, long_hitch, main_thread_hang, hitch_time_ratio, conditional_view_identity, random_view_id, eager_navigation_destination, observed_object_created, state_class_initial_value, state_from_init_parameter, unstable_foreach_id, heavy_view_initializer, model_made_for_child (see 'trace-analyze rules --help')\n")
    }
}
