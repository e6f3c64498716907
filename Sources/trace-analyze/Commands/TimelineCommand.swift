import Foundation
import TraceRules

/// `trace-analyze timeline`: one self-contained HTML page showing a trace's view lifecycles.
enum TimelineCommand: Command {
    static let spec = CommandSpec(
        name: "timeline",
        summary: "Write an interactive timeline page (one offline HTML file) of a trace's view lifecycles.",
        usage: "[FILE|-] [--trace ID] [--db PATH] [--config PATH] [--detail auto|exact|summary] [--lines A-B] [--output FILE]",
        options: [
            OptionSpec(name: "output", value: "FILE", help: "The page to write, or - for stdout (default: the log's name with .timeline.html, in the current directory; timeline.html for stdin or --db)."),
            OptionSpec(
                name: "detail", value: "auto|exact|summary",
                help: "exact: every mark; summary: marks binned by line at a few levels of detail; auto (default): exact up to \(Timeline.exactEventLimit) events."
            ),
            OptionSpec(name: "lines", value: "A-B", help: "Draw only the events of lines A to B, exactly (a range of a long trace)."),
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
        order. The page needs no network and no other file; marks closer than a pixel are
        merged when drawn.

        A trace of more than \(Timeline.exactEventLimit) events is summarised: per view
        type, which kinds of mark, lifetimes, identity resets and finding flags fall in each bin
        of lines, at three levels of detail that the page picks as you zoom. The page and the
        command's memory then stay the same size however long the trace (a 20 MB page for
        175 view types); instances are folded into their type's lane, and the page gives
        the command (`--lines A-B`) that draws the range in view exactly.

        EXAMPLES:
          trace-analyze timeline app.log                # writes app.timeline.html
          trace-analyze timeline --trace 3 --db run.sqlite --output timeline.html
          trace-analyze timeline --trace 3 --db run.sqlite --lines 120000-125000 --output part.html
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let output = arguments.value("output") ?? defaultOutput(for: arguments.positionals.first)
        let detail = arguments.value("detail") ?? "auto"
        guard ["auto", "exact", "summary"].contains(detail) else {
            throw UsageError("--detail must be auto, exact or summary, not '\(detail)'")
        }
        let lines = try arguments.value("lines").map(parseLines)
        if lines != nil, detail == "summary" {
            throw UsageError("--lines draws a range exactly; it cannot be combined with --detail summary")
        }
        _ = try OutputFile.check(output, for: "--output")
        let selection = try TraceSelection.resolve(arguments)
        let events = try selection.trace().events
        let summarise = lines == nil && (detail == "summary" || (detail == "auto" && events > Timeline.exactEventLimit))
        if summarise {
            let summary = try selection.timelineSummary()
            try TimelinePage.write(to: output) { TimelinePage.write(summary, command: "trace-analyze timeline \(selection.selector)", to: $0) }
            if !OutputFile.isStandardOutput(output) { Console.note("wrote \(output): \(TimelinePage.contents(summary))") }
            if !summary.droppedLevels.isEmpty {
                Console.note("trace-analyze: note: \(summary.lanes.count) view types are too many for the finest levels of detail (\(summary.droppedLevels.map(String.init).joined(separator: ", ")) bins); the page draws the coarser ones")
            }
            return ExitCode.success
        }
        let model = try selection.timeline(lines: lines)
        try TimelinePage.write(to: output) { TimelinePage.write(model, to: $0) }
        if model.marks.isEmpty {
            // Loud, never silently blank: say why the page has nothing on it.
            let place = lines.map { " on lines \($0.lowerBound)-\($0.upperBound)" } ?? ""
            Console.note("trace-analyze: note: no event of \(model.trace.source)\(place) named a view (\(model.trace.lines) lines read); the page has no lanes")
        }
        if !OutputFile.isStandardOutput(output) { Console.note("wrote \(output): \(TimelinePage.contents(model))") }
        return ExitCode.success
    }

    /// The page's name when none is given: `app.log` draws into `app.timeline.html` in the current
    /// directory (not beside the log, whose folder may not be the user's to write); stdin and a
    /// stored trace into `timeline.html`.
    static func defaultOutput(for log: String?) -> String {
        guard let log, log != "-" else { return "timeline.html" }
        let name = (log as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return (stem.isEmpty ? name : stem) + ".timeline.html"
    }

    /// `A-B` as a range of 1-based lines.
    private static func parseLines(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let from = Int(parts[0]), let to = Int(parts[1]), from >= 1, from <= to else {
            throw UsageError("--lines needs a range of lines A-B with 1 <= A <= B (e.g. --lines 1200-1800), not '\(text)'")
        }
        return from...to
    }
}
