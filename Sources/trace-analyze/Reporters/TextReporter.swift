import Foundation
import TraceRules
import TraceStore

/// The default format: findings grouped by severity, each with its evidence as `file:line`,
/// coloured on a terminal.
enum TextReporter: Reporter {
    static let identifier = "text"
    static let summary = "Findings grouped by severity, then a one-line summary; coloured on a terminal unless NO_COLOR is set."
    /// Evidence lines shown per finding; the JSON report has them all.
    static let maxEvidence = 10

    /// A second reader of the text report's one pass over the findings (the html report's data,
    /// written beside its text): each finding is also prepared by `prepare`, on the thread that
    /// looks up the text's lines, and handed to `consume` in report order.
    struct Alongside {
        /// Evidence lines `prepare` needs of each finding (it may want more than the text shows).
        let evidence: Int
        /// Given what the text's first lines say (`shown`), looked up once for both.
        let prepare: (_ id: Int, Finding, _ shown: [EvidenceText.Line?]) throws -> String
        let consume: (String) -> Void
    }

    static func write(_ report: Report, to sink: ReportSink) throws {
        try write(report, to: sink, alongside: nil)
    }

    /// Writes the text report to `sink`, and hands each finding to `alongside` on the way.
    static func write(_ report: Report, to sink: ReportSink, alongside: Alongside?) throws {
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
                lineCount: finding.lines.count <= maxEvidence
                    ? finding.lines.count : try report.evidenceCounts[id] ?? lookups.evidenceCount(of: id),
                subject: try report.subject(of: finding, shared: shared, shown: shown) { try lookups.evidenceLines(of: id) },
                alongside: try alongside?.prepare(id, finding, shown)
            )
        }
        var block: [UInt8] = []
        block.reserveCapacity(4096)
        // Report order is most severe first: a heading starts each severity's run of findings.
        try report.findings.forEach(
            evidence: .first(max(maxEvidence + 1, alongside?.evidence ?? 0)), preparing: lookUp, preparation: report.lookupFindings == nil ? .whileReading : .apart
        ) { _, finding, said in
            if let prepared = said.alongside { alongside?.consume(prepared) }
            // Laid out as bytes, piece by piece, in one buffer kept from finding to finding: a
            // report lays out tens of thousands of findings, and every intermediate string
            // would be made and freed again.
            block.removeAll(keepingCapacity: true)
            if heading != finding.severity {
                heading = finding.severity
                block.append(paint("\(Self.heading(finding.severity)) (\(report.count(finding.severity)))", colour(finding.severity)) + "\n\n")
            }
            block.append(paint(finding.rule, TerminalColours.bold))
            if let subject = said.subject {
                block.append(": ")
                block.append(subject)
            }
            let location = report.location(of: finding)
            if let site = location.site {
                block.append(" ← ")
                block.append(Report.headline(of: site))
            }
            // A lint message ends with its rule's fix, which the other formats need on the one
            // line they have; here the fix has a line of its own, below.
            let (message, ownFix) = splitFix(finding.message, rule: finding.rule)
            var fix = ownFix
            var change = report.lint?.change(of: finding)
            block.append("\n  ")
            block.append(message)
            block.append("\n")
            if let rootCause = finding.rootCause {
                block.append("  root cause: ")
                block.append(rootCause)
                block.append("\n")
            }
            if location.site != nil, let links = report.links {
                for site in links.sites(for: finding) {
                    let (cause, siteFix) = splitFix(site.message, rule: site.rule)
                    fix = fix ?? siteFix
                    change = change ?? site.change
                    block.append("  \(site.relation) \(site.file):\(site.position): \(cause) [\(site.rule.map { "\($0), " } ?? "")confirmed]\n")
                }
            }
            if location.isDeclaration {
                block.append("  declared at \(location.text)\n")
            }
            let rows = EvidenceRows(finding: finding, limit: maxEvidence)
            for (index, line) in zip(rows.lines.indices, said.shown) {
                rows.append(index, quoting: line?.text, to: &block, width: report.width, colours: report.colours)
            }
            if said.lineCount > maxEvidence {
                block.append("    … and \(plural(said.lineCount - maxEvidence, "more line"))\n")
            }
            if let fix {
                block.append("  How to fix it: \(fix) (trace-analyze rules \(finding.rule))\n")
                // The user's own lines, before and after the mechanical fix (`trace-analyze fix` makes it).
                if let change {
                    block.append("    line \(change.line), as `trace-analyze fix` changes it:\n")
                    for line in change.diffLines { block.append("      \(line)\n") }
                }
                block.append("\n")
            } else {
                block.append("  How to fix it: trace-analyze rules ")
                block.append(finding.rule)
                block.append("\n\n")
            }
            block.withUnsafeBytes { sink.write(bytes: $0) }
        }
        var text = ""
        if let links = report.links {
            // Sites whose view the trace shows but whose rule stayed quiet are listed; those about
            // views the trace never mentions are only counted (an app's sources hold many).
            let unconfirmed = links.entries.filter { $0.status == .unconfirmed }
            let absent = links.entries.filter { $0.status == .viewAbsent }.count
            if !unconfirmed.isEmpty {
                text += paint("Static findings this trace does not confirm (\(unconfirmed.count))", TerminalColours.bold) + "\n\n"
                for entry in unconfirmed {
                    text += "\(entry.site.rule ?? "-"): \(entry.site.view ?? "-") ← \(Report.headline(of: entry.site)) [\(entry.status.rawValue)]\n"
                    text += "  \(entry.site.file):\(entry.site.position)\n"
                }
                text += "\n"
            }
            if absent > 0 {
                text += paint("\(plural(absent, "static finding")) about views this trace does not mention: trace-analyze lint lists them.", TerminalColours.dim) + "\n\n"
            }
        }
        // Last before the coverage: what to fix first, ranked by what it costs.
        for line in report.fixFirstLines {
            text += line + "\n"
        }
        for line in report.coverageLines {
            text += paint(line, TerminalColours.dim) + "\n"
        }
        sink.write(text + paint(report.summaryLine, TerminalColours.bold) + "\n")
    }

    /// Each lint rule's fix, which `Linter` ends its findings' messages with (`… . Fix: <fix>`).
    private static let lintFixes: [String: String] = Dictionary(
        LintRegistry.builtIn.rules.map { ($0.description.identifier, $0.description.fix) }, uniquingKeysWith: { first, _ in first }
    )

    /// `message` without the ` Fix: …` a lint rule's finding ends with, and that fix; the message
    /// as it is, and nil, for any other.
    private static func splitFix(_ message: String, rule: String?) -> (said: String, fix: String?) {
        guard let rule, lintFixes[rule] != nil, let split = message.range(of: ". Fix: ", options: .backwards) else { return (message, nil) }
        // The site's own fix (naming its view and property) or the rule's.
        return (String(message[..<split.lowerBound]) + ".", String(message[split.upperBound...]))
    }

    /// What a finding's reading thread found out about it.
    private struct Said {
        /// What the first lines say (nil for a line the store holds no event on).
        let shown: [EvidenceText.Line?]
        /// How many lines the finding cites.
        let lineCount: Int
        /// The heading's subject: the view, and its instance where that tells findings apart.
        let subject: String?
        /// What `Alongside.prepare` made of the finding, if a second reader goes along.
        let alongside: String?
    }

    /// A finding's evidence rows, `    log.txt:12   Avatar: @self changed.`: the location
    /// (`Report.evidence`) padded to the longest shown, then what the line says, cut to the
    /// width. A row is appended in pieces when it fits; only a row to cut is made whole first.
    private struct EvidenceRows {
        let lines: ArraySlice<Int>
        private let file: String
        private let fileUnits: Int
        /// The longest `    file:line`, in UTF-16 units, as Foundation's `padding(toLength:)`
        /// counts them (without its bridging): the rows' text starts two spaces after it.
        private let locationWidth: Int

        init(finding: Finding, limit: Int) {
            lines = finding.lines.prefix(limit)
            file = Report.file(of: finding)
            fileUnits = file.utf16.count
            let widest = lines.map { String($0).utf8.count }.max() ?? 0
            locationWidth = lines.isEmpty ? 0 : 4 + fileUnits + 1 + widest
        }

        /// Appends row `index` (of `lines`) saying `quoted`, and its line break, to `text`.
        func append(_ index: Int, quoting quoted: String?, to text: inout [UInt8], width limit: Int, colours: Bool) {
            let line = lines[index]
            let number = String(line)
            guard let quoted else {
                appendFitted("    \(file):\(number)", to: &text, width: limit, colours: colours)
                return
            }
            let units = 4 + fileUnits + 1 + number.utf8.count
            let padding = max(locationWidth - units, 0)
            // Characters are never more than bytes: a row of `limit` bytes or fewer is not cut.
            let bytes = 4 + file.utf8.count + 1 + number.utf8.count + padding + 2 + quoted.utf8.count
            guard bytes <= limit else {
                appendFitted("    \(file):\(number)" + String(repeating: " ", count: padding) + "  " + quoted, to: &text, width: limit, colours: colours)
                return
            }
            if colours { text.append(TerminalColours.dim) }
            text.append("    ")
            text.append(file)
            text.append(":")
            text.append(number)
            text.append(spaces: padding + 2)
            text.append(quoted)
            if colours { text.append(TerminalColours.reset) }
            text.append("\n")
        }

        private func appendFitted(_ row: String, to text: inout [UInt8], width: Int, colours: Bool) {
            let fitted = TextReporter.fitted(row, width: width)
            text.append(colours ? TerminalColours.dim + fitted + TerminalColours.reset : fitted)
            text.append("\n")
        }
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

extension [UInt8] {
    /// Appends `text` as UTF-8.
    @inline(__always) fileprivate mutating func append(_ text: String) {
        append(contentsOf: text.utf8)
    }

    /// Appends `count` spaces.
    fileprivate mutating func append(spaces count: Int) {
        append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }
}
