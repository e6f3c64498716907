/// One file format `export` writes: a type of its own, listed in `ExportFormats.all`.
protocol ExportFormat: SendableMetatype {
    /// The `--format` value, kebab-case.
    static var identifier: String { get }
    /// One line for `--help`.
    static var summary: String { get }
    /// Writes the selected trace to `sink`.
    static func write(_ selection: TraceSelection, to sink: ByteSink) throws
}

/// A format in the list: its names and its writer, as plain values.
struct ExportFormatEntry: Sendable {
    let identifier: String
    let summary: String
    let write: @Sendable (TraceSelection, ByteSink) throws -> Void

    init<F: ExportFormat>(_ format: F.Type) {
        identifier = format.identifier
        summary = format.summary
        write = { try F.write($0, to: $1) }
    }
}

/// The formats `export` knows; adding one is a file and a line here.
enum ExportFormats {
    static let all: [ExportFormatEntry] = [
        ExportFormatEntry(ChromeTraceFormat.self),
    ]

    /// The format named `identifier`, or a usage error listing the valid ones.
    static func named(_ identifier: String) throws -> ExportFormatEntry {
        guard let format = all.first(where: { $0.identifier == identifier }) else {
            throw UsageError("unknown export format '\(identifier)'; valid: \(identifiers)")
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
