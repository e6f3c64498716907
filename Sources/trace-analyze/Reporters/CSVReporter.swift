import TraceRules

/// CSV as RFC 4180 quotes it (records end in LF, as `query --format csv` ends them), one row per finding under a header row, for spreadsheets and scripts.
///
/// `file`, `line` and `column` are where the finding points (the view's declaration with
/// `--sources`, else the log's first evidence line); `evidence` lists the log's cited lines,
/// space-separated, in `log`. An unknown value is an empty field.
enum CSVReporter: Reporter {
    static let identifier = "csv"
    static let summary = "CSV with a header row: one row per finding, with its location and evidence lines."

    static let columns = ["severity", "rule", "view", "message", "file", "line", "column", "count", "log", "evidence", "root_cause"]

    static func write(_ report: Report, to sink: ReportSink) throws {
        sink.write(columns.joined(separator: ",") + "\n")
        try report.findings.forEach { _, finding in
            let location = report.location(of: finding)
            let fields = [
                finding.severity.rawValue,
                finding.rule,
                finding.view ?? "",
                finding.message,
                location.file ?? Report.file(of: finding),
                location.line.map(String.init) ?? "",
                location.column.map(String.init) ?? "",
                String(finding.count),
                Report.file(of: finding),
                finding.lines.map(String.init).joined(separator: " "),
                finding.rootCause ?? "",
            ]
            // LF ends records, as `query --format csv` ends them; fields holding one are quoted.
            sink.write(fields.map(CSVWriter.quote).joined(separator: ",") + "\n")
        }
    }
}
