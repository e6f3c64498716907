import TraceRules

/// JUnit XML for CI test dashboards: one test case per rule and view, failing once for each of
/// its findings at or above the fail level; findings below it pass and show in `system-out`.
/// Each rule that ran and found nothing is one passing test case named `all views`.
enum JUnitReporter: Reporter {
    static let identifier = "junit"
    static let summary = "JUnit XML: a test case per rule and view, a failure per finding at or above the fail level."

    static func write(_ report: Report, to sink: ReportSink) throws {
        let ruleGroups = try report.findings.countsByRule()
        let quiet = report.rules.map(\.description.identifier).filter { ruleGroups[$0] == nil }
        let failures = Severity.allCases.filter(report.failLevel.fails).map(report.count).reduce(0, +)
        let tests = try report.findings.ruleAndViewGroups() + quiet.count
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\""
        sink.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        sink.write("<testsuites name=\"trace-analyze\" \(counts)>\n")
        sink.write("  <testsuite name=\"trace-analyze\" \(counts) skipped=\"0\">\n")
        // Test cases in report order: the first finding of each rule and view places it. Within
        // a case findings come most severe first, so its failures precede those that pass.
        var open: (rule: String, view: String)?
        var passing = false
        func close() {
            guard open != nil else { return }
            sink.write(passing ? "</system-out>\n    </testcase>\n" : "    </testcase>\n")
        }
        try report.findings.forEach(order: .byRuleAndView) { _, finding in
            let view = finding.view ?? "-"
            if open?.rule != finding.rule || open?.view != view {
                close()
                open = (finding.rule, view)
                passing = false
                sink.write("    <testcase classname=\(attribute(finding.rule)) name=\(attribute(view))>\n")
            }
            guard report.failLevel.fails(finding.severity) else {
                sink.write((passing ? "\n" : "      <system-out>") + text("\(finding.severity.rawValue): \(finding.message)"))
                passing = true
                return
            }
            let location = report.location(of: finding)
            let place = location.site.map { "\($0.relation) \(location.text): \($0.message)" } ?? (location.isDeclaration ? "declared at \(location.text)" : nil)
            let details = (place.map { [$0] } ?? []) + Report.evidence(of: finding)
            sink.write("      <failure type=\(attribute(finding.severity.rawValue)) message=\(attribute(finding.message))>"
                + text(details.joined(separator: "\n")) + "</failure>\n")
        }
        close()
        for rule in quiet {
            sink.write("    <testcase classname=\(attribute(rule)) name=\"all views\"/>\n")
        }
        sink.write("  </testsuite>\n</testsuites>\n")
    }

    /// `value` as a quoted XML attribute.
    static func attribute(_ value: String) -> String {
        "\"" + escape(value, attribute: true) + "\""
    }

    /// `value` as XML character data.
    static func text(_ value: String) -> String { escape(value, attribute: false) }

    /// Escapes markup, and replaces characters XML 1.0 cannot carry at all (most control
    /// characters, which a log can hold) with U+FFFD.
    private static func escape(_ value: String, attribute: Bool) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where attribute: result += "&quot;"
            case "\n" where attribute: result += "&#10;"
            case "\t" where attribute: result += "&#9;"
            case "\r": result += "&#13;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
