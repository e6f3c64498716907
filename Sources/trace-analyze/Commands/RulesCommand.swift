import TraceModel
import TraceRules

/// `trace-analyze rules [ID]`: the rule list, or one rule's documentation and examples; with
/// `--check`, the custom rules' examples run through the real pipeline.
enum RulesCommand: Command {
    static let spec = CommandSpec(
        name: "rules",
        summary: "List the rules (runtime, lint and custom), or explain one: why it matters, how to fix it, thresholds, examples.",
        usage: "[ID] [--config PATH] [--check] [--markdown DIR]",
        options: [
            ConfigOption.spec,
            OptionSpec(name: "check", value: nil, help: "Run the custom rules' examples (or rule ID's) and report each; exit 1 when one fails."),
            OptionSpec(name: "markdown", value: "DIR", help: "Write the rule directory: a Markdown page per built-in rule and an index (docs/rules in this repository)."),
        ],
        positionals: [("ID", "A rule id, such as identity_churn, or a custom rule's.")],
        maxPositionals: 1,
        discussion: """
        Custom rules are SQL queries under "custom_rules" in the configuration file; the list
        shows them after the built-in rules. With --check each triggering example must be
        flagged citing exactly its ↓ lines, and each non-triggering one must not be flagged.

        EXAMPLES:
          trace-analyze rules
          trace-analyze rules identity_churn
          trace-analyze rules --check --config .trace-analyze.json
          trace-analyze rules --markdown docs/rules
        """,
        // The built-in ids, which `rules <Tab>` offers; a custom rule's id is typed out.
        positionalChoices: RuleRegistry.builtIn.identifiers + LintRegistry.builtIn.identifiers
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let registry = RuleRegistry.builtIn
        let file = try ConfigOption.load(arguments)
        let configuration = try RuleConfiguration(file: file)
        // Every custom rule the file defines, even one `disabled_rules` turns off: it is documented and checked.
        let custom = try CustomRule.load(from: file, builtIn: registry)
        let identifier = arguments.positionals.first
        if let identifier, registry.rule(identifier) == nil, LintRegistry.builtIn.rule(identifier) == nil,
           !custom.contains(where: { $0.identifier == identifier }) {
            let known = registry.identifiers + LintRegistry.builtIn.identifiers + custom.map(\.identifier)
            throw UsageError("unknown rule '\(identifier)'\(Suggestion.hint(for: identifier, in: known)); valid rules: \(known.joined(separator: ", "))")
        }
        if let directory = arguments.value("markdown") {
            let names = try RuleMarkdown.write(to: directory, registry: registry, lint: LintRegistry.builtIn)
            Console.out("wrote \(names.count) pages to \(directory)")
            return ExitCode.success
        }
        if arguments.flag("check") {
            return try check(custom, configuration: configuration, file: file, only: identifier)
        }
        guard let identifier else {
            Console.write(list(registry, custom: custom, file: file.path))
            return ExitCode.success
        }
        if let lintRule = LintRegistry.builtIn.rule(identifier) {
            Console.write(LintRuleText.detail(lintRule.description))
        } else if let rule = registry.rule(identifier) {
            Console.write(detail(rule.description))
        } else if let rule = custom.first(where: { $0.identifier == identifier }) {
            Console.write(detail(rule))
        }
        return ExitCode.success
    }

    /// `rules --check`: every example of every custom rule (or of `only`), PASS or FAIL.
    private static func check(_ custom: [CustomRule], configuration: RuleConfiguration, file: ConfigurationFile, only: String?) throws -> Int32 {
        guard let path = file.path else {
            throw ToolError("no configuration file: pass --config PATH or create ./\(ConfigurationFile.defaultName)")
        }
        if let only, !custom.contains(where: { $0.identifier == only }) {
            throw UsageError("'\(only)' is a built-in rule; --check runs the custom rules' examples (the built-in ones are the test suite's)")
        }
        guard !custom.isEmpty else {
            Console.out("\(path): no custom rules to check")
            return ExitCode.success
        }
        // Disabled custom rules are checked too: the check is about their definitions.
        let all = configuration.including(custom)
        let results = try CustomRuleExampleCheck.run(all, patterns: try UserPattern.load(from: file), only: only)
        var failed = 0
        for result in results {
            Console.out("\(result.passed ? "PASS" : "FAIL")  \(result.rule)  \(result.example)")
            for problem in result.problems { Console.out("      \(problem)") }
            if !result.passed { failed += 1 }
        }
        let rules = Set(results.map(\.rule)).count
        Console.out("\(plural(rules, "custom rule")), \(plural(results.count, "example")): \(results.count - failed) passed, \(failed) failed")
        return failed == 0 ? ExitCode.success : ExitCode.failure
    }

    static func list(_ registry: RuleRegistry, custom: [CustomRule] = [], file: String? = nil) -> String {
        let descriptions = registry.rules.map { $0.description }
        let width = (descriptions.map(\.identifier.count) + custom.map(\.identifier.count)).max() ?? 0
        func row(_ identifier: String, _ severity: Severity, _ summary: String) -> String {
            let id = identifier.padding(toLength: width, withPad: " ", startingAt: 0)
            return "\(id)  \(severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(summary)\n"
        }
        var text = descriptions.map { row($0.identifier, $0.defaultSeverity, $0.summary) }.joined()
        if !custom.isEmpty {
            text += "\nCustom rules (\(file ?? ConfigurationFile.defaultName)):\n"
            text += custom.map { row($0.identifier, $0.severity, $0.summary) }.joined()
        }
        return text + "\n" + LintRuleText.list(LintRegistry.builtIn)
            + "\n`trace-analyze rules ID` explains one; configure them in .trace-analyze.json under \"rules\", write your own in SQL under \"custom_rules\".\n"
    }

    /// A custom rule's documentation: where it is defined, its message, query and examples.
    static func detail(_ rule: CustomRule) -> String {
        var text = "\(rule.identifier): \(rule.title)\n"
        text += "Custom rule, defined at \(rule.location)\n"
        text += "Severity: \(rule.severity.rawValue)\n\n"
        text += rule.summary.wrapped(indent: "") + "\n"
        text += "\nMessage: \(rule.message)\n"
        text += "\nQuery (run per trace with :trace_id bound, read-only, at most \(Threshold.format(rule.timeout)) s):\n"
        text += rule.query.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
        text += "\nTriggering examples (↓ marks the lines a finding cites):\n"
        text += examples(rule.triggeringExamples)
        text += "\nNon-triggering examples:\n"
        text += examples(rule.nonTriggeringExamples)
        return text
    }

    static func detail(_ description: RuleDescription) -> String {
        var text = "\(description.identifier): \(description.title)\n"
        text += "Default severity: \(description.defaultSeverity.rawValue)\n"
        text += "Seed: \(description.seed)\n\n"
        text += description.summary.wrapped(indent: "") + "\n"
        text += "\nWhy it matters:\n" + description.rationale.wrapped(indent: "  ") + "\n"
        text += "\nHow to fix it:\n" + description.fix.wrapped(indent: "  ") + "\n"
        text += RuleSwift.terminal(RuleSwift.items(for: description, lint: LintRegistry.builtIn.rules.map { $0.description }))
        text += "\nConfiguration (.trace-analyze.json, under \"rules\": {\"\(description.identifier)\": {...}}):\n"
        let rows = [("severity", description.defaultSeverity.rawValue, "error, warning or info.")]
            + description.thresholds.map { ($0.key, Threshold.format($0.defaultValue), $0.summary) }
        let width = rows.map { $0.0.count + $0.1.count + 3 }.max() ?? 0
        for (key, value, summary) in rows {
            text += "  " + "\(key) = \(value)".padding(toLength: width, withPad: " ", startingAt: 0) + "  \(summary)\n"
        }
        text += "\nTriggering examples (↓ marks the lines a finding cites):\n"
        text += examples(description.triggeringExamples)
        text += "\nNon-triggering examples:\n"
        text += examples(description.nonTriggeringExamples)
        return text
    }

    private static func examples(_ examples: [Example]) -> String {
        examples.map { example in
            var block = example.note.map { $0.wrapped(indent: "  ") + "\n" } ?? ""
            if !example.thresholds.isEmpty {
                let settings = example.thresholds.sorted { $0.key < $1.key }.map { "\($0.key) = \(Threshold.format($0.value))" }
                block += "  (with \(settings.joined(separator: ", ")))\n"
            }
            let lines = example.annotatedLog.split(separator: "\n", omittingEmptySubsequences: false)
            return block + lines.map { "    " + ($0.first == Example.marker ? "" : " ") + $0 }.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }
}

extension String {
    /// The text wrapped at 100 columns, each line starting with `indent`.
    func wrapped(indent: String, width: Int = 100) -> String {
        var lines: [String] = []
        var line = indent
        for word in split(separator: " ", omittingEmptySubsequences: true) {
            if line.count > indent.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        if line.count > indent.count { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
