import Foundation
import TraceModel
import TraceRules
import TraceStore

/// The options `check` and `report` share: how findings are judged, filtered, located and printed.
///
/// Every option is checked, the sources scanned and the baseline read when the options are
/// parsed, before any input is read; the command line wins over the configuration file.
struct ReportOptions {
    static let specs: [OptionSpec] = [
        Reporters.option,
        OptionSpec(name: "output", value: "FILE", help: "Write the report to FILE instead of stdout, in full, before the exit code says anything."),
    ] + FailLevel.options + [
        OptionSpec(name: "sources", value: "DIR", help: "Point findings at the lines that cause them in the Swift files under DIR, else at their views' declarations (default: the configuration's `sources`)."),
        OptionSpec(name: "baseline", value: "FILE", help: "Hide the findings recorded in FILE and report only new ones (default: the configuration's `baseline`)."),
        OptionSpec(name: "write-baseline", value: "FILE", help: "Record this run's findings in FILE, for later runs' --baseline."),
        OptionSpec(name: "timeline", value: "FILE", help: "Also write the trace's timeline page to FILE (one log only); the html report links its evidence lines there."),
    ]

    let reporter: any Reporter.Type
    let output: String?
    let failLevel: FailLevel
    let sources: SourceIndex?
    /// The `// trace-analyze:disable` comments of the `--sources` files.
    let suppressions: Suppressions?
    let baseline: Baseline?
    let writeBaseline: String?
    /// Where to write the trace's timeline page, if anywhere.
    let timeline: String?
    /// The configuration's budgets, which `finish` holds each trace to.
    let budgets: [Budget]
    /// The configuration's `ignore_views`: findings on those views are left out and counted.
    let ignoredViews: [ViewIgnore]

    /// `scanningSources` is false for `lint`, whose inputs are the sources.
    init(_ arguments: ParsedArguments, configuration: CheckConfiguration, scanningSources: Bool = true) throws {
        reporter = try Reporters.named(arguments.value("format"))
        failLevel = try FailLevel.parse(arguments, configured: configuration.failLevel)
        output = try arguments.value("output").map { try OutputFile.check($0, for: "--output") }
        writeBaseline = try arguments.value("write-baseline").map { try OutputFile.check($0, for: "--write-baseline") }
        timeline = try arguments.value("timeline").map { try OutputFile.check($0, for: "--timeline") }
        budgets = scanningSources ? configuration.budgets : []
        ignoredViews = scanningSources ? configuration.ignoredViews : []
        sources = scanningSources ? try (arguments.value("sources") ?? configuration.sources).map(SourceIndex.scan(directory:)) : nil
        suppressions = scanningSources ? try (arguments.value("sources") ?? configuration.sources).map { try Suppressions.scan(paths: [$0]) } : nil
        let baselinePath = arguments.value("baseline") ?? configuration.baseline
        if let baselinePath, FileManager.default.fileExists(atPath: baselinePath) {
            baseline = try Baseline.load(path: baselinePath)
        } else if let baselinePath, !Self.samePath(baselinePath, writeBaseline) {
            throw ToolError("\(baselinePath): no such baseline file; record one with --write-baseline \(baselinePath)")
        } else {
            // No baseline, or the first run of one that this run writes.
            baseline = nil
        }
    }

    /// True when `finish` analyses the trace itself: with `--timeline`, laying the page out runs
    /// the rules and stores their findings, so the caller stores none of its own.
    var analysesTrace: Bool { timeline != nil }

    /// True when the rules are to run once on the stored trace, after the ingest, rather than
    /// as it is read (`StreamAnalysis`): the timeline's layout runs them (`analysesTrace`), and
    /// budgets read the updates and causes that only the stored trace's analysis writes, so
    /// that one analysis gives the findings and the budgets' figures both.
    var analysesStoredTrace: Bool { timeline != nil || !budgets.isEmpty }

    /// True when something after the ingest reads the stored events themselves: custom rules
    /// query `events` and `changes`, and a timeline scans the trace. Otherwise a temporary
    /// database is read only for the report, which reads events back only through the lookups
    /// a spool answers (`TraceDatabase.openTemporary(spoolingEvents:)`), and no one reads the
    /// `_printChanges` tokens: the rules take them from the events as they are parsed.
    private func readsStoredEvents(_ configuration: RuleConfiguration) -> Bool {
        timeline != nil || !configuration.customRules.isEmpty || !budgets.isEmpty
    }

    /// The database a run that ingests and then reports (`check`, `watch`) writes: the one
    /// `--db` names (`path`), kept; else a temporary one whose events go to a spool, at a
    /// fraction of an insert's cost, unless something reads them back (`readsStoredEvents`).
    /// `storesTokens`: whether the ingest stores `_printChanges` tokens, which only a kept
    /// database and a reader of stored events need (the rules take them as events are parsed).
    func runDatabase(keptIn path: String?, configuration: RuleConfiguration) throws -> (database: Database, storesTokens: Bool) {
        let readsBack = readsStoredEvents(configuration)
        let database = try path.map(TraceDatabase.openForWriting) ?? TraceDatabase.openTemporary(spoolingEvents: !readsBack)
        return (database, path != nil || readsBack)
    }

    /// Writes the timeline page when asked (see `analysesTrace`), the baseline when asked, then
    /// the report (to `--output` or stdout), and returns the exit code: 2 when a reported finding
    /// reaches the fail level. The findings are those stored for `traceIDs`, read from
    /// `database` as the report is written; `coverage` has one entry per trace. `singleLineJSON`
    /// puts a JSON report on one line, as the last record of `watch`'s NDJSON stream.
    func finish(
        database: Database, traceIDs: [Int], coverage: [TraceCoverage], configuration: RuleConfiguration,
        singleLineJSON: Bool = false, linesNamingInstances: [Int: LineSet] = [:], evidenceCounts: [Int: Int] = [:],
        lint: LintReport? = nil, keptIn: String? = nil, suppressedByComments: Int = 0
    ) throws -> Int32 {
        if let timeline {
            guard traceIDs.count == 1 else {
                throw ToolError("--timeline draws one trace; \(traceIDs.count) logs were given (write one page per log with `trace-analyze timeline`)")
            }
            // First: laying the timeline out runs the rules and stores their findings, which the
            // report then reads. The caller leaves the analysis to it, so the rules run once.
            try writeTimeline(
                to: timeline, database: database, traceID: traceIDs[0], source: coverage.first?.source ?? StandardInput.argument,
                keptIn: keptIn, configuration: configuration
            )
        }
        if !budgets.isEmpty {
            let ran = Set(configuration.enabledRules.map { $0.description.identifier })
            // The figures are the stored account's (`ViewAccount`): the run's one analysis, with
            // the `--sources` the findings cite, stores the findings, updates and causes now,
            // unless the timeline's (or, for `report`, the command's) already did.
            for traceID in traceIDs where try !Explainer.isAnalysed(traceID, in: database) {
                try Analyzer(database: database, configuration: configuration, sources: sources).analyzeIntoStore(traceID: traceID)
            }
            for note in try BudgetCheck.run(budgets, traceIDs: traceIDs, in: database, rulesRan: ran) {
                Console.note("trace-analyze: note: \(note)")
            }
        }
        let stored = StoredFindings(database: database, traceIDs: traceIDs)
        if let writeBaseline {
            var recorded = 0
            try ReportSink.writing(to: writeBaseline, what: "baseline") { sink in
                recorded = try Baseline.writeJSON(recording: stored) { sink.write($0) }
            }
            // The report below is the run's as ever; this line says the file was written at all.
            let path = ShellWord.quote(writeBaseline)
            Console.note("wrote baseline \(writeBaseline): \(plural(recorded, "finding")); later runs with --baseline \(path) report only new ones")
        }
        var hidden: Set<Int> = []
        if let baseline {
            // A first pass in report order decides which findings the baseline hides, as
            // `Baseline.partition` does; the report then reads the others.
            var filter = Baseline.Filter(baseline)
            try stored.forEach(evidence: .omitted) { id, finding in
                if filter.hides(finding) { hidden.insert(id) }
            }
        }
        // Findings on views the configuration ignores, counted per view for the summary line.
        var ignored: Set<Int> = []
        var ignoredPerView: [String: Int] = [:]
        if !ignoredViews.isEmpty {
            try stored.forEach(evidence: .omitted) { id, finding in
                guard !hidden.contains(id), ignoredViews.contains(where: { $0.ignores(finding) }) else { return }
                ignored.insert(id)
                ignoredPerView[finding.view ?? "", default: 0] += 1
            }
        }
        // Left out of the report alike; counted apart, the baseline's and the ignores'.
        let excluded = hidden.union(ignored)
        let links = try sources.map { try SourceLinks(index: $0, findings: stored) }
        var silenced: Set<Int> = []
        if let suppressions {
            try suppress(stored, excluding: excluded, into: &silenced, by: suppressions, links: links, configuration: configuration)
        }
        let suppressed = suppressedByComments + silenced.count
        let findings = stored.excluding(excluded.union(silenced))
        var report = Report(findings: findings, counts: try findings.counts(), traceCount: lint?.files ?? coverage.count, failLevel: failLevel)
        // The text report's second connection, if it has one: its read transaction must end
        // before the timeline below stores findings, or the write waits on it and fails.
        var lookupConnection: Database?
        report.lint = lint
        report.coverage = coverage
        report.evaluations = configuration.evaluations
        if reporter == TextReporter.self {
            // Looking cited lines up costs more than reading the findings: on a second connection,
            // when the store has one to give, the two run on threads of their own. Without one
            // (an in-memory store) the report is the same, read on one thread.
            if let reader = try? database.openReader() {
                // One read transaction for every lookup: alone, each would take the file's lock,
                // check that no one changed it, and drop the lock again (twice the report's time).
                // It ends once the report is written.
                try reader.execute("BEGIN")
                lookupConnection = reader
                report.evidenceText = try EvidenceLookup(database: reader)
                report.lookupFindings = findings.reading(from: reader)
            } else {
                report.evidenceText = try EvidenceLookup(database: database)
            }
            report.linesNamingInstances = linesNamingInstances
            report.evidenceCounts = evidenceCounts
            report.width = Console.width
        } else if reporter == HTMLReporter.self {
            // The page shows what each cited line says, looked up as the findings are read.
            report.evidenceText = try EvidenceLookup(database: database)
        }
        if let timeline { report.timelineLink = Self.link(to: timeline, from: output) }
        report.rules = lint?.rules ?? (
            configuration.enabledRules.map { Report.Rule(description: $0.description, severity: configuration.settings(for: $0).severity) }
                + configuration.customRules.map { Report.Rule(description: $0.description, severity: $0.severity) }
                + (budgets.isEmpty ? [] : [Report.Rule(description: BudgetCheck.description, severity: budgets.map(\.severity).max() ?? .error)])
        )
        report.hidden = baseline == nil ? nil : hidden.count
        report.ignored = ignoredPerView.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { (view: $0.key, findings: $0.value) }
        report.sources = sources
        // Against every stored finding, the baseline's too: a hidden finding still confirms its site.
        report.links = links
        report.suppressed = suppressed
        report.colours = output == nil && TerminalColours.enabled(isTerminal: Console.stdoutIsTerminal)
        try ReportSink.writing(to: output, compactingJSON: singleLineJSON && reporter == JSONReporter.self) { sink in
            try reporter.write(report, to: sink)
        }
        // Said as `timeline` and --write-baseline say it: a file written, and what is in it.
        if let output, !OutputFile.isStandardOutput(output) {
            Console.note("wrote \(reporter.identifier) report \(output): \(plural(report.total, "finding"))")
        }
        try lookupConnection?.execute("COMMIT")
        return report.failed ? ExitCode.findings : ExitCode.success
    }

    /// Adds to `silenced` the findings (not already in `hidden`) that `// trace-analyze:disable` comments silence at the
    /// source line each is cited at (the site that explains it, else its view's declaration),
    /// and prints a note per comment that silences nothing.
    private func suppress(
        _ stored: StoredFindings, excluding hidden: Set<Int>, into silenced: inout Set<Int>, by suppressions: Suppressions,
        links: SourceLinks?, configuration: RuleConfiguration
    ) throws {
        var suppressions = suppressions
        try stored.forEach(evidence: .omitted) { id, finding in
            guard !hidden.contains(id) else { return }
            var cited: [(rules: [String], file: String, line: Int)] = []
            if let site = links?.sites(for: finding).first {
                cited.append(([finding.rule] + (site.rule.map { [$0] } ?? []), site.file, site.position.line))
            }
            if let view = finding.view, let declaration = sources?.declaration(of: view) {
                cited.append(([finding.rule], declaration.file, declaration.line))
            }
            // The first place cited decides, as the report points there; the declaration also
            // silences, so a comment above `struct FeedView: View` covers all of the view's findings.
            if cited.contains(where: { suppressions.suppresses(rules: $0.rules, file: $0.file, line: $0.line) }) {
                silenced.insert(id)
            }
        }
        let ran = Set(configuration.enabledRules.map { $0.description.identifier } + configuration.customRules.map(\.identifier))
        let known = ran.union(RuleRegistry.builtIn.identifiers).union(LintRegistry.builtIn.identifiers)
        // `all` is lint's as much as check's: only a comment naming a rule that ran here is judged.
        for note in suppressions.problems + suppressions.unknownRules(known: known) + suppressions.superfluous(amongRules: ran, judgingAll: false) {
            Console.note("trace-analyze: note: \(note)")
        }
    }

    /// Writes trace `traceID`'s timeline page to `path` as `trace-analyze timeline` would: every
    /// mark up to `Timeline.exactEventLimit` events, and past it a summary in levels of detail,
    /// whose page and memory stay the same size however long the trace (every mark of a
    /// million-line trace took 230 MB and a 30 MB page). The summary names the command that
    /// draws a range exactly: the trace in `keptIn`, else the log again.
    private func writeTimeline(
        to path: String, database: Database, traceID: Int, source: String, keptIn: String?, configuration: RuleConfiguration
    ) throws {
        let events = try TraceCatalog.list(database).first { $0.id == traceID }?.events ?? 0
        if events > Timeline.exactEventLimit {
            let summary = try Timeline.summarize(database: database, traceID: traceID, configuration: configuration)
            let selector = keptIn.map { "--trace \(traceID) --db \(ShellWord.quote($0))" } ?? ShellWord.quote(source)
            try TimelinePage.write(to: path) { TimelinePage.write(summary, command: "trace-analyze timeline \(selector)", to: $0) }
            if !OutputFile.isStandardOutput(path) { Console.note("wrote timeline \(path): \(TimelinePage.contents(summary))") }
            return
        }
        let model = try Timeline.build(database: database, traceID: traceID, configuration: configuration, sources: sources)
        try TimelinePage.write(to: path) { TimelinePage.write(model, to: $0) }
        if !OutputFile.isStandardOutput(path) { Console.note("wrote timeline \(path): \(TimelinePage.contents(model))") }
    }

    /// `target` as a link from the page written to `output`: relative to its directory when
    /// below it, else an absolute `file://` URL; as given when the report goes to stdout.
    static func link(to target: String, from output: String?) -> String {
        guard let output else { return target }
        let page = URL(fileURLWithPath: output).standardizedFileURL.deletingLastPathComponent().path
        let file = URL(fileURLWithPath: target).standardizedFileURL
        let directory = page.hasSuffix("/") ? page : page + "/"
        if file.path.hasPrefix(directory) {
            return String(file.path.dropFirst(directory.count)).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? target
        }
        return file.absoluteString
    }

    private static func samePath(_ path: String, _ other: String?) -> Bool {
        guard let other else { return false }
        return URL(fileURLWithPath: path).standardizedFileURL.path == URL(fileURLWithPath: other).standardizedFileURL.path
    }
}
