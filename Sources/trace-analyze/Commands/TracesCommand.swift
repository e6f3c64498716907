import TraceStore

/// `trace-analyze traces`: the stored traces.
enum TracesCommand: Command {
    static let spec = CommandSpec(
        name: "traces",
        summary: "List the stored traces: id, source, when, lines, events, tags.",
        usage: "[--db PATH] [--format table|csv|json|ndjson]",
        options: [
            DatabaseOption.spec,
            OptionSpec(name: "format", value: "FORMAT", help: "table (default), csv, json or ndjson.", choices: ["table", "csv", "json", "ndjson"]),
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let format = try ResultFormat.parse(arguments.value("format"))
        let database = try DatabaseOption.openForReading(arguments)
        var writer = format.makeWriter(listing: true)
        defer { writer.finish() }
        writer.begin(columns: ["id", "source", "ingested_at", "format", "lines", "events", "unrecognized", "complete", "tags"])
        let tags = try TraceTags.all(database)
        for trace in try TraceCatalog.list(database) {
            writer.add(row: [
                .integer(Int64(trace.id)), .text(trace.source), .text(trace.ingestedAt),
                trace.format.map { .text($0) } ?? .null,
                .integer(Int64(trace.lines)), .integer(Int64(trace.events)),
                .integer(Int64(trace.unrecognized)), .text(trace.complete ? "yes" : "no"),
                .text((tags[trace.id] ?? []).map { "\($0.key)=\($0.value)" }.joined(separator: " ")),
            ])
        }
        return ExitCode.success
    }
}
