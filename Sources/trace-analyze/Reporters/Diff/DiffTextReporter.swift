import TraceRules

/// The changed counts as an aligned table, `+`, `-` or `~` first, regressions marked.
enum DiffTextReporter: DiffReporter {
    static let identifier = "text"

    static func render(_ diff: TraceDiff) -> String {
        var text = "base: \(diff.base)\nhead: \(diff.head)\n\n"
        if !diff.changes.isEmpty {
            var table = TextTable(header: ["", "view", "count", "base", "head", "change", ""], rightAligned: [3, 4])
            for row in diff.changes {
                table.add([row.change.rawValue, row.subject.view, DiffReporters.countName(row.subject), String(row.base), String(row.head),
                           DiffReporters.change(row), row.regressed ? "regressed" : ""])
            }
            text += table.text + "\n"
        }
        text += DiffReporters.summary(diff) + "\n"
        let measured = MeasurementDiffReport.text(diff.measurements)
        return measured.isEmpty ? text : text + "\n" + measured
    }
}
