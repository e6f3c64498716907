import TraceRules

/// `trace-analyze rules [ID]`: the rule list, or one rule's documentation and examples.
enum RulesCommand: Command {
    static let spec = CommandSpec(
        name: "rules",
        summary: "List the rules (runtime and lint), or explain one: why it matters, how to fix it, thresholds, examples.",
        usage: "[ID]",
        options: [],
        positionals: [("ID", "A rule id, such as identity_churn.")],
        maxPositionals: 1
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let registry = RuleRegistry.builtIn
        guard let identifier = arguments.positionals.first else {
            Console.write(list(registry))
            return ExitCode.success
        }
        if let lintRule = LintRegistry.builtIn.rule(identifier) {
            Console.write(LintRuleText.detail(lintRule.description))
            return ExitCode.success
        }
        guard let rule = registry.rule(identifier) else {
            let all = registry.identifiers + LintRegistry.builtIn.identifiers
            throw UsageError("unknown rule '\(identifier)'\(Suggestion.hint(for: identifier, in: all)); valid rules: \(all.joined(separator: ", "))")
        }
        Console.write(detail(rule.description))
        return ExitCode.success
    }

    static func list(_ registry: RuleRegistry) -> String {
        let descriptions = registry.rules.map { $0.description }
        let width = descriptions.map(\.identifier.count).max() ?? 0
        var text = ""
        for description in descriptions {
            let id = description.identifier.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = description.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            text += "\(id)  \(severity)  \(description.summary)\n"
        }
        return text + "\n" + LintRuleText.list(LintRegistry.builtIn) + "\n`trace-analyze rules ID` explains one; configure them in .trace-analyze.json under \"rules\".\n"
    }

    static func detail(_ description: RuleDescription) -> String {
        var text = "\(description.identifier): \(description.title)\n"
        text += "Default severity: \(description.defaultSeverity.rawValue)\n"
        text += "Seed: \(description.seed)\n\n"
        text += description.summary.wrapped(indent: "") + "\n"
        text += "\nWhy it matters:\n" + description.rationale.wrapped(indent: "  ") + "\n"
        text += "\nHow to fix it:\n" + description.fix.wrapped(indent: "  ") + "\n"
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
