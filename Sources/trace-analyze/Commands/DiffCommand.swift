import Foundation
import TraceModel
import TraceRules
import TraceStore

/// `trace-analyze diff`: compare two runs of an app, view by view, and fail on regressions.
enum DiffCommand: Command {
    static let spec = CommandSpec(
        name: "diff",
        summary: "Compare two logs (or two stored traces) view by view; exit 2 when counts or findings regress.",
        usage: "BASE HEAD | BASE... -- HEAD... | --base-tag KEY=VALUE --head-tag KEY=VALUE [--db PATH] [--config PATH] [--tolerance PERCENT] [--duration-tolerance PERCENT] [--format text|json|markdown] [--output FILE]",
        options: [
            OptionSpec(name: "db", value: "PATH", help: "Compare traces stored in this database: BASE and HEAD are trace ids (with --base-tag, default: $TRACE_ANALYZE_DB, else ./\(TraceDatabase.defaultPath))."),
            OptionSpec(name: "base-tag", value: "KEY=VALUE", help: "BASE is every stored trace tagged so (`ingest --tag`); repeated, every tag must match.", repeatable: true),
            OptionSpec(name: "head-tag", value: "KEY=VALUE", help: "HEAD is every stored trace tagged so; repeated, every tag must match.", repeatable: true),
            ConfigOption.spec,
            OptionSpec(name: "tolerance", value: "PERCENT", help: "Growth allowed before a count regresses, in percent of BASE's count (default 0)."),
            OptionSpec(name: "duration-tolerance", value: "PERCENT", help: "With several runs a side: growth a measured duration must also exceed, in percent of BASE's median (default 10, at least --tolerance)."),
            OptionSpec(name: "format", value: "FORMAT", help: "Output format: text (default), json, markdown.", choices: ["text", "json", "markdown"]),
            OptionSpec(name: "output", value: "FILE", help: "Write the comparison to FILE instead of stdout."),
        ],
        positionals: [("BASE", "The earlier log (or - for stdin), or a trace id with --db; several before --, one per run."), ("HEAD", "The later one; several after --.")],
        maxPositionals: nil,
        discussion: """
        For each view: instances (init lines), body evaluations, identity changes (`@identity`),
        and findings per rule, in BASE and in HEAD. Changed counts are marked `+` (from 0),
        `-` (to 0) or `~`. A count regresses when HEAD > BASE × (1 + PERCENT / 100): with the
        default tolerance any growth does, and growth from 0 always does. A view only HEAD has
        (a new screen) regresses only by its findings. Exit codes: 0 nothing regressed, 2 something
        did, 1 the command failed. Rules run with the configuration, as in `check`.

        REPEATED RUNS: `diff base/*.log -- head/*.log` (options before the --) compares sets of
        runs of the same test. Per view it prints each side's median and range of each count and
        of the durations the logs measured (body time, longest body, longest init, in ms: from
        TraceProbe's `ms=` lines or an Instruments recording), and calls a change a regression
        only when it lies outside both sides' spread: every HEAD run above every BASE run (the
        Mann-Whitney U test's extreme, which n and m runs reach by chance n!m!/(n+m)!, whatever
        the noise: 1 in 252 for 5 and 5) and the medians apart by more than BASE's range and the
        tolerance. Fewer runs than that chance allows (below 1%) call nothing a regression and
        say so; a single run on a side says no spread is known and compares by --tolerance
        alone. A duration must also grow by more than --duration-tolerance (default 10%):
        timings never tie as counts do, and a run's load moves all of them at once. A run whose
        log carries no timings has no durations (not 0 ms): a note says which side lacks them,
        and a duration is compared over the runs that measured it.

        TAGGED SIDES: `diff --db traces.sqlite --base-tag branch=main --head-tag branch=pr-42`
        takes each side's runs from the stored traces tagged so (`ingest --tag`, or GitHub's
        variables), judged as above. Repeat a side's option to require several tags. A side that
        selects no trace, or a trace both sides select, is an error that lists the stored tags.

        EXAMPLES:
          trace-analyze diff main-ui-test.log pr-ui-test.log --tolerance 10
          trace-analyze diff 3 4 --db traces.sqlite --format markdown >> "$GITHUB_STEP_SUMMARY"
          trace-analyze diff base/*.log -- head/*.log
          trace-analyze diff --db traces.sqlite --base-tag branch=main --head-tag branch=pr-42 --format markdown
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        if !arguments.values("base-tag").isEmpty || !arguments.values("head-tag").isEmpty {
            return try runSets(arguments, separator: nil)
        }
        if let separator = arguments.separator, separator > 0 || arguments.positionals.count != 2 {
            return try runSets(arguments, separator: separator)
        }
        guard arguments.positionals.count == 2 else {
            throw UsageError("diff needs BASE and HEAD; usage: trace-analyze diff \(spec.usage)")
        }
        let reporter = try DiffReporters.named(arguments.value("format"))
        let tolerance = try arguments.value("tolerance").map { value -> Double in
            guard let percent = Double(value), percent.isFinite, percent >= 0 else {
                throw UsageError("--tolerance needs a percentage (a number, 0 or more), not '\(value)'")
            }
            return percent
        } ?? 0
        let output = try arguments.value("output").map { try OutputFile.check($0, for: "--output") }
        let file = try ConfigOption.load(arguments)
        let configuration = try RuleConfiguration(file: file)

        let snapshots: [TraceSnapshot]
        if let path = arguments.value("db") {
            MallocArenas.shareOne()
            snapshots = try storedSnapshots(arguments.positionals, path: path, configuration: configuration)
        } else {
            let patterns = try UserPattern.load(from: file)
            try suggestStoredTraces(arguments.positionals)
            let paths = try InputCheck.requireReadable(arguments.positionals)
            let database = try TraceDatabase.openTemporary()
            let ingestor = Ingestor(database: database, makeParser: { TraceParser(patterns: patterns) })
            snapshots = try zip(arguments.positionals, paths).map { input, path in
                let traceID = try ingestor.ingest(path: path).traceID
                return try snapshot(database, traceID, label: StandardInput.name(of: input), configuration)
            }
        }
        let diff = TraceDiff(base: snapshots[0], head: snapshots[1], tolerance: tolerance)
        let text = reporter.render(diff)
        if let output {
            try OutputFile.write(text, to: output, what: "comparison")
        } else {
            Console.write(text)
        }
        return diff.regressed ? ExitCode.findings : ExitCode.success
    }

    /// `diff BASE... -- HEAD...`, or `--base-tag` and `--head-tag` (`separator` nil): two sets of
    /// runs, judged by `RunSetDiff`.
    private static func runSets(_ arguments: ParsedArguments, separator: Int?) throws -> Int32 {
        // Where the runs come from, every choice checked before anything is read.
        let tagged = try separator == nil ? TagSides(arguments) : nil
        let base = separator.map { Array(arguments.positionals[..<$0]) } ?? []
        let head = separator.map { Array(arguments.positionals[$0...]) } ?? []
        if tagged == nil, base.isEmpty || head.isEmpty {
            throw UsageError("diff needs runs on both sides of --: trace-analyze diff base/*.log -- head/*.log (\(base.isEmpty ? "no BASE run before --" : "no HEAD run after --"))")
        }
        let format = arguments.value("format") ?? "text"
        _ = try DiffReporters.named(format)
        let tolerance = try arguments.value("tolerance").map { value -> Double in
            guard let percent = Double(value), percent.isFinite, percent >= 0 else {
                throw UsageError("--tolerance needs a percentage (a number, 0 or more), not '\(value)'")
            }
            return percent
        } ?? 0
        let durationTolerance = try arguments.value("duration-tolerance").map { value -> Double in
            guard let percent = Double(value), percent.isFinite, percent >= 0 else {
                throw UsageError("--duration-tolerance needs a percentage (a number, 0 or more), not '\(value)'")
            }
            return percent
        } ?? 10
        let output = try arguments.value("output").map { try OutputFile.check($0, for: "--output") }
        let file = try ConfigOption.load(arguments)
        let configuration = try RuleConfiguration(file: file)
        let snapshots: (base: [TraceSnapshot], head: [TraceSnapshot])
        if let tagged {
            MallocArenas.shareOne()
            snapshots = try tagged.snapshots(path: DatabaseOption.path(arguments)) { database, id, label in
                try snapshot(database, id, label: label, configuration)
            }
        } else if let path = arguments.value("db") {
            MallocArenas.shareOne()
            snapshots = (try storedSnapshots(base, path: path, configuration: configuration), try storedSnapshots(head, path: path, configuration: configuration))
        } else {
            let patterns = try UserPattern.load(from: file)
            let inputs = base + head
            guard inputs.filter({ $0 == "-" }).count <= 1 else { throw UsageError("stdin (-) can be one run only") }
            let paths = try InputCheck.requireReadable(inputs)
            let database = try TraceDatabase.openTemporary()
            let ingestor = Ingestor(database: database, makeParser: { TraceParser(patterns: patterns) })
            let runs = try zip(inputs, paths).map { input, path in
                try snapshot(database, try ingestor.ingest(path: path).traceID, label: StandardInput.name(of: input), configuration)
            }
            snapshots = (Array(runs[..<base.count]), Array(runs[base.count...]))
        }
        let diff = RunSetDiff(base: snapshots.base, head: snapshots.head, tolerance: tolerance, durationTolerance: durationTolerance)
        let text = RunSetDiffReport.render(diff, format: format)
        if let output {
            try OutputFile.write(text, to: output, what: "comparison")
        } else {
            Console.write(text)
        }
        return diff.regressed ? ExitCode.findings : ExitCode.success
    }

    /// `diff 11 12` meant trace ids when no such files exist: say how to compare stored traces,
    /// naming the database `$TRACE_ANALYZE_DB` (or the default) points at, rather than "no such file".
    private static func suggestStoredTraces(_ inputs: [String]) throws {
        guard inputs.allSatisfy({ Int($0) != nil && !FileManager.default.fileExists(atPath: $0) }) else { return }
        let environment = ProcessInfo.processInfo.environment["TRACE_ANALYZE_DB"].flatMap { $0.isEmpty ? nil : $0 }
        let path = environment ?? TraceDatabase.defaultPath
        var message = "\(inputs[0]): no such file; to compare stored traces \(inputs.joined(separator: " and ")), add --db: "
        message += "trace-analyze diff \(inputs.joined(separator: " ")) --db \(path)"
        if FileManager.default.fileExists(atPath: path) {
            message += " (`trace-analyze traces --db \(path)` lists them)"
        }
        throw ToolError(message)
    }

    /// Both traces of a database, analysed afresh (their findings are stored, as `report` does).
    private static func storedSnapshots(_ ids: [String], path: String, configuration: RuleConfiguration) throws -> [TraceSnapshot] {
        let traceIDs = try ids.map { value -> Int in
            guard let id = Int(value), id > 0 else {
                throw UsageError("with --db, BASE and HEAD are trace ids (positive integers), not '\(value)'; `trace-analyze traces --db \(path)` lists them")
            }
            return id
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw ToolError("no database at \(path); create one with `trace-analyze ingest FILE --db \(path)`")
        }
        // A reading command: the file keeps its journal mode, and a file this user cannot write
        // is only read (the analysis goes to temporary tables).
        let database = try TraceDatabase.openForAnalysis(path: path)
        if let reason = database.copiedBecause { Console.note("trace-analyze: note: \(reason)") }
        let traces = try TraceCatalog.list(database)
        return try traceIDs.map { id in
            guard let trace = traces.first(where: { $0.id == id }) else {
                throw ToolError("no trace \(id) in \(path); `trace-analyze traces --db \(path)` lists them")
            }
            return try snapshot(database, id, label: "trace \(id) (\(StandardInput.name(of: trace.source)))", configuration)
        }
    }

    static func snapshot(_ database: Database, _ traceID: Int, label: String, _ configuration: RuleConfiguration) throws -> TraceSnapshot {
        // Stored as the rules make them and counted from the store: a long trace's findings and
        // their evidence are never all in memory at once.
        try Analyzer(database: database, configuration: configuration).analyzeIntoStore(traceID: traceID)
        return try TraceSnapshot.loadStored(database: database, traceID: traceID, label: label)
    }
}
