import TraceRules

/// Checkstyle XML, as Checkstyle's own XML logger writes it, for Jenkins (Warnings Next
/// Generation's `checkStyle` parser), reviewdog, Danger and other tools that read it.
///
/// One `<file>` per run of findings pointing at one file (a file can appear more than once, which
/// every consumer accepts), one `<error>` per finding with its line, column when known,
/// `error`/`warning`/`info` severity, and `source` `trace-analyze.<rule_id>`. The message ends with
/// the evidence lines, since the format has no other place for them.
enum CheckstyleReporter: Reporter {
    static let identifier = "checkstyle"
    static let summary = "Checkstyle XML for Jenkins and other Checkstyle readers: one <error> per finding."
    /// The Checkstyle format version the output follows (the version its XML logger writes).
    static let formatVersion = "4.3"
    /// The evidence lines a message lists before `… and N more`.
    static let evidenceShown = 20

    static func write(_ report: Report, to sink: ReportSink) throws {
        sink.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        sink.write("<checkstyle version=\"\(formatVersion)\">\n")
        var openFile: String?
        try report.findings.forEach { _, finding in
            let location = report.location(of: finding)
            let file = location.file ?? Report.file(of: finding)
            if file != openFile {
                if openFile != nil { sink.write("  </file>\n") }
                sink.write("  <file name=\(JUnitReporter.attribute(file))>\n")
                openFile = file
            }
            // Checkstyle's schema has no line 0: a finding without evidence names none.
            var attributes = location.line.map { "line=\"\($0)\" " } ?? ""
            if let column = location.column { attributes += "column=\"\(column)\" " }
            attributes += "severity=\"\(finding.severity.rawValue)\""
            attributes += " message=" + JUnitReporter.attribute(message(finding))
            attributes += " source=" + JUnitReporter.attribute("trace-analyze.\(finding.rule)")
            sink.write("    <error \(attributes)/>\n")
        }
        if openFile != nil { sink.write("  </file>\n") }
        sink.write("</checkstyle>\n")
    }

    /// The finding's view and message, then `Evidence: ui-test.log lines 5, 6, 9` (the first
    /// `evidenceShown` of them).
    static func message(_ finding: Finding) -> String {
        [finding.headline, finding.evidenceSentence(limit: evidenceShown)].compactMap { $0 }.joined(separator: " ")
    }
}
