import TraceRules

/// The default format: findings grouped by severity, each with its evidence as `file:line`.
enum TextReporter: Reporter {
    static let identifier = "text"
    static let summary = "Findings grouped by severity, then a one-line summary."
    /// Evidence lines shown per finding; the JSON report has them all.
    static let maxEvidence = 10

    static func render(_ report: Report) -> String {
        var text = ""
        for severity in Severity.allCases.reversed() {
            let findings = report.findings.filter { $0.severity == severity }
            guard !findings.isEmpty else { continue }
            text += "\(heading(severity)) (\(findings.count))\n\n"
            for finding in findings {
                text += finding.rule + (finding.view.map { ": \($0)" } ?? "") + "\n"
                text += "  \(finding.message)\n"
                let file = Report.file(of: finding)
                for line in finding.lines.prefix(maxEvidence) {
                    text += "    \(file):\(line)\n"
                }
                if finding.lines.count > maxEvidence {
                    text += "    … and \(plural(finding.lines.count - maxEvidence, "more line"))\n"
                }
                text += "\n"
            }
        }
        return text + report.summaryLine + "\n"
    }

    private static func heading(_ severity: Severity) -> String {
        switch severity {
        case .error: "Errors"
        case .warning: "Warnings"
        case .info: "Info"
        }
    }
}
