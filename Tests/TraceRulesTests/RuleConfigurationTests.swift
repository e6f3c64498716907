import Foundation
import Testing
import TraceModel
@testable import TraceRules

@Suite struct RuleConfigurationTests {
    /// Writes `json` to a configuration file and reads its rule sections.
    private func load(_ json: String) throws -> RuleConfiguration {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString).json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try RuleConfiguration(file: ConfigurationFile.load(path: path))
    }

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

    @Test func defaultsRunEveryRuleAtItsOwnSeverity() {
        let configuration = RuleConfiguration()
        #expect(configuration.enabledRules.map { $0.description.identifier } == RuleRegistry.builtIn.identifiers)
        let settings = configuration.settings(for: IdentityChurnRule.self)
        #expect(settings.severity == .error)
        #expect(settings.thresholds.count(IdentityChurnRule.minRecreations) == 2)
    }

    @Test func severityAndThresholdsAreOverridden() throws {
        let configuration = try load("""
            {"rules": {"identity_churn": {"severity": "warning", "min_recreations": 3},
                       "heavy_initializer": {"max_init_ms": 2.5}}}
            """)
        let churn = configuration.settings(for: IdentityChurnRule.self)
        #expect(churn.severity == .warning)
        #expect(churn.thresholds.count(IdentityChurnRule.minRecreations) == 3)
        #expect(configuration.settings(for: HeavyInitializerRule.self).thresholds[HeavyInitializerRule.maxInitMilliseconds] == 2.5)
        #expect(configuration.settings(for: HeavyInitializerRule.self).severity == .warning)
    }

    @Test func evaluationsAreAvoidableUnlessTheFileSaysAll() throws {
        #expect(try load("{}").evaluations == .avoidable)
        let all = try load(#"{"evaluations": "all", "only_rules": ["avoidable_body_evaluation"]}"#)
        #expect(all.evaluations == .all)
        // Kept when the rules are narrowed further, as tests and `rules --check` do.
        #expect(all.restricted(to: ["avoidable_body_evaluation"]).evaluations == .all)
    }

    @Test func onlyAndDisabledRulesPickTheRulesThatRun() throws {
        let only = try load(#"{"only_rules": ["identity_churn", "heavy_initializer"], "disabled_rules": ["heavy_initializer"]}"#)
        #expect(only.enabledRules.map { $0.description.identifier } == ["identity_churn"])
        let disabled = try load(#"{"disabled_rules": ["identity_churn"]}"#)
        #expect(!disabled.enabledRules.contains { $0.description.identifier == "identity_churn" })
        #expect(disabled.enabledRules.count == RuleRegistry.builtIn.rules.count - 1)
    }

    @Test(arguments: [
        (#"{"rules": {"identity_chrun": {}}}"#,
         "rules.identity_chrun: unknown rule; valid rules: redundant_instance_creation, identity_churn, heavy_initializer, non_lazy_navigation_destination, unstable_view_value, state_model_reinit, repeated_appear, reinit_while_shown, excessive_body_evaluation, avoidable_body_evaluation, missing_deinit, update_loop, duplicate_identity, offset_identity, state_object_outside_view, missing_navigation_destination, long_body_update, hitch_attribution, long_hitch, main_thread_hang, hitch_time_ratio, conditional_view_identity, random_view_id, eager_navigation_destination, observed_object_created, state_class_initial_value, state_from_init_parameter, unstable_foreach_id, heavy_view_initializer, model_made_for_child"),
        (#"{"rules": {"identity_churn": {"min_recreation": 3}}}"#,
         "rules.identity_churn.min_recreation: unknown key; valid keys here: severity, min_recreations, max_update_seconds"),
        (#"{"rules": {"identity_churn": {"severity": "fatal"}}}"#,
         "rules.identity_churn.severity: unknown severity 'fatal'; valid: error, warning, info"),
        (#"{"rules": {"identity_churn": {"severity": 2}}}"#,
         "rules.identity_churn.severity: expected a string, found a number"),
        (#"{"rules": {"identity_churn": {"min_recreations": "3"}}}"#,
         "rules.identity_churn.min_recreations: expected a number, found a string"),
        (#"{"rules": {"identity_churn": {"min_recreations": 2.5}}}"#,
         "rules.identity_churn.min_recreations: expected a whole number, found 2.5"),
        (#"{"rules": {"identity_churn": {"min_recreations": 0}}}"#,
         "rules.identity_churn.min_recreations: must be in 1 to 1000000000, found 0"),
        (#"{"rules": {"heavy_initializer": {"max_init_ms": -1}}}"#,
         "rules.heavy_initializer.max_init_ms: must be in 0 to 1000000000, found -1"),
        (#"{"rules": {"identity_churn": 3}}"#,
         "rules.identity_churn: expected an object, found a number"),
        (#"{"rules": []}"#,
         "rules: expected an object, found an array"),
        (#"{"disabled_rules": ["heavy_initializer", "nope"]}"#,
         "disabled_rules[1]: 'nope' is not a rule; valid rules: redundant_instance_creation, identity_churn, heavy_initializer, non_lazy_navigation_destination, unstable_view_value, state_model_reinit, repeated_appear, reinit_while_shown, excessive_body_evaluation, avoidable_body_evaluation, missing_deinit, update_loop, duplicate_identity, offset_identity, state_object_outside_view, missing_navigation_destination, long_body_update, hitch_attribution, long_hitch, main_thread_hang, hitch_time_ratio, conditional_view_identity, random_view_id, eager_navigation_destination, observed_object_created, state_class_initial_value, state_from_init_parameter, unstable_foreach_id, heavy_view_initializer, model_made_for_child"),
        (#"{"only_rules": "identity_churn"}"#,
         "only_rules: expected an array of strings, found a string"),
        (#"{"evaluations": "every"}"#,
         "evaluations: unknown evaluations 'every'; valid: avoidable, all"),
    ])
    func mistakesAreNamedByKeyPath(json: String, message: String) {
        #expect(error(json) == message)
    }

    /// Found by the `config` fuzz target: a key with a line break in it (`"redundant_\n…"`) was
    /// quoted as it is, and the error took two lines. It is one line, the break escaped.
    @Test func anErrorQuotingALineBreakIsOneLine() throws {
        do {
            _ = try load(#"{"rules": {"redundant_\nstance_creation": {"severity": "error"}}}"#)
            Issue.record("the unknown rule loaded")
        } catch let error as ConfigurationError {
            #expect(!error.description.contains("\n"))
            #expect(error.description.contains(#"rules.redundant_\nstance_creation: unknown rule"#), "\(error.description)")
        }
    }
}
