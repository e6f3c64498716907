import TraceRules
import TraceStore

/// One self-contained HTML page (no network, no other file): the summary, each finding with its
/// evidence lines as the log has them, the rules that ran, a filter, and links into the
/// timeline page when `--timeline` writes one.
///
/// The page is `HTMLReportTemplate` around the report as JSON in one
/// `<script type="application/json">` element; the page's script builds the page from it.
enum HTMLReporter: Reporter {
    static let identifier = "html"
    static let summary = "One self-contained HTML page: findings with their evidence lines, linked to --timeline's page."
    /// The version of the page's data, which only grows.
    static let version = 1
    /// The evidence lines each finding shows with their text; the rest are counted.
    static let evidenceShown = 50

    /// Stands where the findings go while the rest of the data is laid out.
    private static let placeholder = "\u{1}findings\u{1}"

    static func write(_ report: Report, to sink: ReportSink) throws {
        let document = data(report)
        let indent = JSONDocument.elementIndent(of: placeholder, in: document)
        // The findings are read once: the text report below reads them, and each finding's data
        // entry is made beside its text and set aside (on disk past a few hundred KiB, so a page
        // of many findings costs no more memory than one of few), then written after the text.
        let entries = SpillFile()
        var sizes: [Int] = []
        let indentBytes = Array(indent.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 14)
        let alongside = TextReporter.Alongside(evidence: evidenceShown, prepare: { id, finding, shown in
            let total = finding.lines.count < evidenceShown ? finding.lines.count : try report.findings.evidenceCount(of: id)
            bytes.removeAll(keepingCapacity: true)
            try entry(finding, evidenceTotal: total, shown: shown, report: report).append(to: &bytes, indent: indentBytes)
            return String(decoding: bytes, as: UTF8.self)
        }, consume: { text in
            var text = text
            _ = text.withUTF8 { entries.append(UnsafeRawBufferPointer($0)) }
            sizes.append(text.utf8.count)
        })
        // For a reader without JavaScript (a mail client, a locked-down browser, `lynx`): the
        // text report.
        sink.write(HTMLReportTemplate.top)
        var text = report
        text.colours = false
        sink.escapingHTML = true
        try TextReporter.write(text, to: sink, alongside: alongside)
        sink.escapingHTML = false
        sink.write(HTMLReportTemplate.head)
        // `<`, `>` and `&` occur only inside JSON strings, where `\u003c`-style escapes mean the
        // same: no `</script>` or `<!--` can then end the element early. The entries are made
        // with those escapes already (`HTMLFindingEntry`); the rest of the data is escaped here.
        var entryText = false
        try JSONDocument.write(document, placeholder: placeholder, writing: { sink.write(entryText ? $0 : scriptSafe($0)) }, rendered: { add in
            var offset: Int64 = 0
            var bytes: [UInt8] = []
            for size in sizes {
                bytes = [UInt8](repeating: 0, count: size)
                bytes.withUnsafeMutableBytes { entries.read(at: offset, into: $0) }
                offset += Int64(size)
                entryText = true
                add(String(decoding: bytes, as: UTF8.self))
                entryText = false
            }
        })
        sink.write(HTMLReportTemplate.tail)
    }

    /// The page's data with `placeholder` where the findings go.
    private static func data(_ report: Report) -> JSONDocument {
        JSONDocument.object([
            ("version", .int(version)),
            ("generator", .string("trace-analyze \(CommandLineTool.version)")),
            ("summary", .object([
                ("text", .string(report.summaryLine)),
                ("findings", .int(report.total)),
                ("error", .int(report.count(.error))),
                ("warning", .int(report.count(.warning))),
                ("info", .int(report.count(.info))),
                ("traces", .int(report.traceCount)),
                ("fail_on", .string(report.failLevel.name)),
                ("failed", .bool(report.failed)),
                ("hidden", .int(report.hidden ?? 0)),
            ])),
            ("coverage", .array(report.coverageLines.map(JSONDocument.string))),
            ("timeline", .string(report.timelineLink)),
            ("rules", .array(report.rules.map { rule in
                .object([
                    ("id", .string(rule.description.identifier)),
                    ("severity", .string(rule.severity.rawValue)),
                    ("summary", .string(rule.description.summary)),
                    ("fix", .string(rule.description.fix)),
                ])
            })),
            ("fix_first", .array(fixFirst(report))),
            ("findings", .string(placeholder)),
        ])
    }

    /// The report's "fix first" ranking (`Report.fixFirst`), most costly first:
    /// `{"rule", "view", "reason"}`, the reason in the log's own units as the text report says
    /// it (without the view, which the page shows beside it); the page shows its section only
    /// when the list is not empty.
    private static func fixFirst(_ report: Report) -> [JSONDocument] {
        report.fixFirst.map { entry in
            .object([
                ("rule", .string(entry.rule)),
                ("view", entry.view.map { .string($0) } ?? .null),
                // The page shows the view beside it, in bold: the reason does not name it again.
                ("reason", .string(entry.cost)),
            ])
        }
    }

    /// A finding's data; `shown` says what its first lines say, already looked up for the text.
    private static func entry(_ finding: Finding, evidenceTotal: Int, shown: [EvidenceText.Line?], report: Report) throws -> HTMLFindingEntry {
        let evidence = try finding.lines.prefix(evidenceShown).enumerated().map { index, line in
            let said = index < shown.count ? shown[index] : try report.evidenceText?.line(line, traceID: finding.traceID)
            return (line: line, text: said?.text)
        }
        let location = report.location(of: finding)
        return HTMLFindingEntry(finding: finding, location: location, log: Report.file(of: finding),
                                evidence: evidence, evidenceTotal: evidenceTotal,
                                fix: fix(of: finding, location: location, report: report))
    }

    /// How to fix the finding, as its card shows it: the site's own fix (naming the user's view
    /// and property) or the rule's, and the user's lines before and after when `fix` changes them.
    private static func fix(of finding: Finding, location: FindingLocation, report: Report) -> JSONDocument {
        let message = report.lint != nil ? finding.message : location.site?.message
        let own = message.flatMap { text in text.range(of: ". Fix: ", options: .backwards).map { String(text[$0.upperBound...]) } }
        let general = report.rules.first { $0.description.identifier == finding.rule }?.description.fix
        guard let text = own ?? general else { return .null }
        var members: [(String, JSONDocument)] = [("text", .string(text))]
        if let change = report.lint?.change(of: finding) ?? location.site?.change {
            members.append(("change", .object([
                ("file", .string(report.lint != nil ? finding.source : location.site?.file ?? "")),
                ("line", .int(change.line)),
                ("before", .array(change.before.map(JSONDocument.string))),
                ("after", .array(change.after.map(JSONDocument.string))),
            ])))
        }
        return .object(members)
    }

    /// JSON text with `<`, `>` and `&` escaped, safe inside a `<script>` element.
    static func scriptSafe(_ json: String) -> String {
        guard json.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") }) else { return json }
        return json.replacingOccurrences(of: "&", with: "\\u0026")
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: ">", with: "\\u003e")
    }
}
