import TraceModel
import TraceStore

/// How reports say what an Instruments export held: rows per table, not lines, since an XML
/// file has rows; the hitches and hangs by Apple's classes beside their tables.
enum InstrumentsCoverageText {
    /// `hitches: 11 rows, 2 over 100 ms; potential-hangs: 23 rows, 6 of Brief Unresponsiveness (100–250 ms), 0 Microhangs or Hangs (250 ms or more); hang-risks: 0 rows, counted, not read`.
    static func tables(_ coverage: InstrumentsCoverage) -> String {
        guard !coverage.tables.isEmpty else { return "no table" }
        return coverage.tables.map { table in
            var text = "\(table.table): \(plural(table.rows, "row"))"
            switch InstrumentsTable(schema: table.table) {
            case .hitches?:
                text += ", \(coverage.hitchesOver100ms) over 100 ms"
                if coverage.systemHitches > 0 { text += ", \(coverage.systemHitches) marked system" }
            case .hangs?:
                // Instruments' names; the counters keep their names (`instruments_microhangs` counts 100–250 ms).
                text += ", \(coverage.microhangs) of Brief Unresponsiveness (100–250 ms), \(coverage.hangs) Microhang\(coverage.hangs == 1 ? "" : "s") or Hang\(coverage.hangs == 1 ? "" : "s") (250 ms or more)"
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

    /// The error for an export with nothing to analyse, in one line: which tables it held, why
    /// none gave an event, and what to export.
    static func empty(file: String, _ coverage: InstrumentsCoverage) -> String {
        let readRows = coverage.tables.filter { InstrumentsTable(schema: $0.table)?.isRead == true && $0.rows > 0 }
        let what: String
        if coverage.tables.isEmpty {
            what = "it holds no table"
        } else if coverage.tables.allSatisfy({ $0.rows == 0 }) {
            what = "\(coverage.tables.count == 1 ? "its one table holds" : "its \(coverage.tables.count) tables hold") no rows (\(tables(coverage)))"
        } else if !readRows.isEmpty {
            // Tables it reads, with rows, yet no event: the rows lack the columns it reads them by.
            let names = readRows.map { "\($0.table): \(plural($0.rows, "row"))" }.joined(separator: ", ")
            what = "none of the rows of the tables it reads (\(names)) held a start and a duration it could read"
        } else {
            what = "its rows are all in tables trace-analyze does not read (\(tables(coverage)))"
        }
        let wanted = RecordingExport.readTables.joined(separator: ", ")
        return "no SwiftUI updates, hitches or hangs in \(file): an Instruments export, and \(what); "
            + "export \(wanted) from the recording (docs/instruments.md shows the xctrace commands), or pass --allow-empty to accept it"
    }
}
