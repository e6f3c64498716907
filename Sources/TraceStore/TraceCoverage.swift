/// How much of a trace was understood: lines read, lifecycle events recognised, and the lines
/// that look like lifecycle prints but that nothing claimed, with a few of them to show.
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
        let lookalikes = try database.scalarInt(
            "SELECT value FROM stats WHERE trace_id = ? AND name = 'lookalike_lines'", [traceID]
        ) ?? 0
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
        coverage.instruments = try InstrumentsCoverage.read(database, traceID: traceID)
        return coverage
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
