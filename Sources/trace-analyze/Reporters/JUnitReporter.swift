import TraceRules

/// JUnit XML for CI test dashboards: one test case per rule and view, failing once for each of
/// its findings at or above the fail level; findings below it pass and show in `system-out`.
/// Each rule that ran and found nothing is one passing test case named `all views`.
enum JUnitReporter: Reporter {
    static let identifier = "junit"
    static let summary = "JUnit XML: a test case per rule and view, a failure per finding at or above the fail level."

    static func render(_ report: Report) -> String {
        // Test cases in report order: the first finding of each rule and view places it.
        var cases: [(rule: String, view: String, findings: [Finding])] = []
        for finding in report.findings {
            let view = finding.view ?? "-"
            if let index = cases.firstIndex(where: { $0.rule == finding.rule && $0.view == view }) {
                cases[index].findings.append(finding)
            } else {
                cases.append((finding.rule, view, [finding]))
            }
        }
        let quiet = report.rules.map(\.description.identifier).filter { rule in !cases.contains { $0.rule == rule } }
        let failures = report.findings.filter { report.failLevel.fails($0.severity) }.count
        let tests = cases.count + quiet.count
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"trace-analyze\" \(counts)>\n"
        xml += "  <testsuite name=\"trace-analyze\" \(counts) skipped=\"0\">\n"
        for testCase in cases {
            xml += "    <testcase classname=\(attribute(testCase.rule)) name=\(attribute(testCase.view))>\n"
            var passed: [String] = []
            for finding in testCase.findings {
                guard report.failLevel.fails(finding.severity) else {
                    passed.append("\(finding.severity.rawValue): \(finding.message)")
                    continue
                }
                let location = report.location(of: finding)
                let details = (location.isDeclaration ? ["declared at \(location.text)"] : []) + Report.evidence(of: finding)
                xml += "      <failure type=\(attribute(finding.severity.rawValue)) message=\(attribute(finding.message))>"
                xml += text(details.joined(separator: "\n")) + "</failure>\n"
            }
            if !passed.isEmpty {
                xml += "      <system-out>" + text(passed.joined(separator: "\n")) + "</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        for rule in quiet {
            xml += "    <testcase classname=\(attribute(rule)) name=\"all views\"/>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
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
