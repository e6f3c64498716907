import TraceRules

/// A versioned JSON document; the shape is documented in the README and only grows.
///
/// `{"version":1,"findings":[{"rule","severity","view","message","count","evidence":[{"file","line"}]}],
///   "summary":{"findings","error","warning","info","traces","fail_on","failed"}}`
enum JSONReporter: Reporter {
    static let identifier = "json"
    static let summary = "A versioned JSON document with every finding and its evidence."
    static let version = 1

    static func render(_ report: Report) -> String {
        var text = "{\n  \"version\": \(version),\n  \"findings\": ["
        for (index, finding) in report.findings.enumerated() {
            let file = JSONText.quote(Report.file(of: finding))
            let evidence = finding.lines.map { "{\"file\": \(file), \"line\": \($0)}" }
            text += index == 0 ? "\n" : ",\n"
            text += """
                    {
                      "rule": \(JSONText.quote(finding.rule)),
                      "severity": \(JSONText.quote(finding.severity.rawValue)),
                      "view": \(finding.view.map(JSONText.quote) ?? "null"),
                      "message": \(JSONText.quote(finding.message)),
                      "count": \(finding.count),
                      "evidence": [\(evidence.isEmpty ? "" : "\n        " + evidence.joined(separator: ",\n        ") + "\n      ")]
                    }
                """
        }
        text += report.findings.isEmpty ? "],\n" : "\n  ],\n"
        text += """
              "summary": {
                "findings": \(report.findings.count),
                "error": \(report.count(.error)),
                "warning": \(report.count(.warning)),
                "info": \(report.count(.info)),
                "traces": \(report.traceCount),
                "fail_on": \(JSONText.quote(report.failLevel.name)),
                "failed": \(report.failed)
              }
            }

            """
        return text
    }
}
