import TraceRules

/// Counts per rule and severity, with totals: what a CI log needs at a glance.
enum SummaryReporter: Reporter {
    static let identifier = "summary"
    static let summary = "A table of finding counts per rule and severity, with totals."

    static func render(_ report: Report) -> String {
        let severities = Severity.allCases.reversed()
        var table = TextTable(header: ["rule"] + severities.map(\.rawValue) + ["total"], rightAligned: [1, 2, 3, 4])
        table.addSeparator()
        let rules = Set(report.findings.map(\.rule)).sorted()
        for rule in rules {
            let findings = report.findings.filter { $0.rule == rule }
            table.add([rule] + severities.map { severity in String(findings.filter { $0.severity == severity }.count) } + [String(findings.count)])
        }
        table.addSeparator()
        table.add(["total"] + severities.map { String(report.count($0)) } + [String(report.findings.count)])
        let coverage = report.coverageLines.filter { !$0.hasPrefix(" ") }.joined(separator: "\n")
        return table.text + "\n" + (coverage.isEmpty ? "" : coverage + "\n") + report.summaryLine + "\n"
    }
}
