import TraceRules
import TraceStore

/// What reporters print: one run's findings, the rules that ran, and how the run is judged.
struct Report {
    /// A rule that ran, with the severity in force.
    struct Rule {
        let description: RuleDescription
        let severity: Severity
    }

    /// The findings to report (the baseline's already removed), in report order.
    let findings: [Finding]
    /// How many traces were analysed (some may have no findings).
    let traceCount: Int
    let failLevel: FailLevel
    /// The rules that ran, in registry order.
    var rules: [Rule] = []
    /// How many findings the baseline hid; nil when no baseline was given.
    var hidden: Int?
    /// The view declarations from `--sources`, if given.
    var sources: SourceIndex?
    /// Whether the text may carry terminal colours.
    var colours = false

    /// Findings of `severity`.
    func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }

    /// True when a finding reaches the fail level: the run exits 2.
    var failed: Bool { findings.contains { failLevel.fails($0.severity) } }

    /// `3 findings (1 error, 2 warnings) in 1 trace`, then `; 2 hidden by the baseline` with one.
    var summaryLine: String {
        let parts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = count(severity)
            guard count > 0 else { return nil }
            return severity == .info ? "\(count) info" : plural(count, severity.rawValue)
        }
        let list = parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
        let baseline = hidden.map { "; \($0) hidden by the baseline" } ?? ""
        return "\(plural(findings.count, "finding"))\(list) in \(plural(traceCount, "trace"))\(baseline)"
    }

    /// Where a finding points: its view's declaration with `--sources`, else the log's first evidence line.
    func location(of finding: Finding) -> FindingLocation {
        if let view = finding.view, let declaration = sources?.declaration(of: view) {
            return FindingLocation(file: declaration.file, line: declaration.line, column: declaration.column, isDeclaration: true)
        }
        return FindingLocation(file: finding.source == "-" ? nil : finding.source, line: finding.lines.first, column: nil, isDeclaration: false)
    }

    /// How a finding's log is shown: the path as given, or `<stdin>`.
    static func file(of finding: Finding) -> String { StandardInput.name(of: finding.source) }

    /// `log.txt:2`, `log.txt:3` for each evidence line.
    static func evidence(of finding: Finding) -> [String] {
        let file = file(of: finding)
        return finding.lines.map { "\(file):\($0)" }
    }
}

func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
