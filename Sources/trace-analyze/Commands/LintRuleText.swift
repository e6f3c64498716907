import TraceRules

/// How `rules` shows the lint rules: a list after the runtime rules, and one rule's page.
enum LintRuleText {
    /// `Static rules (trace-analyze lint):` and one line per rule, with the runtime rule it explains.
    static func list(_ registry: LintRegistry) -> String {
        let descriptions = registry.rules.map { $0.description }
        let width = descriptions.map(\.identifier.count).max() ?? 0
        var text = "Static rules (trace-analyze lint), each explaining a runtime rule's finding:\n"
        for description in descriptions {
            let id = description.identifier.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = description.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            text += "\(id)  \(severity)  → \(description.runtimeRule ?? "(none)")\n"
        }
        return text
    }

    /// One lint rule's documentation and examples.
    static func detail(_ description: LintRuleDescription) -> String {
        var text = "\(description.identifier): \(description.title) (static, `trace-analyze lint`)\n"
        text += "Default severity: \(description.defaultSeverity.rawValue)"
        if let runtime = description.runtimeRule { text += " (one level below \(runtime)'s)" }
        text += "\n"
        if !description.explains.isEmpty { text += "Explains: \(description.explains.joined(separator: ", ")) (linked by check --sources)\n" }
        text += "Seed: \(description.seed)\n\n"
        text += description.summary.wrapped(indent: "") + "\n"
        text += "\nWhy it matters:\n" + description.rationale.wrapped(indent: "  ") + "\n"
        text += "\nHow to fix it:\n" + description.fix.wrapped(indent: "  ") + "\n"
        text += RuleSwift.terminal(RuleSwift.items(for: description))
        text += "\nConfiguration (.trace-analyze.json, under \"rules\": {\"\(description.identifier)\": {\"severity\": ...}}).\n"
        text += "\nTriggering examples (↓ marks where a finding points):\n"
        text += examples(description.triggeringExamples)
        text += "\nNon-triggering examples:\n"
        text += examples(description.nonTriggeringExamples)
        return text
    }

    private static func examples(_ examples: [LintExample]) -> String {
        examples.map { example in
            let block = example.note.map { $0.wrapped(indent: "  ") + "\n" } ?? ""
            return block + example.annotatedCode.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }
}
