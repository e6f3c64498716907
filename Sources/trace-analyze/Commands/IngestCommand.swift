import Foundation
import TraceModel
import TraceStore

/// `trace-analyze ingest`: parse inputs into the database, one trace each.
enum IngestCommand: Command {
    static let spec = CommandSpec(
        name: "ingest",
        summary: "Parse console logs into the trace database, one trace per input.",
        usage: "[FILE|-]... [--db PATH] [--config PATH] [--tag KEY=VALUE]... [--quiet]",
        options: [
            DatabaseOption.spec, ConfigOption.spec, TagOption.spec,
            OptionSpec(name: "quiet", value: nil, help: "Print no summary and no progress; errors still go to stderr."),
        ],
        positionals: [("FILE", "A log file, an Instruments export (xctrace export XML; a .trace recording on macOS), a file of MetricKit payloads (JSON, a JSON array or NDJSON), or - for stdin (the default when input is piped).")],
        maxPositionals: nil,
        discussion: """
        Events are committed in batches at least every half second, so `trace-analyze query`
        run alongside a live stream sees them as they arrive. A summary goes to stderr.
        User patterns in the configuration file (`patterns`) are tried on every line the
        built-in formats do not claim; check them first with `trace-analyze patterns test`.

        EXAMPLES:
          xcrun simctl spawn booted log stream --level debug --style compact | trace-analyze ingest -
          trace-analyze ingest ui-test.log --db run.sqlite
          trace-analyze ingest ui-test.log --tag commit=$(git rev-parse HEAD) --tag device="iPhone 15"
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
        inputs = try InputCheck.requireReadable(inputs)
        let patterns = try UserPattern.load(from: ConfigOption.load(arguments))
        let tags = try TagOption.resolve(arguments)
        let path = DatabaseOption.path(arguments)
        // Opened once the first input is being read, so its first lines parse meanwhile.
        let database = PendingDatabase { try TraceDatabase.openForWriting(path: path) }
        defer { if let opened = database.opened { TraceDatabase.finishWriting(opened) } }
        let ingestor = Ingestor(opening: database, makeParser: { TraceParser(patterns: patterns) }, tags: tags)
        let quiet = arguments.flag("quiet")
        let showProgress = Console.stderrIsTerminal && !quiet
        // Ctrl-C on a stream (`log stream | trace-analyze ingest`) stores what was read and leaves
        // the trace incomplete, instead of losing the open batch.
        Interruption.catchSignal()
        for input in inputs {
            let summary: Ingestor.Summary
            do {
                summary = try ingestor.ingest(
                    path: input, progress: showProgress ? progressLine(for: input) : nil, stop: { Interruption.wasSignalled }
                )
            } catch let incomplete as IncompleteTraceError {
                throw ToolError("\(incomplete); \(incomplete.stored)")
            }
            if showProgress { Console.clearStatus() }
            if !quiet { Console.note(IngestSummaryText.render(summary)) }
            if !summary.complete { return Interruption.exitStatus }
        }
        return ExitCode.success
    }

    /// The progress line shown on a terminal while `input` is read (`check` shows it too).
    static func progressLine(for input: String) -> (Ingestor.Progress) -> Void {
        { progress in
            let megabytes = Double(progress.bytes) / 1_048_576
            Console.status(String(
                format: "%@: %.1f MB, %d lines, %d events",
                StandardInput.name(of: input), megabytes, progress.stats.lines, progress.stats.events
            ))
        }
    }
}

/// The one-line summary printed after each input.
enum IngestSummaryText {
    static func render(_ summary: Ingestor.Summary) -> String {
        if let payloads = summary.metricKitPayloads {
            return "\(StandardInput.name(of: summary.source)): trace \(summary.traceID), \(payloads) MetricKit payload\(payloads == 1 ? "" : "s") (see `trace-analyze query` on metrickit_payloads, docs/metrickit.md)"
        }
        let stats = summary.stats
        if stats.isXCResultMetrics {
            var text = "\(StandardInput.name(of: summary.source)): trace \(summary.traceID), xcresulttool metrics JSON, "
                + "\(stats.xcresultMeasurements) measurement\(stats.xcresultMeasurements == 1 ? "" : "s") of \(stats.xcresultTests) test\(stats.xcresultTests == 1 ? "" : "s")"
            let kept = stats.xcresultUnreadable + stats.xcresultOtherLines
            if kept > 0 { text += ", \(kept) kept as text" }
            return text + " (see `trace-analyze query` on test_measurements, docs/xctest.md)"
        }
        let kinds = EventKind.allCases
            .filter { $0 != .text && stats.eventsByKind[$0.index] > 0 }
            .map { "\($0.rawValue) \(stats.eventsByKind[$0.index])" }
        var text = "\(StandardInput.name(of: summary.source)): trace \(summary.traceID), "
        text += "\(stats.lines) lines, \(stats.events) events"
        if !kinds.isEmpty { text += " (\(kinds.joined(separator: ", ")))" }
        text += ", \(stats.unrecognized) unrecognized"
        if stats.invalidUTF8 > 0 { text += ", \(stats.invalidUTF8) with invalid UTF-8" }
        if stats.overLong > 0 { text += ", \(stats.overLong) over-long (cut)" }
        if stats.malformedStructured > 0 { text += ", \(stats.malformedStructured) malformed probe (`trace-analyze report` says why)" }
        if stats.utf16Bytes > 0 { text += "; decoded from UTF-16" }
        if stats.binaryPercent > 0 {
            text += "; looks like a binary file, not a text log (\(stats.binaryPercent)% of its first \(InputSniff.blockSize / 1024) KiB are NUL or control bytes)"
        }
        if !summary.complete { text += "; interrupted before the input ended (stored as incomplete)" }
        return text
    }
}
