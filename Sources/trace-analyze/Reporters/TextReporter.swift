import TraceRules
import TraceStore

/// The default format: findings grouped by severity, each with its evidence as `file:line`,
/// coloured on a terminal.
enum TextReporter: Reporter {
    static let identifier = "text"
    static let summary = "Findings grouped by severity, then a one-line summary; coloured on a terminal unless NO_COLOR is set."
    /// Evidence lines shown per finding; the JSON report has them all.
    static let maxEvidence = 10

    static func write(_ report: Report, to sink: ReportSink) throws {
        func paint(_ text: String, _ colour: String) -> String {
            report.colours ? colour + text + TerminalColours.reset : text
        }
        let shared = try report.findings.sharedSubjects()
        var heading: Severity?
        // The findings, and what their cited lines say, are read on threads of their own while
        // this one lays out the findings read before; with a second connection, the lines are
        // looked up on one thread while another reads the findings (looking up costs the most).
        // Of each finding's lines, those shown and one more are read: only a finding with more
        // needs its lines counted. Only `lookUp` and the reading touch the database.
        let lookups = report.lookupFindings ?? report.findings
        let lookUp = { (id: Int, finding: Finding) throws -> Said in
            let shown = try finding.lines.prefix(maxEvidence).map { try report.evidenceText?.line($0, traceID: finding.traceID) }
            return Said(
                shown: shown,
                lineCount: finding.lines.count <= maxEvidence ? finding.lines.count : try lookups.evidenceCount(of: id),
                subject: try report.subject(of: finding, shared: shared, shown: shown) { try lookups.evidenceLines(of: id) }
            )
        }
        // Report order is most severe first: a heading starts each severity's run of findings.
        try report.findings.forEach(
            evidence: .first(maxEvidence + 1), preparing: lookUp, preparation: report.lookupFindings == nil ? .whileReading : .apart
        ) { _, finding, said in
            var text = ""
            text.reserveCapacity(2048)
            if heading != finding.severity {
                heading = finding.severity
                text += paint("\(Self.heading(finding.severity)) (\(report.count(finding.severity)))", colour(finding.severity)) + "\n\n"
            }
            text += paint(finding.rule, TerminalColours.bold) + (said.subject.map { ": \($0)" } ?? "") + "\n"
            text += "  \(finding.message)\n"
            if let rootCause = finding.rootCause {
                text += "  root cause: \(rootCause)\n"
            }
            let location = report.location(of: finding)
            if location.isDeclaration {
                text += "  declared at \(location.text)\n"
            }
            let locations = Report.evidence(of: finding, limit: maxEvidence)
            // In UTF-16 units, as `padded` pads.
            let pad = locations.map(\.utf16.count).max() ?? 0
            for (location, line) in zip(locations, said.shown) {
                var row = "    " + location
                if let quoted = line?.text {
                    row = padded(row, to: 4 + pad) + "  " + quoted
                }
                text += paint(fitted(row, width: report.width), TerminalColours.dim) + "\n"
            }
            if said.lineCount > maxEvidence {
                text += "    … and \(plural(said.lineCount - maxEvidence, "more line"))\n"
            }
            text += "  How to fix it: trace-analyze rules \(finding.rule)\n\n"
            sink.write(text)
        }
        var text = ""
        for line in report.coverageLines {
            text += paint(line, TerminalColours.dim) + "\n"
        }
        sink.write(text + paint(report.summaryLine, TerminalColours.bold) + "\n")
    }

    /// What a finding's reading thread found out about it.
    private struct Said {
        /// What the first lines say (nil for a line the store holds no event on).
        let shown: [EvidenceText.Line?]
        /// How many lines the finding cites.
        let lineCount: Int
        /// The heading's subject: the view, and its instance where that tells findings apart.
        let subject: String?
    }

    /// `row` cut to `width` characters, with `…` where it was cut. Characters are never more
    /// than bytes, so a row of `width` bytes or fewer needs no counting.
    private static func fitted(_ row: String, width: Int) -> String {
        let bytes = row.utf8
        guard bytes.count > width else { return row }
        // Most rows are ASCII, where a character is a byte (but for CR LF, one character).
        let cut = bytes.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? String(decoding: bytes.prefix(width - 1), as: UTF8.self) : nil
        }
        if let cut = cut ?? nil { return cut + "…" }
        return row.count <= width ? row : String(row.prefix(width - 1)) + "…"
    }

    /// `row` with spaces after it up to `length` UTF-16 units, as Foundation's `padding(toLength:)`
    /// counts them, without its bridging: a report pads every line it cites.
    private static func padded(_ row: String, to length: Int) -> String {
        let missing = length - row.utf16.count
        return missing > 0 ? row + String(repeating: " ", count: missing) : row
    }

    private static func heading(_ severity: Severity) -> String {
        switch severity {
        case .error: "Errors"
        case .warning: "Warnings"
        case .info: "Info"
        }
    }

    private static func colour(_ severity: Severity) -> String {
        switch severity {
        case .error: TerminalColours.red
        case .warning: TerminalColours.yellow
        case .info: TerminalColours.cyan
        }
    }
}
