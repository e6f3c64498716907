import TraceInstrument

/// What `instrument` says when it is done: what it changed, and what the app still needs.
enum InstrumentSummary {
    static func text(_ report: InstrumentReport, instrumenter: Instrumenter) -> String {
        let verb = instrumenter.dryRun ? "would change" : "changed"
        let files = "\(report.changed.count) of \(count(report.files, "Swift file"))"
        let leftAlone = report.skipped.isEmpty ? "" : "; \(count(report.skipped.count, "file")) left alone (see above)"
        if instrumenter.action == .remove {
            return "trace-analyze: instrument --remove \(verb) \(files)\(leftAlone)"
        }
        let counts = report.counts
        if instrumenter.options.mode == .printChanges {
            return "trace-analyze: instrument \(verb) \(files): Self._printChanges() in \(count(counts.views, "view"))\(leftAlone)"
        }
        var text = "trace-analyze: instrument \(verb) \(files): \(count(counts.views, "view")) (\(counts.lifecycles) with appear/disappear), \(count(counts.models, "model"))\(leftAlone)"
        guard !report.changed.isEmpty, !instrumenter.dryRun else { return text }
        text += """

        The app's target now needs the TraceProbe library (its code is only used under #if \(instrumenter.options.condition)):
          SwiftPM: .package(url: "https://github.com/OWNER/trace-analyze.git", branch: "main") in the package's
                   dependencies, and .product(name: "TraceProbe", package: "trace-analyze") in the app target's
          Xcode:   File > Add Package Dependencies..., this repository, and the TraceProbe library for the app target
        Then run the app with TRACE_PROBE=1 in its environment and give its console output to `trace-analyze check`.
        """
        return text
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
