import TraceModel

/// Which rules run, at what severity, with which thresholds: the `rules`, `custom_rules`,
/// `disabled_rules` and `only_rules` sections of `.trace-analyze.json`.
///
/// `only_rules` and `disabled_rules` name built-in and custom rules alike. `only_rules` picks the rules that run (all when absent); `disabled_rules` then removes rules
/// from that set. Every rule id, key and value is checked when the file is read, so a typo is
/// an error naming its key path rather than a setting that silently does nothing.
public struct RuleConfiguration: Sendable {
    /// One rule's settings.
    public struct Settings: Sendable, Equatable {
        /// The severity findings get.
        public var severity: Severity
        /// The thresholds in force.
        public var thresholds: ThresholdValues
    }

    /// The rules that run, in registry order.
    public let enabledRules: [any Rule.Type]
    /// The custom rules that run, in file order, after the built-in ones.
    public let customRules: [CustomRule]
    /// Which body evaluations the rules that count them report (`evaluations`; default
    /// `avoidable`).
    public private(set) var evaluations = EvaluationScope.avoidable
    private let settings: [String: Settings]

    /// Every rule of `registry`, with its defaults.
    public init(registry: RuleRegistry = .builtIn) {
        enabledRules = registry.rules
        customRules = []
        settings = Dictionary(uniqueKeysWithValues: registry.rules.map {
            ($0.description.identifier, Settings(defaultsOf: $0.description))
        })
    }

    /// Reads the rule sections of `file`, checking every id, key and value.
    public init(file: ConfigurationFile, registry: RuleRegistry = .builtIn) throws {
        guard let root = file.root else {
            self.init(registry: registry)
            return
        }
        var settings: [String: Settings] = [:]
        for rule in registry.rules {
            settings[rule.description.identifier] = Settings(defaultsOf: rule.description)
        }
        if let rules = try root.object("rules") {
            for identifier in rules.order {
                guard let rule = registry.rule(identifier) else {
                    // `lint`'s rules share the section; `LintConfiguration` reads them.
                    if LintRegistry.builtIn.rule(identifier) != nil { continue }
                    throw rules.error(identifier, Self.unknownRule(registry))
                }
                let reader = try rules.object(identifier)!
                settings[identifier] = try Settings(reading: reader, for: rule.description)
            }
        }
        let custom = try CustomRule.load(from: file, builtIn: registry)
        let known = registry.identifiers + LintRegistry.builtIn.identifiers + custom.map(\.identifier)
        let only = try Self.ruleList(root, "only_rules", known)
        let disabled = try Self.ruleList(root, "disabled_rules", known) ?? []
        func runs(_ identifier: String) -> Bool { (only?.contains(identifier) ?? true) && !disabled.contains(identifier) }
        self.init(
            enabledRules: registry.rules.filter { runs($0.description.identifier) },
            customRules: custom.filter { runs($0.identifier) }, settings: settings
        )
        if let name = try root.string("evaluations") {
            switch EvaluationScope.parse(name) {
            case .success(let scope): evaluations = scope
            case .failure(let error): throw root.error("evaluations", error.description)
            }
        }
    }

    /// This configuration reporting `scope` (`check --evaluations`, which wins over the file).
    public func with(evaluations scope: EvaluationScope) -> RuleConfiguration {
        var copy = self
        copy.evaluations = scope
        return copy
    }

    /// The settings in force for `rule`.
    public func settings(for rule: any Rule.Type) -> Settings {
        settings[rule.description.identifier] ?? Settings(defaultsOf: rule.description)
    }

    /// Runs only `identifiers` (used by tests and by callers that pick rules themselves).
    public func restricted(to identifiers: [String]) -> RuleConfiguration {
        RuleConfiguration(
            enabledRules: enabledRules.filter { identifiers.contains($0.description.identifier) },
            customRules: customRules.filter { identifiers.contains($0.identifier) }, settings: settings
        ).with(evaluations: evaluations)
    }

    /// This configuration with `custom` as its custom rules (`rules --check` checks disabled ones too).
    public func including(_ custom: [CustomRule]) -> RuleConfiguration {
        RuleConfiguration(enabledRules: enabledRules, customRules: custom, settings: settings).with(evaluations: evaluations)
    }

    /// Overrides thresholds of one rule (used to run an example with its own values).
    public func with(thresholds: [String: Double], for rule: any Rule.Type) -> RuleConfiguration {
        var copy = settings
        var ruleSettings = settings(for: rule)
        for (key, value) in thresholds { ruleSettings.thresholds.set(key, to: value) }
        copy[rule.description.identifier] = ruleSettings
        return RuleConfiguration(enabledRules: enabledRules, customRules: customRules, settings: copy).with(evaluations: evaluations)
    }

    private init(enabledRules: [any Rule.Type], customRules: [CustomRule], settings: [String: Settings]) {
        self.enabledRules = enabledRules
        self.customRules = customRules
        self.settings = settings
    }

    private static func ruleList(_ root: ConfigurationReader, _ key: String, _ known: [String]) throws -> [String]? {
        guard let identifiers = try root.strings(key) else { return nil }
        for (index, identifier) in identifiers.enumerated() where !known.contains(identifier) {
            throw root.error("\(key)[\(index)]", "'\(identifier)' is not a rule; valid rules: \(known.joined(separator: ", "))")
        }
        return identifiers
    }

    private static func unknownRule(_ registry: RuleRegistry) -> String {
        "unknown rule; " + validRules(registry)
    }

    private static func validRules(_ registry: RuleRegistry) -> String {
        "valid rules: \((registry.identifiers + LintRegistry.builtIn.identifiers).joined(separator: ", "))"
    }
}

extension RuleConfiguration.Settings {
    init(defaultsOf description: RuleDescription) {
        severity = description.defaultSeverity
        thresholds = ThresholdValues(defaults: description.thresholds)
    }

    init(reading reader: ConfigurationReader, for description: RuleDescription) throws {
        self.init(defaultsOf: description)
        try reader.rejectUnknownKeys(["severity"] + description.thresholds.map(\.key))
        if let name = try reader.string("severity") {
            guard let severity = Severity(rawValue: name) else {
                if ["off", "none", "disabled", "ignore"].contains(name.lowercased()) {
                    throw reader.error("severity", "'\(name)' is not a severity; to turn the rule off, list it in \"disabled_rules\": [\"\(description.identifier)\"]")
                }
                let valid = Severity.allCases.reversed().map(\.rawValue).joined(separator: ", ")
                throw reader.error("severity", "unknown severity '\(name)'; valid: \(valid)")
            }
            self.severity = severity
        }
        for threshold in description.thresholds {
            guard let value = try reader.number(threshold.key) else { continue }
            if let problem = threshold.problem(with: value) {
                throw reader.error(threshold.key, problem)
            }
            thresholds.set(threshold.key, to: value)
        }
    }
}
