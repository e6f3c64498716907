import TraceRules

/// How `watch` prints a finding the moment it is decided: a block with its evidence on a
/// terminal, one line in a pipe, one JSON object per line with `--format json`.
enum LiveFindingText {
    /// Evidence lines shown per finding on a terminal.
    static let maxEvidence = 6

    /// `error identity_churn PlayButton (<stdin>:5,6): PlayButton was … [so far: 1 error, 0 warnings, 0 info]`
    static func line(_ live: LiveFinding, counts: SeverityCounts) -> String {
        let finding = live.finding
        var text = finding.severity.rawValue
        if let previous = live.previousSeverity { text += " (was \(previous.rawValue))" }
        text += " \(finding.rule)"
        if let view = finding.view { text += " \(view)" }
        text += " (\(Report.file(of: finding)):\(finding.lines.prefix(maxEvidence).map(String.init).joined(separator: ",")))"
        return text + ": \(finding.message) [so far: \(counts.text)]"
    }

    /// The finding as the text report shows one, with what its evidence lines said.
    static func block(_ live: LiveFinding, recent: RecentLines, colours: Bool, width: Int) -> String {
        func paint(_ text: String, _ colour: String) -> String { colours ? colour + text + TerminalColours.reset : text }
        let finding = live.finding
        var heading = paint(finding.severity.rawValue, colour(finding.severity)) + " " + paint(finding.rule, TerminalColours.bold)
        if let view = finding.view { heading += ": \(view)" }
        if let previous = live.previousSeverity { heading += paint("  (raised from \(previous.rawValue))", TerminalColours.dim) }
        // Broken between words: a terminal would wrap a long message wherever its edge falls.
        var text = heading + "\n" + finding.message.wrapped(indent: "  ", width: width) + "\n"
        let locations = Report.evidence(of: finding, limit: maxEvidence)
        let pad = locations.map(\.count).max() ?? 0
        for (location, line) in zip(locations, finding.lines) {
            var row = "    " + location
            if let said = recent.text(of: line) {
                row = row.padding(toLength: 4 + pad, withPad: " ", startingAt: 0) + "  " + said
            }
            text += paint(fitted(row, width: width), TerminalColours.dim) + "\n"
        }
        if live.evidenceCount > maxEvidence {
            text += paint("    … and \(plural(live.evidenceCount - maxEvidence, "more line"))", TerminalColours.dim) + "\n"
        }
        return text
    }

    /// One NDJSON record: `{"type":"finding","id":…,"rule":…,"severity":…,"previous_severity":…,
    /// "view":…,"message":…,"count":…,"evidence":[{"file","line","text"}],"counts":{"error","warning","info"}}`.
    static func json(_ live: LiveFinding, recent: RecentLines, counts: SeverityCounts) -> String {
        let finding = live.finding
        let file = Report.file(of: finding)
        let document = JSONDocument.object([
            ("type", .string("finding")),
            ("id", .int(live.id)),
            ("rule", .string(finding.rule)),
            ("severity", .string(finding.severity.rawValue)),
            ("previous_severity", .string(live.previousSeverity?.rawValue)),
            ("view", .string(finding.view)),
            ("message", .string(finding.message)),
            ("count", .int(finding.count)),
            ("evidence", .array(finding.lines.map {
                .object([("file", .string(file)), ("line", .int($0)), ("text", .string(recent.text(of: $0)))])
            })),
            ("counts", .object([
                ("error", .int(counts[.error])), ("warning", .int(counts[.warning])), ("info", .int(counts[.info])),
            ])),
        ])
        return JSONText.compact(document.text)
    }

    static func fitted(_ row: String, width: Int) -> String {
        row.count <= width ? row : String(row.prefix(max(width - 1, 0))) + "…"
    }

    private static func colour(_ severity: Severity) -> String {
        switch severity {
        case .error: TerminalColours.red
        case .warning: TerminalColours.yellow
        case .info: TerminalColours.cyan
        }
    }
}
