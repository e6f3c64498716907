import TraceModel
import TraceRules
import TraceStore

/// What reporters print: one run's findings (read from the store as they are written out),
/// the rules that ran, and how the run is judged.
struct Report {
    /// A rule that ran, with the severity in force.
    struct Rule {
        let description: RuleDescription
        let severity: Severity
    }

    /// The findings to report (the baseline's already excluded), read in report order.
    let findings: StoredFindings
    /// How many findings there are to report, per severity.
    let counts: [Severity: Int]
    /// How many traces were analysed (some may have no findings).
    let traceCount: Int
    let failLevel: FailLevel
    /// The rules that ran, in registry order, then the custom rules in their file's order.
    var rules: [Rule] = []
    /// How many findings the baseline hid; nil when no baseline was given.
    var hidden: Int?
    /// The views whose findings `ignore_views` left out, most findings first, and how many.
    var ignored: [(view: String, findings: Int)] = []
    /// How many findings `// trace-analyze:disable` comments silenced (`lint`, `--sources`).
    var suppressed = 0
    /// The view declarations from `--sources`, if given.
    var sources: SourceIndex?
    /// With `--sources`: the sites that explain the findings, and what the traces say about
    /// every lint finding in the sources.
    var links: SourceLinks?
    /// Whether the text may carry terminal colours.
    var colours = false
    /// How much of each trace was recognised, in input order.
    var coverage: [TraceCoverage] = []
    /// What cited lines say, for the reports that show it.
    var evidenceText: EvidenceLookup?
    /// The findings read through `evidenceText`'s connection when it is a second one: the text
    /// report then looks lines up on a thread of its own while another reads the findings.
    var lookupFindings: StoredFindings?
    /// Per trace, when known, the lines whose events name an instance: only those are looked up
    /// for a heading's instance (`check` learns them as its rules read the events).
    var linesNamingInstances: [Int: LineSet] = [:]
    /// By finding id, how many lines a finding cites, where the run that stored it counted them
    /// (`check`: those citing more than `TextReporter.maxEvidence`); others are counted in `evidence`.
    var evidenceCounts: [Int: Int] = [:]
    /// For `lint`: the Swift files read and where each finding's column is.
    var lint: LintReport?
    /// The width to fit lines of text to.
    var width = 120
    /// The timeline page `--timeline` wrote, as a link from where the report is written.
    var timelineLink: String?
    /// The body evaluations the rules counted (`--evaluations`), which names the fix-first units.
    var evaluations = EvaluationScope.avoidable

    /// Findings of `severity`.
    func count(_ severity: Severity) -> Int { counts[severity] ?? 0 }

    /// How many findings there are to report.
    var total: Int { counts.values.reduce(0, +) }

    /// True when a finding reaches the fail level: the run exits 2.
    var failed: Bool { counts.contains { $0.value > 0 && failLevel.fails($0.key) } }

    /// `3 findings (1 error, 2 warnings) in 1 trace`, then `; 2 hidden by the baseline` with one,
    /// `; 1 on ignored views (PlayButton 1)` with `ignore_views`.
    var summaryLine: String {
        let parts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = count(severity)
            guard count > 0 else { return nil }
            return severity == .info ? "\(count) info" : plural(count, severity.rawValue)
        }
        let list = parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
        let baseline = hidden.map { "; \($0) hidden by the baseline" } ?? ""
        let comments = suppressed > 0 ? "; \(suppressed) suppressed by trace-analyze:disable comments" : ""
        return "\(plural(total, "finding"))\(list) in \(plural(traceCount, lint == nil ? "trace" : "Swift file"))\(baseline)\(ignoredViews)\(comments)"
    }

    /// `; 3 on ignored views (PlayButton 2, DebugOverlay 1)`, or nothing when none was ignored.
    private var ignoredViews: String {
        guard !ignored.isEmpty else { return "" }
        let total = ignored.reduce(0) { $0 + $1.findings }
        let shown = ignored.prefix(5).map { "\($0.view) \($0.findings)" } + (ignored.count > 5 ? ["…"] : [])
        return "; \(total) on ignored views (\(shown.joined(separator: ", ")))"
    }

    /// The findings that cost most (`FixFirst`), for the end of a report; empty without findings,
    /// and for `lint`: a static finding measures no waste (each is one site), so a ranking of
    /// them would be the report's order again, under a "most waste first" it cannot back.
    var fixFirst: [FixFirst.Entry] {
        guard total > 0, lint == nil else { return [] }
        return (try? FixFirst(findings, evaluations: evaluations).entries) ?? []
    }

    /// `Fix first:` and a numbered line per entry, then a blank line; none without findings.
    var fixFirstLines: [String] {
        let entries = fixFirst
        guard !entries.isEmpty else { return [] }
        var lines = ["Fix first (most waste first):"]
        for (index, entry) in entries.enumerated() {
            let file = traceCount > 1 ? " in \(entry.source == "-" ? "<stdin>" : entry.source)" : ""
            lines.append("  \(index + 1). \(entry.text)\(file): trace-analyze rules \(entry.rule)")
        }
        return lines + [""]
    }

    /// `Recognised 41 of 47 lines as lifecycle events; 2 more look like lifecycle prints:`
    /// one line per trace, with the lookalike lines shown after it.
    /// An input that looked binary gets a line of its own first; one decoded from UTF-16 says
    /// so; malformed probe lines follow, each with why it was refused.
    var coverageLines: [String] {
        coverage.flatMap { trace -> [String] in
            let file = trace.source == "-" ? "<stdin>" : trace.source
            if let instruments = trace.instruments { return [InstrumentsCoverageText.line(file: file, instruments)] }
            if let xcresult = trace.xcresult { return XCResultCoverageText.lines(file: file, xcresult) }
            var lines: [String] = []
            if trace.binaryPercent > 0 { lines.append(Self.binaryNote(trace)) }
            let decoded = trace.utf16Bytes > 0 ? "decoded from UTF-16; " : ""
            lines.append("\(file): \(decoded)recognised \(trace.lifecycleEvents) of \(plural(trace.lines, "line")) as lifecycle events")
            if trace.measurements > 0 { lines[lines.count - 1] += " and \(plural(trace.measurements, "XCTest measured line"))" }
            if trace.lookalikes > 0 {
                lines[lines.count - 1] += "; \(trace.lookalikes) more \(trace.lookalikes == 1 ? "looks" : "look") like lifecycle prints but \(trace.lookalikes == 1 ? "was" : "were") not recognised:"
                lines += trace.lookalikeSamples.map { "    \(file):\($0.line)  \($0.text)" }
                if trace.lookalikes > trace.lookalikeSamples.count {
                    lines.append("    … and \(plural(trace.lookalikes - trace.lookalikeSamples.count, "more line")) (query: SELECT line, message FROM events WHERE origin = 'lookalike')")
                }
                lines.append("  Describe them with a user pattern to have them read: `trace-analyze patterns --help`.")
            }
            if trace.overLongLines > 0 { lines.append(Self.overLongNote(trace)) }
            let malformed = trace.malformedProbeLines
            if malformed > 0 {
                lines.append("\(file): \(plural(malformed, "probe line")) (`trace-analyze: kind=… view=…`) \(malformed == 1 ? "was" : "were") malformed and read as text:")
                lines += trace.malformedProbeSamples.map { "    \(file):\($0.line)  \($0.text)" }
                if malformed > trace.malformedProbeSamples.count {
                    lines.append("    … and \(plural(malformed - trace.malformedProbeSamples.count, "more line")) (query: SELECT line, message FROM events WHERE kind = 'text' AND message LIKE '%trace-analyze:%')")
                }
            }
            return lines
        }
    }

    /// `app: 1 line is longer than 1 MiB and was read only up to its first MiB`: a cut line must
    /// not pass for a whole one that simply said nothing.
    static func overLongNote(_ trace: TraceCoverage) -> String {
        let file = trace.source == "-" ? "<stdin>" : trace.source
        let limit = LineReader.defaultMaxLineLength >> 20
        let one = trace.overLongLines == 1
        return "\(file): \(plural(trace.overLongLines, "line")) \(one ? "is" : "are") longer than \(limit) MiB and \(one ? "was" : "were") read only up to \(one ? "its" : "their") first \(limit) MiB: the rest of \(one ? "it" : "each") is not in the trace"
    }

    /// `app: looks like a binary file, not a text log (41% of …)`: for the report and for the
    /// error `check` ends with.
    static func binaryNote(_ trace: TraceCoverage) -> String {
        let file = trace.source == "-" ? "<stdin>" : trace.source
        return "\(file) looks like a binary file, not a text log: \(trace.binaryPercent)% of its first \(InputSniff.blockSize / 1024) KiB are NUL or control bytes"
    }

    /// Where a finding points: with `--sources`, the source line that explains it (a lint
    /// finding first, then a shape such as the `if` that shows the view) or else its view's
    /// declaration; otherwise the log's first evidence line.
    func location(of finding: Finding) -> FindingLocation {
        if let site = links?.sites(for: finding).first {
            return FindingLocation(file: site.file, line: site.position.line, column: site.position.column, isDeclaration: false, site: site)
        }
        if let view = finding.view, let declaration = sources?.declaration(of: view) {
            return FindingLocation(file: declaration.file, line: declaration.line, column: declaration.column, isDeclaration: true)
        }
        let column = lint?.column(of: finding)
        return FindingLocation(file: finding.source == "-" ? nil : finding.source, line: finding.lines.first, column: column, isDeclaration: false)
    }

    /// A finding's view as a heading shows it: with the instance its evidence names when another
    /// finding of the same rule is about the same view (`tab 1`, `tab 2`).
    /// `shared` is the findings' shared subjects, counted once per report; `shown` is what the
    /// finding's first evidence lines say, already read for printing. When `finding` carries
    /// more lines than were shown, there are more than it carries: `allLines` reads them all,
    /// only if the shown ones do not decide.
    func subject(
        of finding: Finding, shared: Set<StoredFindings.Subject>, shown: [EvidenceText.Line?], allLines: () throws -> [Int]
    ) throws -> String? {
        guard let view = finding.view else { return nil }
        guard shared.contains(StoredFindings.Subject(finding)), let evidenceText else { return view }
        var instances: Set<String> = []
        // Two are enough to know the heading names none.
        for said in shown {
            if let instance = said?.instance, instances.insert(instance).inserted, instances.count > 1 { return view }
        }
        if finding.lines.count > shown.count {
            let naming = linesNamingInstances[finding.traceID]
            for line in try allLines().dropFirst(shown.count) where naming?.contains(line) ?? true {
                if let instance = try evidenceText.line(line, traceID: finding.traceID)?.instance,
                   instances.insert(instance).inserted, instances.count > 1 {
                    return view
                }
            }
        }
        return instances.count == 1 ? "\(view) \(instances.first!)" : view
    }

    /// `PlayerView.swift:42: the same view PlayButton in both branches of 'if isPlaying'`: a
    /// site as a finding's heading names it, its message up to its explanation.
    static func headline(of site: SourceSite) -> String {
        // Up to the first ": " outside quoted code (`'f(a: b)'`).
        var quoted = false
        var cause = site.message
        var previous: Character = " "
        for (offset, character) in site.message.enumerated() {
            // A quote opens after a space (`'f(a: b)'`); an apostrophe (`FirstView's`) does not.
            if character == "'" { quoted = quoted ? false : previous == " " }
            if !quoted, previous == ":", character == " " {
                cause = String(site.message.prefix(offset - 1))
                break
            }
            previous = character
        }
        return "\(site.shortLocation): \(cause)"
    }

    /// `confirmed` for a site a finding of the report explains, else what the traces say.
    func status(of site: SourceSite, explaining finding: Finding?) -> String {
        if finding != nil { return SourceLinks.Status.confirmed.rawValue }
        return links?.status(of: site)?.rawValue ?? SourceLinks.Status.viewAbsent.rawValue
    }

    /// How a finding's log is shown: the path as given, or `<stdin>`.
    static func file(of finding: Finding) -> String { StandardInput.name(of: finding.source) }

    /// `log.txt:2`, `log.txt:3` for each evidence line, or for the first `limit`: a finding can
    /// cite tens of thousands of lines where a report shows ten.
    static func evidence(of finding: Finding, limit: Int = .max) -> [String] {
        let file = file(of: finding)
        return finding.lines.prefix(limit).map { "\(file):\($0)" }
    }
}

func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
