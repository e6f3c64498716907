import TraceRules
import TraceStore

/// Writes the timeline page: the template around the model's data.
enum TimelinePage {
    /// Writes the whole page of an exactly drawn trace to `sink`.
    static func write(_ model: TimelineModel, to sink: ByteSink) {
        sink.write(TimelinePageTemplate.top)
        writeText(source: model.trace.source, lines: model.trace.lines, findings: model.findings, total: model.findings.count, to: sink)
        sink.write(TimelinePageTemplate.head)
        TimelinePageData.write(model, to: JSONStream(sink: sink))
        sink.write(TimelinePageTemplate.tail)
    }

    /// Writes the whole page of a summarised trace to `sink`; `command` draws a range exactly.
    static func write(_ summary: TimelineSummary, command: String, to sink: ByteSink) {
        sink.write(TimelinePageTemplate.top)
        writeText(source: summary.trace.source, lines: summary.trace.lines, findings: summary.findings.map(\.finding), total: summary.findingCount, to: sink)
        sink.write(TimelinePageTemplate.head)
        TimelineSummaryData.write(summary, command: command, to: JSONStream(sink: sink))
        sink.write(TimelinePageTemplate.tail)
    }

    /// The page's text for a reader without JavaScript: the trace, then each finding as the
    /// text report heads it, with its message and the lines it cites.
    private static func writeText(source: String, lines: Int, findings: [Finding], total: Int, to sink: ByteSink) {
        var text = "\(StandardInput.name(of: source)): \(plural(lines, "line")), \(plural(total, "finding"))\n"
        for finding in findings {
            text += "\n\(finding.severity.rawValue) \(finding.rule)\(finding.view.map { ": \($0)" } ?? "")\n  \(finding.message)\n"
            text += "  lines \(finding.lines.prefix(TextReporter.maxEvidence).map(String.init).joined(separator: ", "))"
            text += finding.lines.count > TextReporter.maxEvidence ? " … and \(finding.lines.count - TextReporter.maxEvidence) more\n" : "\n"
        }
        if total > findings.count { text += "\n… and \(plural(total - findings.count, "more finding")): trace-analyze check \(ShellWord.quote(source))\n" }
        sink.write(HTMLText.escaped(text))
    }

    /// What a page of `model` shows, for the line that says it was written:
    /// `7 lanes, 16 marks, 5 findings`.
    static func contents(_ model: TimelineModel) -> String {
        "\(plural(model.lanes.count, "lane")), \(plural(model.marks.count, "mark")), \(plural(model.findings.count, "finding"))"
    }

    /// What a summarised page shows: its lanes, marks and levels of detail, and its findings.
    static func contents(_ summary: TimelineSummary) -> String {
        let marks = summary.lanes.reduce(0) { $0 + $1.kindCounts.reduce(0, +) }
        return "\(plural(summary.lanes.count, "lane")), \(plural(marks, "mark")) in \(summary.levels.count) levels of detail (a summary: --detail exact draws every mark), \(plural(summary.findingCount, "finding"))"
    }

    /// Writes a page to `path` (`-` for stdout) with `write`; a page that cannot be finished
    /// leaves no partial file behind.
    static func write(to path: String, _ write: (ByteSink) -> Void) throws {
        let sink = try ByteSink(path: path, what: "timeline page")
        write(sink)
        do { try sink.finish() } catch { sink.abandon(); throw error }
    }
}
