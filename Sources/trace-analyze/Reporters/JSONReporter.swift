import TraceRules

/// A versioned JSON document; the shape is documented in docs/reporters.md and only grows.
///
/// `{"version":1,"findings":[{"rule","severity","view","message","count","waste","root_cause","location":{"file","line","column","declaration"},
///   "sites":[{"file","line","column","rule","message","status"}],
///   "evidence":[{"file","line"}]}], "fix_first":[{"rule","view","waste","unit","milliseconds"}],
///   "static_findings":[{"rule","view","message","file","line","column","explains","status"}], "coverage":[{"file","lines","lifecycle_events","lookalikes","lookalike_lines":[{"line","text"}],"malformed_probes","malformed_probe_lines":[{"line","text"}],"encoding","binary_percent"}], "summary":{"findings","error","warning","info","traces","fail_on","failed","hidden","suppressed"?,"ignored"?:{view: findings}}}`
enum JSONReporter: Reporter {
    static let identifier = "json"
    static let summary = "A versioned JSON document with every finding, its location and its evidence."
    static let version = 1

    /// Stands where the findings go while the rest of the document is laid out.
    private static let placeholder = "\u{1}findings\u{1}"

    static func write(_ report: Report, to sink: ReportSink) throws {
        var members: [(String, JSONDocument)] = [
            ("version", .int(version)),
            ("findings", .string(placeholder)),
            ("fix_first", .array(report.fixFirst.map { entry in
                .object([
                    ("rule", .string(entry.rule)),
                    ("view", .string(entry.view)),
                    ("waste", .int(entry.waste)),
                    ("unit", .string(entry.unit)),
                    ("milliseconds", entry.milliseconds.map { .number($0) } ?? .null),
                ])
            })),
            ("coverage", .array(report.coverage.map { trace in
                .object([
                    ("file", .string(trace.source == "-" ? "<stdin>" : trace.source)),
                    ("lines", .int(trace.lines)),
                    ("lifecycle_events", .int(trace.lifecycleEvents)),
                    ("lookalikes", .int(trace.lookalikes)),
                    ("lookalike_lines", .array(trace.lookalikeSamples.map { .object([("line", .int($0.line)), ("text", .string($0.text))]) })),
                    ("malformed_probes", .int(trace.malformedProbeLines)),
                    ("malformed_probe_lines", .array(trace.malformedProbeSamples.map { .object([("line", .int($0.line)), ("text", .string($0.text))]) })),
                    // What the text report says before the counts: how the bytes were read.
                    ("encoding", .string(trace.utf16Bytes > 0 ? "utf-16" : "utf-8")),
                    ("binary_percent", .int(trace.binaryPercent)),
                    ("over_long_lines", .int(trace.overLongLines)),
                ])
            })),
            ("summary", .object([
                ("findings", .int(report.total)),
                ("error", .int(report.count(.error))),
                ("warning", .int(report.count(.warning))),
                ("info", .int(report.count(.info))),
                ("traces", .int(report.traceCount)),
                ("fail_on", .string(report.failLevel.name)),
                ("failed", .bool(report.failed)),
                ("hidden", .int(report.hidden ?? 0)),
            ] + (report.suppressed > 0 ? [("suppressed", .int(report.suppressed))] : [])
              + (report.ignored.isEmpty ? [] : [("ignored", .object(report.ignored.map { ($0.view, JSONDocument.int($0.findings)) }))]))),
        ]
        if let links = report.links {
            // Only with --sources: every lint finding in the sources, and what the traces say.
            let staticFindings = JSONDocument.array(links.entries.map { staticFinding($0) })
            // Before the summary. (Built by removing and appending: `insert(_:at:)` with this
            // tuple sends the Swift 6 type checker into a circular reference.)
            let summaryMember = members.removeLast()
            members.append(("static_findings", staticFindings))
            members.append(summaryMember)
        }
        let document = JSONDocument.object(members)
        try JSONDocument.write(document, placeholder: placeholder, to: sink) { add in
            try report.findings.forEach { _, finding in add(entry(finding, report: report)) }
        }
    }

    /// One finding as the document lists it.
    private static func entry(_ finding: Finding, report: Report) -> JSONDocument {
        let location = report.location(of: finding)
        let file = Report.file(of: finding)
        var members: [(String, JSONDocument)] = [
            ("rule", .string(finding.rule)),
            ("severity", .string(finding.severity.rawValue)),
            ("view", .string(finding.view)),
            ("message", .string(finding.message)),
            ("count", .int(finding.count)),
            // How many of `count` need not have happened: what fix first ranks by.
            ("waste", .int(finding.waste ?? finding.count)),
            ("root_cause", .string(finding.rootCause)),
            ("location", .object([
                ("file", .string(location.file ?? file)),
                ("line", location.line.map(JSONDocument.int) ?? .null),
                ("column", location.column.map(JSONDocument.int) ?? .null),
                ("declaration", .bool(location.isDeclaration)),
            ])),
            ("evidence", .elements(count: finding.lines.count) { (index: Int) -> JSONDocument in
                JSONDocument.object([("file", JSONDocument.string(file)), ("line", JSONDocument.int(finding.lines[index]))])
            }),
        ]
        if location.site != nil, let links = report.links {
            // Only with --sources, when a site explains the finding: the sites, all confirmed by it.
            let linked = JSONDocument.array(links.sites(for: finding).map { confirmedSite($0) })
            // Before the evidence, built as the summary above is.
            let evidence = members.removeLast()
            members.append(("sites", linked))
            members.append(evidence)
        }
        return .object(members)
    }

    /// A lint finding in the sources, with what the traces say about it.
    private static func staticFinding(_ entry: SourceLinks.Entry) -> JSONDocument {
        let site = entry.site
        return .object([
            ("rule", .string(site.rule)), ("view", .string(site.view)), ("message", .string(site.message)),
            ("file", .string(site.file)), ("line", .int(site.position.line)), ("column", .int(site.position.column)),
            ("explains", .array(site.explains.map { .string($0) })), ("status", .string(entry.status.rawValue)),
        ])
    }

    /// A site that explains a finding, confirmed by it.
    private static func confirmedSite(_ site: SourceSite) -> JSONDocument {
        .object([
            ("file", .string(site.file)), ("line", .int(site.position.line)), ("column", .int(site.position.column)),
            ("rule", .string(site.rule)), ("message", .string(site.message)), ("status", .string(SourceLinks.Status.confirmed.rawValue)),
        ])
    }
}
