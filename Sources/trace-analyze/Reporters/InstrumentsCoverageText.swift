import TraceModel
import TraceStore

/// How reports say what an Instruments export held: rows per table, not lines, since an XML
/// file has rows; the hitches and hangs by Apple's classes beside their tables.
enum InstrumentsCoverageText {
    /// `hitches: 11 rows, 2 over 100 ms; potential-hangs: 23 rows, 6 microhangs (100–250 ms), 0 hangs (250 ms or more); hang-risks: 0 rows, counted, not read`.
    static func tables(_ coverage: InstrumentsCoverage) -> String {
        guard !coverage.tables.isEmpty else { return "no table" }
        return coverage.tables.map { table in
            var text = "\(table.table): \(plural(table.rows, "row"))"
            switch InstrumentsTable(schema: table.table) {
            case .hitches?:
                text += ", \(coverage.hitchesOver100ms) over 100 ms"
                if coverage.systemHitches > 0 { text += ", \(coverage.systemHitches) marked system" }
            case .hangs?:
                text += ", \(plural(coverage.microhangs, "microhang")) (100–250 ms), \(plural(coverage.hangs, "hang")) (250 ms or more)"
            case .layoutUpdates?:
                if coverage.cachedLayouts > 0 { text += ", \(coverage.cachedLayouts) cached (not work, skipped)" }
            case .hangRisks?, .renders?:
                text += ", counted, not read"
            case nil:
                text += ", not read"
            case .updates?, .causes?:
                break
            }
            return text
        }.joined(separator: "; ")
    }

    /// The report's line for an export: `run.xml: Instruments export, hitches: 11 rows, …`.
    static func line(file: String, _ coverage: InstrumentsCoverage) -> String {
        "\(file): Instruments export, \(tables(coverage))"
    }

    /// The error for an export with nothing to analyse: which tables it held, and what to export.
    static func empty(file: String, _ coverage: InstrumentsCoverage) -> String {
        let what = coverage.tables.isEmpty
            ? "it holds no table"
            : coverage.tables.allSatisfy({ $0.rows == 0 })
                ? "\(coverage.tables.count == 1 ? "its one table holds" : "its \(coverage.tables.count) tables hold") no rows (\(tables(coverage)))"
                : "its rows are all in tables trace-analyze does not read (\(tables(coverage)))"
        return "no SwiftUI updates, hitches or hangs in \(file): an Instruments export, and \(what).\n"
            + "Export the tables trace-analyze reads from the recording, one after another into one file:\n  "
            + "\(RecordingExport.commands("run.trace", tables: RecordingExport.readTables))\n"
            + "pass --allow-empty to accept an export without them."
    }
}
