import TraceRules

/// A Markdown table for pull-request comments and `$GITHUB_STEP_SUMMARY`.
enum MarkdownReporter: Reporter {
    static let identifier = "markdown"
    static let summary = "A Markdown table for pull-request comments and GitHub job summaries."

    static func write(_ report: Report, to sink: ReportSink) throws {
        var text = "### trace-analyze\n\n"
        text += report.summaryLine
        if report.failed { text += ": **fails** at `\(report.failLevel.name)`" }
        text += ".\n"
        for trace in report.coverage {
            if let instruments = trace.instruments {
                text += "\n\(code(trace.source == "-" ? "<stdin>" : trace.source)): Instruments export, \(InstrumentsCoverageText.tables(instruments)).\n"
                continue
            }
            if let xcresult = trace.xcresult {
                text += "\n\(code(trace.source == "-" ? "<stdin>" : trace.source)): xcresulttool metrics JSON, \(XCResultCoverageText.summary(xcresult))"
                text += xcresult.unreadable + xcresult.otherLines == 0 ? ".\n" : "; \(xcresult.unreadable + xcresult.otherLines) kept as text.\n"
                continue
            }
            text += "\n\(code(trace.source == "-" ? "<stdin>" : trace.source)): \(trace.lifecycleEvents) of \(plural(trace.lines, "line")) recognised as lifecycle events"
            text += trace.lookalikes == 0 ? ".\n" : "; \(trace.lookalikes) more look like lifecycle prints but were not recognised.\n"
        }
        sink.write(text)
        guard report.total > 0 else { return }
        sink.write("\n| severity | rule | view | message | location |\n|---|---|---|---|---|\n")
        try report.findings.forEach { _, finding in
            let cells = [
                finding.severity.rawValue,
                code(finding.rule),
                finding.view.map(code) ?? "",
                cell(finding.message),
                code(report.location(of: finding).text),
            ]
            sink.write("| " + cells.joined(separator: " | ") + " |\n")
        }
        let fixFirst = report.fixFirst
        guard !fixFirst.isEmpty else { return }
        var ranked = "\n**Fix first** (most waste first):\n\n"
        for (index, entry) in fixFirst.enumerated() {
            ranked += "\(index + 1). \(cell(entry.text)): see \(code("trace-analyze rules \(entry.rule)"))\n"
        }
        sink.write(ranked)
    }

    /// Text in a table cell: literal, whatever Markdown or HTML it looks like; lines joined with `<br>`.
    static func cell(_ value: String) -> String {
        var escaped = ""
        for character in value {
            if "\\`*_[]~".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "\r\n", with: "<br>")
            .replacingOccurrences(of: "\n", with: "<br>")
    }

    /// A code span in a table cell, with a fence longer than any backtick run inside.
    static func code(_ value: String) -> String {
        var longest = 0, run = 0
        for character in value {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let inner = value.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
        let pad = inner.hasPrefix("`") || inner.hasSuffix("`") ? " " : ""
        return fence + pad + inner + pad + fence
    }
}
