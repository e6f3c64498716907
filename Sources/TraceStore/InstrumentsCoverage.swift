import TraceModel

/// What an Instruments export held, from its trace's `stats`: the rows of each table, read or
/// not, and its hitches and hangs by Apple's classes.
public struct InstrumentsCoverage: Sendable, Equatable {
    /// Each table's rows, by table name.
    public var tables: [InstrumentsTableRows] = []
    /// Hitches over 100 ms, and those Instruments marks `Is System`.
    public var hitchesOver100ms = 0
    public var systemHitches = 0
    /// Main-thread hangs of 100 to 250 ms, and of 250 ms or more.
    public var microhangs = 0
    public var hangs = 0
    /// Layout passes marked `cached`, skipped.
    public var cachedLayouts = 0

    /// The coverage of trace `traceID`; nil when it is not an Instruments export.
    static func read(_ database: Database, traceID: Int) throws -> InstrumentsCoverage? {
        var coverage = InstrumentsCoverage()
        var isExport = false
        try database.forEachRow("SELECT name, value FROM stats WHERE trace_id = ? AND name LIKE 'instruments_%' ORDER BY name", [traceID]) { row in
            let name = row.text(at: 0) ?? "", value = row.int(at: 1) ?? 0
            isExport = true
            if name.hasPrefix(InstrumentsTableRows.statPrefix) {
                coverage.tables.append(InstrumentsTableRows(table: String(name.dropFirst(InstrumentsTableRows.statPrefix.count)), rows: value))
            }
            switch name {
            case "instruments_hitches_over_100ms": coverage.hitchesOver100ms = value
            case "instruments_system_hitches": coverage.systemHitches = value
            case "instruments_microhangs": coverage.microhangs = value
            case "instruments_hangs": coverage.hangs = value
            case "instruments_cached_layouts": coverage.cachedLayouts = value
            default: break
            }
        }
        return isExport ? coverage : nil
    }

    /// True when some table trace-analyze reads has a row.
    public var hasReadRows: Bool {
        tables.contains { table in table.rows > 0 && InstrumentsTable(schema: table.table)?.isRead == true }
    }
}
