import Foundation
import Testing
import TraceModel
import TraceStore
@testable import TraceRules

/// Custom rules through the real configuration reader, the real store and the real analyzer.
@Suite struct CustomRuleTests {
    /// A rule flagging every view initialised more than once, with `extra` keys spliced in.
    private static func config(query: String = "SELECT view, group_concat(line) AS lines, count(*) AS count FROM events WHERE trace_id = :trace_id AND kind = 'init' GROUP BY view HAVING count(*) > 1",
                               message: String = "{view} was created {count} times", extra: String = "") -> String {
        let escaped = query.replacingOccurrences(of: "\"", with: "\\\"")
        return """
            {"custom_rules": {"made_twice": {"message": "\(message)", "query": "\(escaped)"\(extra),
              "triggering_examples": ["↓Row init\\n↓Row init"], "non_triggering_examples": ["Row init"]}}}
            """
    }

    private func load(_ json: String) throws -> (RuleConfiguration, ConfigurationFile) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("custom-\(UUID().uuidString).json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try ConfigurationFile.load(path: path)
        return (try RuleConfiguration(file: file), file)
    }

    /// The configuration error's key path and reason, or nil when the file loads.
    private func error(_ json: String) -> String? {
        do {
            _ = try load(json)
            return nil
        } catch let error as ConfigurationError {
            return error.keyPath + ": " + error.reason
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func aRuleFindsItsRowsInAStoredTraceAfterTheBuiltInRules() throws {
        let (configuration, _) = try load(Self.config())
        #expect(configuration.customRules.map(\.identifier) == ["made_twice"])
        let pipeline = try Pipeline(log: "Row init\nList appear\nRow init\nRow appear\nList init\n")
        let findings = try pipeline.analyze(configuration).filter { $0.rule == "made_twice" }
        #expect(findings.map(\.message) == ["Row was created 2 times"])
        #expect(findings.map(\.lines) == [[1, 3]])
        #expect(findings.map(\.severity) == [.warning])
        #expect(findings.map(\.view) == ["Row"])
        // Stored beside the built-in findings, with their evidence.
        let stored = try pipeline.database.scalarInt("SELECT count(*) FROM findings f JOIN evidence e ON e.finding_id = f.id WHERE f.rule = 'made_twice'")
        #expect(stored == 2)
    }

    @Test func theSeed004RuleFlagsEagerCoordinatorsAndStaysQuietOnLazyOnes() throws {
        let query = "SELECT c.view AS view, c.line AS lines FROM events c WHERE c.trace_id = :trace_id AND c.kind = 'init' AND c.view LIKE '%Coordinator' AND NOT EXISTS (SELECT 1 FROM events a WHERE a.trace_id = c.trace_id AND a.kind = 'appear' AND a.line > c.line AND a.ts - c.ts < 1.0)"
        let (configuration, _) = try load(Self.config(query: query, message: "{view} early", extra: #", "severity": "error""#))
        let eager = try Pipeline(path: Fixture.path("seeds/004-navigation-eager.log")).analyze(configuration).filter { $0.rule == "made_twice" }
        #expect(eager.map(\.message) == ["FirstCoordinator early", "SecondCoordinator early", "ThirdCoordinator early"])
        #expect(eager.map(\.lines) == [[2], [4], [6]])
        #expect(eager.allSatisfy { $0.severity == .error })
        let lazy = try Pipeline(path: Fixture.path("seeds/004-navigation-lazyview.log")).analyze(configuration).filter { $0.rule == "made_twice" }
        #expect(lazy.isEmpty)
    }

    @Test func aBrokenQueryIsAConfigurationErrorWithTheRuleAndSQLitesMessage() {
        #expect(error(Self.config(query: "SELECT view, line AS lines FROM evnts WHERE trace_id = :trace_id"))
            == "custom_rules.made_twice.query: custom rule 'made_twice': no such table: evnts")
        #expect(error(Self.config(query: "DELETE FROM findings WHERE trace_id = :trace_id"))
            == "custom_rules.made_twice.query: custom rule 'made_twice': query is read-only: this statement would write (DELETE)")
        #expect(error(Self.config(query: "SELECT 'A' AS view, 1 AS lines, random() WHERE :trace_id"))
            == "custom_rules.made_twice.query: custom rule 'made_twice': query is read-only: random() is not allowed: its result is not a function of its arguments")
        #expect(error(Self.config(query: "SELECT view, line AS lines FROM events WHERE trace_id = :trace_id; SELECT 1"))?
            .hasPrefix("custom_rules.made_twice.query: custom rule 'made_twice': give one statement, found a second one: SELECT 1") == true)
    }

    @Test func theQueryMustReturnAFindingsShapeAndTakeTheTrace() {
        #expect(error(Self.config(query: "SELECT view FROM events WHERE trace_id = :trace_id"))?
            .hasPrefix("custom_rules.made_twice.query: custom rule 'made_twice': the query must return a column named 'lines' (it returns view)") == true)
        #expect(error(Self.config(query: "SELECT view, line AS lines FROM events"))
            == "custom_rules.made_twice.query: custom rule 'made_twice': the query must select one trace with :trace_id, e.g. WHERE trace_id = :trace_id")
        #expect(error(Self.config(query: "SELECT view, line AS lines FROM events WHERE trace_id = :trace_id AND view = :name"))
            == "custom_rules.made_twice.query: custom rule 'made_twice': unknown parameter 'name'; the only one bound is :trace_id")
        #expect(error(Self.config(message: "{view} made {times} times"))
            == "custom_rules.made_twice.message: {times} is not a column of the query; it returns view, lines, count")
    }

    @Test func idsAndKeysAreChecked() {
        #expect(error(#"{"custom_rules": {"identity_churn": {}}}"#)
            == "custom_rules.identity_churn: 'identity_churn' is a built-in rule; give the custom rule another id (configure the built-in one under \"rules\")")
        #expect(error(#"{"custom_rules": {"Made-Twice": {}}}"#)
            == "custom_rules.Made-Twice: a rule id is 1 to 64 lowercase letters, digits and '_', starting with a letter")
        #expect(error(Self.config(extra: #", "timeout": 0"#)) == "custom_rules.made_twice.timeout: give a number of seconds above 0 and at most 3600")
        #expect(error(Self.config(extra: #", "level": "error""#))?.hasPrefix("custom_rules.made_twice.level: unknown key;") == true)
        #expect(error(#"{"custom_rules": {"x": {"message": "m", "query": "SELECT 1 AS view, 1 AS lines WHERE :trace_id", "non_triggering_examples": ["a"]}}}"#)
            == "custom_rules.x: missing \"triggering_examples\": at least one example log, so `trace-analyze rules --check` can test the rule")
        #expect(error(#"{"custom_rules": {"x": {"message": "m", "query": "SELECT 1 AS view, 1 AS lines WHERE :trace_id", "triggering_examples": ["a"], "non_triggering_examples": ["b"]}}}"#)
            == "custom_rules.x.triggering_examples[0]: mark each line the finding must cite with ↓ at its start")
    }

    @Test func onlyAndDisabledRulesNameCustomRules() throws {
        let disabled = try load(Self.config().dropLast() + #", "disabled_rules": ["made_twice"]}"#).0
        #expect(disabled.customRules.isEmpty)
        let only = try load(Self.config().dropLast() + #", "only_rules": ["made_twice"]}"#).0
        #expect(only.enabledRules.isEmpty)
        #expect(only.customRules.map(\.identifier) == ["made_twice"])
    }

    @Test func examplesAreCheckedThroughTheRealPipeline() throws {
        let (passing, file) = try load(Self.config())
        let results = try CustomRuleExampleCheck.run(passing, patterns: try UserPattern.load(from: file))
        #expect(results.map(\.passed) == [true, true])
        // The rule no longer groups: each init is a finding of its own, so the non-triggering
        // example (one init) is flagged, and the triggering one still cites both lines.
        let (failing, _) = try load(Self.config(query: "SELECT view, line AS lines FROM events WHERE trace_id = :trace_id AND kind = 'init'"))
        let verdicts = try CustomRuleExampleCheck.run(failing, patterns: [])
        #expect(verdicts.map(\.passed) == [true, false])
        #expect(verdicts[1].problems == ["flagged: Row was created 1 times (lines 1)"])
    }

    @Test func badLinesAndARunawayQueryNameTheRule() throws {
        let (words, _) = try load(Self.config(query: "SELECT view, 'first, last' AS lines FROM events WHERE trace_id = :trace_id LIMIT 1"))
        let pipeline = try Pipeline(log: "A init\n")
        #expect(throws: AnalysisError.self) { try pipeline.analyze(words) }
        do {
            _ = try pipeline.analyze(words)
        } catch let error as AnalysisError {
            #expect(error.description.hasSuffix("row 1: lines 'first, last' is not a list of line numbers (e.g. group_concat(line) AS lines)"))
        }
        let (far, _) = try load(Self.config(query: "SELECT view, id + 10 AS lines FROM events WHERE trace_id = :trace_id"))
        do {
            _ = try pipeline.analyze(far)
            Issue.record("a line past the end of the trace was cited")
        } catch let error as AnalysisError {
            #expect(error.description.hasSuffix("row 1: line 11 is past the end of the trace (1 lines); `lines` must be line numbers of the log, such as events.line"))
        }
        let many = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i <= 100000) SELECT 'A' || i AS view, 1 AS lines FROM n WHERE :trace_id"
        // The row limit, not the clock, must stop it: on a loaded machine 100,000 findings can take
        // longer than the default timeout to store.
        let (flood, _) = try load(Self.config(query: many, extra: #", "timeout": 3600"#))
        do {
            _ = try pipeline.analyze(flood)
            Issue.record("a query returning a row per number was taken whole")
        } catch let error as AnalysisError {
            #expect(error.description.hasSuffix("the query returned more than 100000 rows; each row is a finding, so group them (GROUP BY view) or narrow the query"))
        }
        let endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT 'A' AS view, 1 AS lines FROM n WHERE i = :trace_id - 5"
        let (slow, _) = try load(Self.config(query: endless, extra: #", "timeout": 0.2"#))
        do {
            _ = try pipeline.analyze(slow)
            Issue.record("an endless query finished")
        } catch let error as AnalysisError {
            #expect(error.description.contains("custom rule 'made_twice'"))
            #expect(error.description.contains("the query ran longer than its 0.2 s timeout"))
        }
    }
}
