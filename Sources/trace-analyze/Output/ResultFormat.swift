import TraceModel
import TraceStore

/// How `query` and `traces` print rows.
enum ResultFormat: String, CaseIterable {
    case table, csv, json, ndjson

    static func parse(_ value: String?) throws -> ResultFormat {
        guard let value else { return .table }
        guard let format = ResultFormat(rawValue: value) else {
            throw UsageError(Suggestion.unknown("format", value, valid: allCases.map(\.rawValue)))
        }
        return format
    }

    /// A writer of this format; `listing` (`views`, `traces`) leaves NULL and empty cells blank
    /// in a table.
    func makeWriter(listing: Bool = false) -> any ResultWriter {
        switch self {
        case .table: TableWriter(blanks: listing)
        case .csv: CSVWriter()
        case .json: JSONRowsWriter(lineDelimited: false)
        case .ndjson: JSONRowsWriter(lineDelimited: true)
        }
    }
}

/// Prints result rows as they come; `begin` starts each statement's result.
protocol ResultWriter {
    mutating func begin(columns: [String])
    mutating func add(row: [SQLValue])
    /// Ends the output; writes anything held back.
    mutating func finish()
}
