import TraceRules

/// `trace-analyze timeline`: one self-contained HTML page showing a trace's view lifecycles.
enum TimelineCommand: Command {
    static let spec = CommandSpec(
        name: "timeline",
        summary: "Write an interactive timeline page (one offline HTML file) of a trace's view lifecycles.",
        usage: "[FILE|-] [--trace ID] [--db PATH] [--config PATH] --output FILE",
        options: [
            OptionSpec(name: "output", value: "FILE", help: "The page to write (required; - for stdout)."),
        ] + TraceSelection.specs,
        positionals: TraceSelection.positionals,
        maxPositionals: 1,
        discussion: """
        The page has one lane per view type (a sub-lane per instance where the log names
        instances), a mark per init, body, appear, disappear and deinit, lifetime bars from
        `@identity` or init to deinit or disappear, and the findings of `check` on their lanes.
        Wheel zooms, drag pans, a click on a mark shows its line and `_printChanges` tokens, a
        click on a type's name shows or hides its instances (types with more than eight start
        hidden); `timeline.html#line=N` opens with line N's mark selected, `#filter=TEXT`
        with the view filter set. The axis is time when every event carries one, else line
        order. The page needs no network and no
        other file; marks closer than a pixel are merged when drawn, so a trace of a million
        events stays responsive.

        EXAMPLES:
          trace-analyze timeline app.log --output timeline.html
          trace-analyze timeline --trace 3 --db run.sqlite --output timeline.html
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let output = arguments.value("output") else {
            throw UsageError("--output FILE is required: the page to write (e.g. --output timeline.html)")
        }
        if output != "-" { _ = try OutputFile.check(output, for: "--output") }
        let selection = try TraceSelection.resolve(arguments)
        let model = try selection.timeline()
        let sink = try ByteSink(path: output, what: "timeline page")
        TimelinePage.write(model, to: sink)
        do { try sink.finish() } catch { sink.abandon(); throw error }
        if model.marks.isEmpty {
            // Loud, never silently blank: say why the page has nothing on it.
            Console.note("trace-analyze: note: no event of \(model.trace.source) named a view (\(model.trace.lines) lines read); the page has no lanes")
        }
        if output != "-" {
            Console.note("wrote \(output): \(model.lanes.count) lanes, \(model.marks.count) marks, \(model.findings.count) finding\(model.findings.count == 1 ? "" : "s")")
        }
        return ExitCode.success
    }
}
