import TraceModel

/// How much of a trace was understood: lines read, lifecycle events recognised, and the lines
/// that look like lifecycle prints but that nothing claimed, with a few of them to show; probe
/// lines that were malformed, and why; and what the input's first bytes said about it.
public struct TraceCoverage: Sendable, Equatable {
    /// One stored line, as reports show it.
    public struct Line: Sendable, Equatable {
        public let line: Int
        public let text: String
    }

    /// The input the trace was read from, as given (`-` for stdin).
    public let source: String
    public let lines: Int
    /// Events of every kind but `text`.
    public let lifecycleEvents: Int
    /// Text lines that look like lifecycle prints (origin `lookalike`).
    public let lookalikes: Int
    /// The first few lookalike lines.
    public let lookalikeSamples: [Line]
    /// The first few lines of the trace, for the message when nothing was recognised.
    public let firstLines: [Line]
    /// Lines that opened with the probe's marker (`trace-analyze:`) but broke its format.
    public var malformedProbeLines = 0
    /// The first few of them, each with why it was refused (`StructuredMessage.whyMalformed`)
    /// as its text.
    public var malformedProbeSamples: [Line] = []
    /// Bytes decoded from UTF-16 (`utf16_bytes`); 0 for UTF-8.
    public var utf16Bytes = 0
    /// The percent of NUL and control bytes in the first block of an input that looked binary
    /// (`binary_percent`); 0 for text.
    public var binaryPercent = 0
    /// Lines longer than the reader's limit (1 MiB), read only up to it (`over_long_lines`).
    public var overLongLines = 0
    /// For an Instruments export: its tables' rows; nil for a log.
    public var instruments: InstrumentsCoverage?

    /// True when the trace holds no lifecycle event at all.
    public var isEmpty: Bool { lifecycleEvents == 0 }

    /// How many lines each list holds at most.
    public static let sampleCount = 5

    /// Reads the coverage of trace `traceID`.
    public static func read(_ database: Database, traceID: Int) throws -> TraceCoverage {
        var source = "", lines = 0, events = 0, unrecognized = 0
        try database.forEachRow("SELECT source, lines, events, unrecognized FROM traces WHERE id = ?", [traceID]) { row in
            source = row.text(at: 0) ?? ""
            lines = row.int(at: 1) ?? 0
            events = row.int(at: 2) ?? 0
            unrecognized = row.int(at: 3) ?? 0
        }
        var counters: [String: Int] = [:]
        try database.forEachRow(
            "SELECT name, value FROM stats WHERE trace_id = ? AND name IN ('lookalike_lines', 'malformed_structured', 'utf16_bytes', 'binary_percent', 'over_long_lines')",
            [traceID]
        ) { row in
            if let name = row.text(at: 0) { counters[name] = row.int(at: 1) ?? 0 }
        }
        let lookalikes = counters["lookalike_lines"] ?? 0
        let malformed = counters["malformed_structured"] ?? 0
        let samples: [Line], first: [Line]
        if let spooled = database.eventSpool?.samples(of: traceID) {
            // A spool kept both as the events went by.
            samples = spooled.lookalikes
            first = events == unrecognized ? spooled.first : []
        } else {
            // Only asked when some exist: without an index on origin the search would read the whole trace.
            samples = lookalikes == 0 ? [] : try Self.lines(database, traceID: traceID, where: "AND origin = 'lookalike'")
            first = events == unrecognized ? try Self.lines(database, traceID: traceID, where: "") : []
        }
        var coverage = TraceCoverage(
            source: source, lines: lines, lifecycleEvents: events - unrecognized,
            lookalikes: lookalikes, lookalikeSamples: samples, firstLines: first
        )
        coverage.malformedProbeLines = malformed
        coverage.instruments = try InstrumentsCoverage.read(database, traceID: traceID)
        coverage.utf16Bytes = counters["utf16_bytes"] ?? 0
        coverage.binaryPercent = counters["binary_percent"] ?? 0
        coverage.overLongLines = counters["over_long_lines"] ?? 0
        if malformed > 0 { coverage.malformedProbeSamples = try malformedProbeSamples(database, traceID: traceID, count: malformed) }
        return coverage
    }

    /// The first malformed probe lines and why each was refused. They are stored as text: read
    /// again only here, for a trace that counted some, the parse keeps no reasons on its way.
    private static func malformedProbeSamples(_ database: Database, traceID: Int, count: Int) throws -> [Line] {
        let wanted = min(count, sampleCount)
        var found: [Line]
        if let spool = database.eventSpool, spool.holds(traceID) {
            found = spool.lines(ofTrace: traceID, limit: wanted) { StructuredMessage.whyMalformed($0) != nil }
        } else {
            found = []
            // `instr` narrows the rows to those naming the marker; the parse decides.
            try database.forEachRow(
                "SELECT line, message FROM events WHERE trace_id = ? AND kind = 'text' AND instr(message, 'trace-analyze:') > 0 ORDER BY id",
                [traceID]
            ) { row in
                guard found.count < wanted, let text = row.text(at: 1), StructuredMessage.whyMalformed(text) != nil else { return }
                found.append(Line(line: row.int(at: 0) ?? 0, text: text))
            }
        }
        return found.map { Line(line: $0.line, text: StructuredMessage.whyMalformed($0.text) ?? $0.text) }
    }

    private static func lines(_ database: Database, traceID: Int, where condition: String) throws -> [Line] {
        var result: [Line] = []
        try database.forEachRow(
            "SELECT line, message FROM events WHERE trace_id = ? \(condition) ORDER BY id LIMIT \(sampleCount)", [traceID]
        ) { row in
            result.append(Line(line: row.int(at: 0) ?? 0, text: row.text(at: 1) ?? ""))
        }
        return result
    }
}
