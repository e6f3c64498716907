import TraceRules

/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request,
/// `::warning file=…,line=…,col=…,title=…::message`, then the summary line for the job log.
enum GitHubActionsLoggingReporter: Reporter {
    static let identifier = "github-actions-logging"
    static let summary = "GitHub Actions annotations (::error / ::warning / ::notice), one per finding."

    static func write(_ report: Report, to sink: ReportSink) throws {
        try report.findings.forEach { _, finding in
            let location = report.location(of: finding)
            var properties: [String] = []
            if let file = location.file {
                properties.append("file=" + property(file))
                if let line = location.line { properties.append("line=\(line)") }
                if let column = location.column { properties.append("col=\(column)") }
            }
            properties.append("title=" + property(finding.rule + (finding.view.map { " (\($0))" } ?? "")))
            var message = finding.message
            if !finding.lines.isEmpty {
                message += "\nEvidence: \(Report.file(of: finding)) line\(finding.lines.count == 1 ? "" : "s") "
                    + finding.lines.map(String.init).joined(separator: ", ")
            }
            sink.write("::\(command(finding.severity)) \(properties.joined(separator: ","))::\(data(message))\n")
        }
        sink.write(report.summaryLine + "\n")
    }

    private static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
    }

    /// A command's message: `%`, CR and LF escaped, as the runner's toolkit does.
    static func data(_ value: String) -> String {
        value.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: also `:` and `,`, which would end it.
    static func property(_ value: String) -> String {
        data(value).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
