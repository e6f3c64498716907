import TraceModel
import TraceRules
import TraceStore

/// `trace-analyze check`: parse and analyse in one go, print a report, exit by the fail level.
enum CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        summary: "Parse console logs and report lifecycle problems; the command for CI.",
        usage: "[FILE|-]... [--db PATH] [--allow-empty] [--config PATH] [--format FORMAT] [--output FILE] [--fail-on LEVEL] [--strict] [--evaluations avoidable|all] [--sources DIR] [--baseline FILE] [--write-baseline FILE] [--timeline FILE] [--tag KEY=VALUE]...",
        options: [
            OptionSpec(name: "db", value: "PATH", help: "Keep the traces and findings in this database (default: a temporary one, deleted when done)."),
            OptionSpec(name: "allow-empty", value: nil, help: "Accept a log with no SwiftUI lifecycle line (default: such a log is an error, exit 1)."),
            ConfigOption.spec,
            TagOption.spec,
            EvaluationsOption.spec,
        ] + ReportOptions.specs,
        positionals: [("FILE", "A log file or an Instruments export (xctrace export XML; a .trace recording on macOS), or - for stdin (the default when input is piped).")],
        maxPositionals: nil,
        discussion: """
        Each input is one trace, parsed as `ingest` parses it (user patterns included). Every
        input, option and the configuration are checked before any input is read. The report
        is printed in full, then the exit code says whether a finding reached the fail level:
        0 none did, 2 one did, 1 the command itself failed. `trace-analyze rules` lists the rules.
        A log in which no line is a SwiftUI lifecycle event (a broken log capture, or prints in a
        shape the tool does not know) is an error after the report, unless --allow-empty is given;
        the report lists lines that look like lifecycle prints but were not recognised.

        FORMATS:
        \(Reporters.list)

        EXAMPLES:
          trace-analyze check ui-test.log
          trace-analyze check --strict --format json app.log > findings.json
          trace-analyze check app.log --evaluations all
          trace-analyze check ui-test.log --sources App --format sarif --output trace.sarif
          trace-analyze check ui-test.log --format html --output report.html --timeline timeline.html
          trace-analyze check ui-test.log --write-baseline .trace-analyze-baseline.json
          trace-analyze check ui-test.log --baseline .trace-analyze-baseline.json --strict
          xcrun simctl spawn booted log stream --style compact | trace-analyze check -
          trace-analyze check run.xml        # an Instruments recording, exported with xcrun xctrace export
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
        let configuration = try EvaluationsOption.apply(arguments, to: RuleConfiguration(file: file))
        let patterns = try UserPattern.load(from: file)
        let options = try ReportOptions(arguments, configuration: CheckConfiguration(file: file))
        if options.timeline != nil, inputs.count > 1 {
            throw UsageError("--timeline draws one trace; \(inputs.count) logs were given (write one page per log with `trace-analyze timeline`)")
        }
        inputs = try InputCheck.requireReadable(inputs)
        let tags = try TagOption.resolve(arguments)

        let (database, storesTokens) = try options.runDatabase(keptIn: arguments.value("db"), configuration: configuration)
        defer { if arguments.value("db") != nil { TraceDatabase.finishWriting(database) } }
        let ingestor = Ingestor(
            database: database, makeParser: { TraceParser(patterns: patterns) }, tags: tags,
            storingTokens: storesTokens,
            // Nobody reads a temporary database while it is written, or after a crash: one
            // transaction per trace spares the rollback journal a copy of every page each batch
            // touches. A database of the user's commits in batches, as `ingest` does.
            inOneTransaction: arguments.value("db") == nil
        )
        var traceIDs: [Int] = []
        var coverage: [TraceCoverage] = []
        var linesNamingInstances: [Int: LineSet] = [:]
        var evidenceCounts: [Int: Int] = [:]
        let showProgress = Console.stderrIsTerminal
        for input in inputs {
            // The rules read the events as they are stored, on a thread of their own: the trace
            // is not read back. Updates and causes are left for `why` and `views` to store. With
            // --timeline the page's layout runs the rules instead, on the stored trace, and with
            // budgets `finish` does: once, for the findings and the budgets' figures alike.
            let analysis = options.analysesStoredTrace ? nil : StreamAnalysis(
                configuration: configuration, sources: options.sources, source: input, storingIn: database,
                countingEvidenceAbove: TextReporter.maxEvidence
            )
            let summary: Ingestor.Summary
            do {
                summary = try ingestor.ingest(
                    path: input, progress: showProgress ? IngestCommand.progressLine(for: input) : nil, observer: analysis
                )
            } catch let incomplete as IncompleteTraceError {
                // Without --db the database dies with the run: the rows read before the failure are not kept.
                guard arguments.value("db") == nil else { throw ToolError("\(incomplete); \(incomplete.stored)") }
                guard incomplete.events > 0 else { throw ToolError("\(incomplete); no event was read before it") }
                throw ToolError("\(incomplete); nothing was kept: check reads into a temporary database "
                    + "(pass --db PATH, or use ingest, to keep the \(incomplete.events == 1 ? "event" : "\(incomplete.events) events") read before it)")
            }
            if showProgress { Console.clearStatus() }
            if let analysis {
                try analysis.finishStoring()
                linesNamingInstances[summary.traceID] = analysis.linesNamingInstances
                evidenceCounts.merge(analysis.evidenceCounts) { _, new in new }
            }
            traceIDs.append(summary.traceID)
            var covered = try TraceCoverage.read(database, traceID: summary.traceID)
            // A temporary store keeps no `test_measurements`: the rules counted the measured lines.
            if let analysis { covered.measurements = max(covered.measurements, analysis.measurementsRead) }
            coverage.append(covered)
        }
        let status = try options.finish(
            database: database, traceIDs: traceIDs, coverage: coverage, configuration: configuration,
            linesNamingInstances: linesNamingInstances, evidenceCounts: evidenceCounts, keptIn: arguments.value("db")
        )
        if let binary = coverage.first(where: { $0.binaryPercent > 0 }) {
            // Text inside an executable (string tables, symbol names) can read as prints: its
            // findings say nothing about an app. The report above says what was read all the same.
            throw ToolError(Report.binaryNote(binary) + "; the report above read only text found inside it. Give the app's console output (a saved log, or `log stream … | trace-analyze check -`).")
        }
        if !arguments.flag("allow-empty"), let empty = coverage.first(where: \.isEmpty) {
            throw ToolError(EmptyLogMessage.render(empty))
        }
        return status
    }
}
