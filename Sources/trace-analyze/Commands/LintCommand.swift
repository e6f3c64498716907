import TraceModel
import TraceRules
import TraceStore

/// `trace-analyze lint`: find the shapes behind the runtime rules in Swift sources, without a log.
enum LintCommand: Command {
    static let spec = CommandSpec(
        name: "lint",
        summary: "Find the code shapes behind lifecycle problems in Swift sources, without a log.",
        usage: "[DIR|FILE]... [--fix] [--config PATH] [--format FORMAT] [--output FILE] [--fail-on LEVEL] [--strict] [--baseline FILE] [--write-baseline FILE]",
        options: [ConfigOption.spec, OptionSpec(name: "fix", value: nil, help: "First make the mechanical fixes (as `trace-analyze fix`), then report what is left.")]
            + ReportOptions.specs.filter { $0.name != "sources" },
        positionals: [("DIR|FILE", "A Swift file, or a directory whose .swift files are read (default: the configuration's `sources`, else the current directory).")],
        maxPositionals: nil,
        discussion: """
        Each static rule looks for one shape that makes a runtime rule fire: the same view in two
        branches of an `if`, `.id(UUID())`, `NavigationLink(destination:)` in a list,
        `@ObservedObject var model = Model()`, `@State` holding a class whose init does work, state
        seeded from init parameters, unstable `ForEach` ids, and view inits that build helpers.
        A static finding is a possible problem: its severity is one level below its runtime rule's
        unless the configuration sets it (`"rules": {"random_view_id": {"severity": "error"}}`).
        The reporters, the configuration file, the baseline and the exit codes are `check`'s:
        0 nothing reached the fail level, 2 something did, 1 the command failed. A file that is not
        Swift text (binary, not UTF-8) is skipped, and one whose brackets do not balance is read as
        far as it goes, each with one line on stderr; the run goes on.
        `check --sources DIR` links a log's findings to these sites. `trace-analyze rules ID`
        explains a rule with examples.

        FORMATS:
        \(Reporters.list)

        EXAMPLES:
          trace-analyze lint Sources/App
          trace-analyze lint Sources/App --fix
          trace-analyze lint . --format xcode
          trace-analyze lint App --format sarif --output lint.sarif --strict
          trace-analyze lint App --write-baseline .trace-analyze-lint-baseline.json
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let file = try ConfigOption.load(arguments)
        let checkConfiguration = try CheckConfiguration(file: file)
        // No path given: the configuration's `sources`, as `check --sources` would read, else here.
        let paths = arguments.positionals.isEmpty ? [checkConfiguration.sources ?? "."] : arguments.positionals
        // The runtime rules' sections are read (and checked) too: lint severities follow them.
        let runtime = try RuleConfiguration(file: file)
        let configuration = try LintConfiguration(file: file)
        let options = try ReportOptions(arguments, configuration: checkConfiguration, scanningSources: false)
        if arguments.flag("fix") {
            _ = try FixCommand.run(paths: paths, configuration: configuration, rules: [], log: nil, dryRun: false)
        }
        let (swiftFiles, vendored) = try Linter.sourceListing(in: paths)
        Console.noteVendored(vendored, verb: "lint")
        // Loud, never silently green: as `check` refuses a log with nothing in it.
        guard !swiftFiles.isEmpty else {
            throw ToolError("no Swift file under \(paths.joined(separator: ", "))\(vendored.isEmpty ? "" : " outside third-party folders"): lint reads .swift files; name the app's sources (e.g. trace-analyze lint Sources/MyApp)")
        }
        let result = Linter(configuration: configuration).lint(paths: swiftFiles)
        for problem in result.problems { Console.note("trace-analyze: warning: \(problem)") }
        for note in result.suppressionNotes { Console.note("trace-analyze: note: \(note)") }
        let database = try TraceDatabase.openTemporary()
        let traceIDs = try LintStore.store(result, in: database)
        return try options.finish(
            database: database, traceIDs: traceIDs, coverage: [], configuration: runtime.restricted(to: []),
            lint: LintReport(result, configuration: configuration), suppressedByComments: result.suppressed
        )
    }
}
