import TraceRules

/// The changed counts as a Markdown table, for a pull-request comment or job summary.
enum DiffMarkdownReporter: DiffReporter {
    static let identifier = "markdown"

    static func render(_ diff: TraceDiff) -> String {
        var text = "### trace-analyze diff\n\n"
        text += "\(MarkdownReporter.code(diff.base)) → \(MarkdownReporter.code(diff.head)): \(DiffReporters.summary(diff)).\n"
        guard !diff.changes.isEmpty else { return text + MeasurementDiffReport.markdown(diff.measurements) }
        text += "\n| | view | count | base | head | change |\n|---|---|---|---:|---:|---|\n"
        for row in diff.changes {
            let change = DiffReporters.change(row) + (row.regressed ? " **regressed**" : "")
            let cells = [
                row.change.rawValue, MarkdownReporter.code(row.subject.view),
                MarkdownReporter.cell(DiffReporters.countName(row.subject)), String(row.base), String(row.head), change,
            ]
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text + MeasurementDiffReport.markdown(diff.measurements)
    }
}
