import TraceModel
import TraceRules
import TraceStore

/// `trace-analyze check`: parse and analyse in one go, print a report, exit by the fail level.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        summary: "Parse console logs and report lifecycle problems; the command for CI.",
        usage: "[FILE|-]... [--db PATH] [--config PATH] [--format FORMAT] [--output FILE] [--fail-on LEVEL] [--strict] [--sources DIR] [--baseline FILE] [--write-baseline FILE]",
        options: [
            OptionSpec(name: "db", value: "PATH", help: "Keep the traces and findings in this database (default: a temporary one, deleted when done)."),
            ConfigOption.spec,
        ] + ReportOptions.specs,
        positionals: [("FILE", "A log file, or - for stdin (the default when input is piped).")],
        maxPositionals: nil,
        discussion: """
        Each input is one trace, parsed as `ingest` parses it (user patterns included). Every
        input, option and the configuration are checked before any input is read. The report
        is printed in full, then the exit code says whether a finding reached the fail level:
        0 none did, 2 one did, 1 the command itself failed. `trace-analyze rules` lists the rules.

        FORMATS:
        \(Reporters.list)

        EXAMPLES:
          trace-analyze check ui-test.log
          trace-analyze check --strict --format json app.log > findings.json
          trace-analyze check ui-test.log --sources App --format sarif --output trace.sarif
          trace-analyze check ui-test.log --write-baseline .trace-analyze-baseline.json
          trace-analyze check ui-test.log --baseline .trace-analyze-baseline.json --strict
          xcrun simctl spawn booted log stream --style compact | trace-analyze check -
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        var inputs = arguments.positionals
        if inputs.isEmpty {
            guard !Console.stdinIsTerminal else {
                throw UsageError("no input: name a log file, or pipe one in with `-`")
            }
            inputs = ["-"]
        }
        let file = try ConfigOption.load(arguments)
        let configuration = try RuleConfiguration(file: file)
        let patterns = try UserPattern.load(from: file)
        let options = try ReportOptions(arguments, configuration: CheckConfiguration(file: file))
        try InputCheck.requireReadable(inputs)

        let database = try arguments.value("db").map(TraceDatabase.openForWriting) ?? TraceDatabase.openTemporary()
        defer { if arguments.value("db") != nil { TraceDatabase.finishWriting(database) } }
        let ingestor = Ingestor(database: database, makeParser: { TraceParser(patterns: patterns) })
        let analyzer = Analyzer(database: database, configuration: configuration, sources: options.sources)
        var findings: [Finding] = []
        for input in inputs {
            let summary = try ingestor.ingest(path: input)
            findings += try analyzer.analyze(traceID: summary.traceID)
        }
        findings.sort(by: Finding.reportOrder)
        return try options.finish(findings: findings, traceCount: inputs.count, configuration: configuration)
    }
}
