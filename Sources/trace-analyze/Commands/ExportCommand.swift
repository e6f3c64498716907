/// `trace-analyze export`: writes a trace in a format other tools read.
enum ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export",
        summary: "Write a trace in a format other tools open (Perfetto, chrome://tracing).",
        usage: "[FILE|-] [--trace ID] [--db PATH] [--config PATH] --format FORMAT [--output FILE]",
        options: [
            OptionSpec(name: "format", value: "FORMAT", help: "The format to write (required; see FORMATS)."),
            OptionSpec(name: "output", value: "FILE", help: "Write here instead of stdout."),
        ] + TraceSelection.specs,
        positionals: TraceSelection.positionals,
        maxPositionals: 1,
        discussion: """
        FORMATS:
        \(ExportFormats.list)

        The chrome-trace file has a thread per view type and instance, a complete event per
        lifetime, an instant event per init, body, appear, disappear and deinit (its line,
        message and `_printChanges` tokens in args) and an instant event per finding. Open it at
        https://ui.perfetto.dev or chrome://tracing. Without times in the log, line numbers
        stand in as microseconds; otherData.time_axis says which.

        EXAMPLES:
          trace-analyze export app.log --format chrome-trace --output app.trace.json
          trace-analyze export --trace 3 --db run.sqlite --format chrome-trace > trace.json
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let identifier = arguments.value("format") else {
            throw UsageError("--format is required; valid: \(ExportFormats.identifiers)")
        }
        let format = try ExportFormats.named(identifier)
        let output = arguments.value("output")
        if let output, output != "-" { _ = try OutputFile.check(output, for: "--output") }
        let selection = try TraceSelection.resolve(arguments)
        let sink = try ByteSink(path: output, what: "\(identifier) export")
        do {
            try format.write(selection, sink)
            try sink.finish()
        } catch {
            sink.abandon()
            throw error
        }
        return ExitCode.success
    }
}
