import TraceRules

/// A versioned JSON document; the shape is documented in the README and only grows.
///
/// `{"version":1,"findings":[…], "fix_first":[{"rule","view","waste","unit","milliseconds"}],{"rule","severity","view","message","count","root_cause","location":{"file","line","column","declaration"},
///   "evidence":[{"file","line"}]}], "coverage":[{"file","lines","lifecycle_events","lookalikes","lookalike_lines":[{"line","text"}]}], "summary":{"findings","error","warning","info","traces","fail_on","failed","hidden"}}`
enum JSONReporter: Reporter {
    static let identifier = "json"
    static let summary = "A versioned JSON document with every finding, its location and its evidence."
    static let version = 1

    /// Stands where the findings go while the rest of the document is laid out.
    private static let placeholder = "\u{1}findings\u{1}"

    static func write(_ report: Report, to sink: ReportSink) throws {
        let document = JSONDocument.object([
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
            ])),
        ])
        try JSONDocument.write(document, placeholder: placeholder, to: sink) { add in
            try report.findings.forEach { _, finding in add(entry(finding, report: report)) }
        }
    }

    /// One finding as the document lists it.
    private static func entry(_ finding: Finding, report: Report) -> JSONDocument {
        let location = report.location(of: finding)
        let file = Report.file(of: finding)
        return .object([
            ("rule", .string(finding.rule)),
            ("severity", .string(finding.severity.rawValue)),
            ("view", .string(finding.view)),
            ("message", .string(finding.message)),
            ("count", .int(finding.count)),
            ("root_cause", .string(finding.rootCause)),
            ("location", .object([
                ("file", .string(location.file ?? file)),
                ("line", location.line.map(JSONDocument.int) ?? .null),
                ("column", location.column.map(JSONDocument.int) ?? .null),
                ("declaration", .bool(location.isDeclaration)),
            ])),
            ("evidence", .elements(count: finding.lines.count) { .object([("file", .string(file)), ("line", .int(finding.lines[$0]))]) }),
        ])
    }
}
