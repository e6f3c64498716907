import Foundation
import TraceModel
import TraceRules
import TraceStore

/// `trace-analyze budgets`: a trace's current figures per view, as a `budgets` section to start from.
enum BudgetsCommand: Command {
    /// The measures a starting budget records: what every log can show. `ms` joins them where
    /// bodies were measured; resets and dropped values are left to the rules that count them.
    static let written: [Budget.Measure] = [.body, .`init`, .identities, .appears]

    static let spec = CommandSpec(
        name: "budgets",
        summary: "Write a trace's current figures per view as a starting `budgets` section for .trace-analyze.json.",
        usage: "[FILE|-] --write FILE [--test NAME] [--trace ID] [--db PATH] [--config PATH]",
        options: [
            OptionSpec(name: "write", value: "FILE", help: "Write the budgets to FILE (- for stdout): a JSON file with one key, \"budgets\", to copy into .trace-analyze.json."),
            OptionSpec(name: "test", value: "NAME", help: "Make each budget hold only for traces tagged test=NAME (`check --tag test=NAME`)."),
        ] + TraceInput.specs,
        positionals: [("FILE", "A log file or an Instruments export, or - for stdin; without it, the stored trace (--trace ID, default the latest).")],
        maxPositionals: 1,
        discussion: """
        Each view of the trace gets a budget of its current figures as `max`: body evaluations,
        inits, identities (body evaluations with a new identity) and appears, and measured body
        time (`ms`) where the trace has it. `check` then reports a `budget` finding (severity error
        unless the budget says "severity") when a later run goes over one, with the figure, the
        budget, the causes of the evaluations (as `why` and `views` count them) and the lines.
        A budget is also written as {"exactly": N} by hand, and names a view or a glob ("Feed*").
        Measures: \(Budget.Measure.allCases.map(\.rawValue).joined(separator: ", ")). FILE is not
        replaced when it holds other settings: copy the budgets in by hand.

        EXAMPLES:
          trace-analyze budgets ui-test.log --write budgets.json
          trace-analyze budgets ui-test.log --write - --test testScrollFeed
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let output = arguments.value("write") else {
            throw UsageError("name where to write the budgets: --write FILE (or --write - for stdout), e.g. trace-analyze budgets ui-test.log --write budgets.json")
        }
        let test = arguments.value("test")
        if let test, test.isEmpty { throw UsageError("--test needs a test name, e.g. --test testScrollFeed") }
        if !OutputFile.isStandardOutput(output) { try refuseToReplaceSettings(output) }
        _ = try OutputFile.check(output, for: "--write")
        let input = try TraceInput.open(arguments, file: arguments.positionals.first)
        let measured = try ViewAccount.isMeasured(traceID: input.traceID, in: input.database)
        let measures = written + (measured ? [.ms] : [])
        var entries: [String] = []
        for view in try BudgetCheck.views(of: input.traceID, in: input.database) {
            var limits: [String] = []
            for measure in measures {
                guard let value = try BudgetCheck.figure(measure, view: view, traceID: input.traceID, in: input.database), value > 0 else { continue }
                // Measured time varies from run to run: a starting budget rounds it up.
                let limit = measure == .ms ? (value * 1.5).rounded(.up) : value
                limits.append("\(JSONText.quote(measure.rawValue)): {\"max\": \(limit == limit.rounded() ? String(Int(limit)) : String(limit))}")
            }
            guard !limits.isEmpty else { continue }
            let tag = test.map { ", \"test\": \(JSONText.quote($0))" } ?? ""
            entries.append("    {\"view\": \(JSONText.quote(view))\(tag), \(limits.joined(separator: ", "))}")
        }
        guard !entries.isEmpty else {
            throw ToolError("the trace names no view with a body evaluation, init or appear: there is nothing to budget")
        }
        let text = "{\n  \"budgets\": [\n" + entries.joined(separator: ",\n") + "\n  ]\n}\n"
        try ReportSink.writing(to: output, what: "budgets") { $0.write(text) }
        if !OutputFile.isStandardOutput(output) {
            Console.note("wrote budgets \(output): \(plural(entries.count, "view")); copy its \"budgets\" into .trace-analyze.json (or pass it with --config)")
        }
        return ExitCode.success
    }

    /// A file that holds more than `budgets` (a whole `.trace-analyze.json`) is the user's: not replaced.
    private static func refuseToReplaceSettings(_ path: String) throws {
        guard FileManager.default.fileExists(atPath: path), let reader = try? ConfigurationReader.load(path: path) else { return }
        let others = reader.order.filter { $0 != "budgets" }
        guard others.isEmpty else {
            throw ToolError("\(path) holds other settings (\(others.joined(separator: ", "))); not replaced: write the budgets to a file of their own and copy its \"budgets\" in")
        }
    }
}
