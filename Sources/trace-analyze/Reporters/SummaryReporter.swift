import TraceRules

/// Counts per rule and severity, with totals: what a CI log needs at a glance.
enum SummaryReporter: Reporter {
    static let identifier = "summary"
    static let summary = "A table of finding counts per rule and severity, with totals."

    static func write(_ report: Report, to sink: ReportSink) throws {
        let severities = Severity.allCases.reversed()
        var table = TextTable(header: ["rule"] + severities.map(\.rawValue) + ["total"], rightAligned: [1, 2, 3, 4])
        table.addSeparator()
        let counts = try report.findings.countsByRule()
        for rule in counts.keys.sorted() {
            let found = counts[rule] ?? [:]
            table.add([rule] + severities.map { String(found[$0] ?? 0) } + [String(found.values.reduce(0, +))])
        }
        table.addSeparator()
        table.add(["total"] + severities.map { String(report.count($0)) } + [String(report.total)])
        let coverage = report.coverageLines.filter { !$0.hasPrefix(" ") }.joined(separator: "\n")
        sink.write(table.text + "\n" + (coverage.isEmpty ? "" : coverage + "\n") + report.summaryLine + "\n")
    }
}
