import TraceModel

/// Which lint rules run, and at what severity: the same `rules`, `only_rules` and
/// `disabled_rules` sections of `.trace-analyze.json` that `RuleConfiguration` reads.
///
/// A lint rule's severity is the one its own entry sets; else one level below its runtime
/// rule's severity in force (so raising `identity_churn` raises its static shapes too); else
/// its default. `only_rules` runs a lint rule named there, or one whose runtime rule is named
/// there; `disabled_rules` turns a lint rule off by its own id.
public struct LintConfiguration: Sendable {
    /// The rules that run, in registry order, with their severities.
    public let enabledRules: [(rule: any LintRule.Type, severity: Severity)]

    private init(enabledRules: [(rule: any LintRule.Type, severity: Severity)]) {
        self.enabledRules = enabledRules
    }

    /// Every rule of `registry`, with its defaults.
    public init(registry: LintRegistry = .builtIn) {
        self.init(enabledRules: registry.rules.map { ($0, $0.description.defaultSeverity) })
    }

    /// Reads the rule sections of `file`; `RuleConfiguration` has checked runtime ids, this
    /// checks the lint rules' entries.
    public init(file: ConfigurationFile, registry: LintRegistry = .builtIn) throws {
        guard let root = file.root else {
            self.init(registry: registry)
            return
        }
        let runtime = try RuleConfiguration(file: file)
        let rules = try root.object("rules")
        let only = try root.strings("only_rules")
        let disabled = try root.strings("disabled_rules") ?? []
        var enabled: [(any LintRule.Type, Severity)] = []
        for rule in registry.rules {
            let description = rule.description
            var severity = description.defaultSeverity
            if let runtimeID = description.runtimeRule, let runtimeRule = RuleRegistry.builtIn.rule(runtimeID),
               rules?.members[runtimeID] != nil {
                severity = runtime.settings(for: runtimeRule).severity.lowered
            }
            if let entry = try rules?.object(description.identifier) {
                try entry.rejectUnknownKeys(["severity"])
                if let name = try entry.string("severity") {
                    guard let configured = Severity(rawValue: name) else {
                        let valid = Severity.allCases.reversed().map(\.rawValue).joined(separator: ", ")
                        throw entry.error("severity", "unknown severity '\(name)'; valid: \(valid)")
                    }
                    severity = configured
                }
            }
            if let only, !only.contains(description.identifier), !(description.runtimeRule.map(only.contains) ?? false) { continue }
            if disabled.contains(description.identifier) { continue }
            enabled.append((rule, severity))
        }
        self.init(enabledRules: enabled)
    }
}
