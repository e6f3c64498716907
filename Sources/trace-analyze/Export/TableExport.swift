import Foundation
import TraceStore

/// `export --format ndjson|parquet`: stored traces (all, `--trace ID`, `--since DATE`) written
/// as one file per table into `--output DIR`.
enum TableExport {
    static func run(_ arguments: ParsedArguments, identifier: String, format: TableFileFormat) throws -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("--format \(identifier) exports stored traces, not a log: run `trace-analyze ingest \(arguments.positionals[0]) --db PATH` first, then export with --db PATH")
        }
        guard let directory = arguments.value("output"), directory != "-" else {
            throw UsageError("--format \(identifier) writes one file per table: give --output DIR")
        }
        var status = stat()
        if stat(directory, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            throw UsageError("--output \(directory) is \(OutputDirectory.kind(status.st_mode)); --format \(identifier) needs a directory (created when missing)")
        }
        var selection = ExportSelection()
        selection.traceID = try StoredTrace.requestedID(arguments)
        if let value = arguments.value("since") {
            guard isDate(value) else {
                throw UsageError("--since needs a UTC date or time, YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS]Z, not '\(value)'")
            }
            selection.since = value
        }
        let database = try DatabaseOption.openForReading(arguments)
        let path = DatabaseOption.path(arguments)
        if let id = selection.traceID { try StoredTrace.requireTrace(id, in: database, path: path) }
        let written: [TableExporter.Written]
        do {
            written = try TableExporter.export(
                database: database, selection: selection, format: format, directory: directory,
                metadata: [(key: "trace_analyze.tool", value: "trace-analyze \(CommandLineTool.version)")]
            )
        } catch let error as InputError {
            throw ToolError("cannot write the \(identifier) export: \(error)")
        }
        let traces = written.first { $0.table == "traces" }?.rows ?? 0
        if traces == 0 { Console.note("no stored trace matches the selection; the files hold no rows") }
        let width = written.map(\.path.count).max() ?? 0
        for file in written {
            Console.note("\(file.path.padding(toLength: width, withPad: " ", startingAt: 0))  \(file.rows) rows, \(file.bytes) bytes")
        }
        let rows = { (table: String) in written.first { $0.table == table }?.rows ?? 0 }
        if rows("events") > 0, rows("findings") == 0 {
            // `ingest` stores events only: an empty findings table most often means the rules never ran.
            Console.note("trace-analyze: note: the findings table has 0 rows: `ingest` stores events only; `trace-analyze report --db \(ShellWord.quote(path))` runs the rules and stores the latest trace's findings (--trace ID for another), then export again")
        }
        return ExitCode.success
    }

    /// YYYY-MM-DD, optionally followed by THH:MM, :SS and Z: compared as text with `ingested_at`.
    static func isDate(_ text: String) -> Bool {
        let shape = Array(text.utf8)
        let pattern = Array("0000-00-00T00:00:00Z".utf8)
        guard [10, 16, 17, 19, 20].contains(shape.count) else { return false }
        for (index, byte) in shape.enumerated() {
            let expected = pattern[index]
            if expected == UInt8(ascii: "0") {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
            } else if byte != expected { return false }
        }
        return shape.count != 17 || shape[16] == UInt8(ascii: "Z")
    }
}
