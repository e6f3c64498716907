import Foundation
import TraceModel
import TraceRules
import TraceStore

/// `trace-analyze why`: the chain from each update's root cause down to every evaluation of a view.
enum WhyCommand: Command {
    static let spec = CommandSpec(
        name: "why",
        summary: "Explain why a view's body ran: the chain from the root cause down to each evaluation.",
        usage: "VIEW [FILE|-] [--line N] [--format text|json] [--trace ID] [--db PATH] [--config PATH]",
        options: [
            OptionSpec(name: "line", value: "N", help: "Explain the body evaluation or init on line N (then VIEW may be left out)."),
            OptionSpec(name: "format", value: "FORMAT", help: "text (default) or json.", choices: ["text", "json"]),
        ] + TraceInput.specs,
        positionals: [
            ("VIEW", "The view type, as the log names it (e.g. PlayButton)."),
            ("FILE", "A log file or an Instruments export (xctrace export XML; a .trace recording on macOS), or - for stdin; without it, the stored trace (--trace ID, default the latest)."),
        ],
        maxPositionals: 2,
        discussion: """
        Every body evaluation gets a cause from what the log shows: its own dynamic property
        changed (state, observed object, environment, an Observation dependency), its parent
        passed a new value (@self) or made it anew (its init printed in the same update), a new
        identity (@identity: its state starts over), or unknown when the log cannot tell. The
        chain climbs from the evaluation to the parent evaluation that caused it, up to the
        change that started the update. Evaluations that share a chain are counted together,
        most frequent first, each with the log lines of its first occurrence.

        Each chain is marked with its verdict: [expected] (a first evaluation, a new identity,
        or a change of something the view reads, @self included), [avoidable] (`X: unchanged.`:
        nothing it reads changed; or inside a loop excessive_body_evaluation flags; or @self
        alone of a view unstable_view_value or redundant_instance_creation flags), [unknown]
        (a body print that names no cause). Only avoidable evaluations make findings.

        EXAMPLES:
          trace-analyze why PlayButton app.log
          trace-analyze why --line 6 app.log
          trace-analyze why PlayButton --trace 3 --db run.sqlite --format json
          xcrun simctl spawn booted log stream --style compact | trace-analyze why PlayButton -
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let line = try arguments.value("line").map { value -> Int in
            guard let line = Int(value), line > 0 else { throw UsageError("--line needs a line number (a positive integer), not '\(value)'") }
            return line
        }
        let format = arguments.value("format") ?? "text"
        guard ["text", "json"].contains(format) else { throw UsageError(Suggestion.unknown("format", format, valid: ["text", "json"])) }
        var positionals = arguments.positionals
        let view: String?
        if line != nil && positionals.count < 2 {
            view = nil
        } else {
            guard !positionals.isEmpty else { throw UsageError("name a VIEW (or give --line N), e.g. trace-analyze why PlayButton app.log") }
            if positionals.count == 1, line == nil, isLogFile(positionals[0]) {
                throw try viewForgotten(file: positionals[0], arguments)
            }
            view = positionals.removeFirst()
        }
        let input = try TraceInput.open(arguments, file: positionals.first)
        var explainer = try Explainer(database: input.database, traceID: input.traceID)
        let explanation: Explanation
        if let line {
            explanation = try explainer.explain(line: line)
            if let view, explanation.view != view {
                throw ToolError("line \(line) is about \(explanation.view ?? "no view"), not \(view)")
            }
        } else {
            explanation = try explainer.explain(view: view!)
        }
        Console.write(format == "json" ? ExplanationText.json(explanation) : ExplanationText.text(explanation))
        return ExitCode.success
    }

    /// True when `argument` names a log file (or a recording): `why app.log` forgot the view.
    private static func isLogFile(_ argument: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else { return false }
        return !isDirectory.boolValue || RecordingExport.isRecording(argument)
    }

    /// The usage, with the views `file` names to choose from: read as `why` would read it, the
    /// views with body evaluations first (`views`' order: most body time, then most bodies).
    private static func viewForgotten(file: String, _ arguments: ParsedArguments) throws -> UsageError {
        let input = try TraceInput.open(arguments, file: file)
        var withBodies: [String] = [], others: [String] = []
        try ViewAccount.forEachRow(traceID: input.traceID, in: input.database) { row in
            guard !withBodies.contains(row.view), !others.contains(row.view) else { return }
            if row.bodies > 0 { withBodies.append(row.view) } else { others.append(row.view) }
        }
        let views = withBodies + others
        let usage = "'\(file)' is a log file, not a view: usage: trace-analyze why VIEW [FILE]"
        guard let first = views.first else { return UsageError("\(usage); \(file) names no view") }
        let shown = views.prefix(12).joined(separator: ", ") + (views.count > 12 ? ", … (\(views.count) in all)" : "")
        return UsageError("\(usage); views in it: \(shown) (e.g. trace-analyze why \(ShellWord.quote(first)) \(ShellWord.quote(file)))")
    }
}
