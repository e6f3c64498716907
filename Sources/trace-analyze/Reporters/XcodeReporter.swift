import TraceRules

/// Xcode's diagnostic lines, `path:line:column: warning: message (rule_id)`, which Xcode shows
/// as issues when a build phase prints them. Info findings print as `note`.
enum XcodeReporter: Reporter {
    static let identifier = "xcode"
    static let summary = "Xcode diagnostics, path:line:column: warning: message (rule_id), one line per finding."

    static func write(_ report: Report, to sink: ReportSink) throws {
        try report.findings.forEach { _, finding in
            let location = report.location(of: finding)
            var place = location.file ?? "<stdin>"
            if let line = location.line { place += ":\(line):\(location.column ?? 1)" }
            let message = finding.message.replacingOccurrences(of: "\n", with: " ")
            sink.write("\(place): \(kind(finding.severity)): \(message) (\(finding.rule))\n")
        }
    }

    private static func kind(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }
}
