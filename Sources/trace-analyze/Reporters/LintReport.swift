import TraceRules

/// What a report of `lint` knows beyond its stored findings: how many files were read, and
/// each finding's column, which the `findings` table (made for log lines) has no place for.
struct LintReport {
    /// How many Swift files were read.
    let files: Int
    /// The lint rules that ran, as the reporters list rules (SARIF's `rules`, with their help).
    let rules: [Report.Rule]
    private let columns: [Key: Int]
    private let changes: [Key: SourceChange]

    private struct Key: Hashable {
        let file: String
        let line: Int
        let rule: String
    }

    init(_ result: Linter.Result, configuration: LintConfiguration) {
        files = result.files
        rules = configuration.enabledRules.map { rule, severity in
            let lint = rule.description
            let description = RuleDescription(
                identifier: lint.identifier, title: lint.title, defaultSeverity: lint.defaultSeverity, summary: lint.summary,
                rationale: lint.rationale, fix: lint.fix, seed: lint.seed, triggeringExamples: [], nonTriggeringExamples: []
            )
            return Report.Rule(description: description, severity: severity)
        }
        var columns: [Key: Int] = [:]
        var changes: [Key: SourceChange] = [:]
        for finding in result.findings {
            // Two findings of one rule on one line: the first one's column.
            let key = Key(file: finding.file, line: finding.position.line, rule: finding.rule)
            if columns[key] == nil { columns[key] = finding.position.column }
            if changes[key] == nil, let change = finding.change { changes[key] = change }
        }
        self.columns = columns
        self.changes = changes
    }

    /// The lines the lint rule's mechanical fix changes for `finding`, if it makes one.
    func change(of finding: Finding) -> SourceChange? {
        guard let line = finding.lines.first else { return nil }
        return changes[Key(file: finding.source, line: line, rule: finding.rule)]
    }

    /// The column of `finding`'s line, as the lint rule found it.
    func column(of finding: Finding) -> Int? {
        guard let line = finding.lines.first else { return nil }
        return columns[Key(file: finding.source, line: line, rule: finding.rule)]
    }
}
