import TraceRules

/// SonarQube's generic issue import format (SonarQube Server 10.3 and later, SonarQube Cloud),
/// read through `sonar.externalIssuesReportPaths`.
///
/// `rules` lists the rules that ran, engine `trace-analyze`, each with its summary, rationale
/// and fix as the description, clean-code attribute `EFFICIENT` and one impact on reliability
/// whose severity follows the severity in force (`HIGH` error, `MEDIUM` warning, `LOW` info).
/// `issues` holds one issue per finding at its location, with the log's evidence lines as
/// secondary locations when the location is in the Swift sources (the causing line or the view's declaration). SonarQube imports issues
/// only on files it indexes: point findings at Swift files with `--sources`.
enum SonarQubeReporter: Reporter {
    static let identifier = "sonarqube"
    static let summary = "SonarQube generic issue import (rules and issues) for sonar.externalIssuesReportPaths."
    static let engine = "trace-analyze"

    /// Stands where the issues go while the rest of the document is laid out.
    private static let placeholder = "\u{1}issues\u{1}"

    static func write(_ report: Report, to sink: ReportSink) throws {
        let document = JSONDocument.object([
            ("rules", .array(report.rules.map(rule))),
            ("issues", .string(placeholder)),
        ])
        try JSONDocument.write(document, placeholder: placeholder, to: sink) { add in
            try report.findings.forEach { _, finding in add(issue(finding, report: report)) }
        }
    }

    private static func rule(_ rule: Report.Rule) -> JSONDocument {
        let description = rule.description
        return .object([
            ("id", .string(description.identifier)),
            ("name", .string(description.title)),
            ("description", .string("\(description.summary)\n\n\(description.rationale)\n\nFix: \(description.fix)")),
            ("engineId", .string(engine)),
            ("cleanCodeAttribute", .string("EFFICIENT")),
            ("impacts", .array([.object([
                ("softwareQuality", .string("RELIABILITY")),
                ("severity", .string(impact(rule.severity))),
            ])])),
        ])
    }

    private static func issue(_ finding: Finding, report: Report) -> JSONDocument {
        let location = report.location(of: finding)
        var message = finding.headline
        if let rootCause = finding.rootCause { message += " Root cause: \(rootCause)." }
        var members: [(String, JSONDocument)] = [
            ("ruleId", .string(finding.rule)),
            ("primaryLocation", .object([
                ("message", .string(message)),
                ("filePath", .string(location.file ?? Report.file(of: finding))),
                ("textRange", .object([("startLine", .int(location.line ?? 1))])),
            ])),
        ]
        if location.inSource, finding.source != "-" {
            let log = finding.source
            members.append(("secondaryLocations", .elements(count: finding.lines.count) { offset in
                .object([
                    ("message", .string("log line \(finding.lines[offset])")),
                    ("filePath", .string(log)),
                    ("textRange", .object([("startLine", .int(finding.lines[offset]))])),
                ])
            }))
        }
        return .object(members)
    }

    /// The severity of a rule's impact for the severity in force.
    static func impact(_ severity: Severity) -> String {
        switch severity {
        case .error: "HIGH"
        case .warning: "MEDIUM"
        case .info: "LOW"
        }
    }
}
