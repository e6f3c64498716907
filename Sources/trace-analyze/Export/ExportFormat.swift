import TraceModel
import TraceStore

/// One file format `export` writes: a type of its own, listed in `ExportFormats.all`.
protocol ExportFormat: SendableMetatype {
    /// The `--format` value, kebab-case.
    static var identifier: String { get }
    /// One line for `--help`.
    static var summary: String { get }
    /// Writes the selected trace to `sink`.
    static func write(_ selection: TraceSelection, to sink: ByteSink) throws
}

/// A format that writes the stored tables of many traces, one file per table, into a directory.
protocol TableExportFormat: SendableMetatype {
    /// The `--format` value.
    static var identifier: String { get }
    /// One line for `--help`.
    static var summary: String { get }
    /// The file format the library writes.
    static var fileFormat: TableFileFormat { get }
}

/// A format in the list: its names and its writer, as plain values.
struct ExportFormatEntry: Sendable {
    /// What a format writes: one trace to one file or stdout, or tables into a directory.
    enum Writer: Sendable {
        case trace(@Sendable (TraceSelection, ByteSink) throws -> Void)
        case tables(TableFileFormat)
    }

    let identifier: String
    let summary: String
    let writer: Writer

    init<F: ExportFormat>(_ format: F.Type) {
        identifier = format.identifier
        summary = format.summary
        writer = .trace { try F.write($0, to: $1) }
    }

    init<F: TableExportFormat>(_ format: F.Type) {
        identifier = format.identifier
        summary = format.summary
        writer = .tables(format.fileFormat)
    }
}

/// The formats `export` knows; adding one is a file and a line here.
enum ExportFormats {
    static let all: [ExportFormatEntry] = [
        ExportFormatEntry(ChromeTraceFormat.self),
        ExportFormatEntry(NDJSONTablesFormat.self),
        ExportFormatEntry(ParquetTablesFormat.self),
    ]

    /// The format named `identifier`, or a usage error listing the valid ones.
    static func named(_ identifier: String) throws -> ExportFormatEntry {
        guard let format = all.first(where: { $0.identifier == identifier }) else {
            throw UsageError(Suggestion.unknown("export format", identifier, valid: all.map(\.identifier)))
        }
        return format
    }

    static var identifiers: String { all.map(\.identifier).joined(separator: ", ") }

    /// The formats for `--help`, one per line.
    static var list: String {
        let width = all.map(\.identifier.count).max() ?? 0
        return all.map { "  \($0.identifier.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)" }
            .joined(separator: "\n")
    }
}
