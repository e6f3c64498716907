import TraceStore

/// The error `check` gives for a log with no lifecycle line: what it read, the first lines it
/// saw, and how to make the tool read the user's own format.
enum EmptyLogMessage {
    static func render(_ coverage: TraceCoverage) -> String {
        let file = coverage.source == "-" ? "<stdin>" : coverage.source
        // An export has tables and rows: the advice about lines and prints is not for it.
        if let instruments = coverage.instruments { return InstrumentsCoverageText.empty(file: file, instruments) }
        if let xcresult = coverage.xcresult { return XCResultCoverageText.empty(file: file, xcresult) }
        var text = "no SwiftUI lifecycle lines found in \(file): "
        if coverage.lines == 0 {
            // No line to match: a user pattern cannot help; the capture itself went wrong.
            text += "it is empty: the capture recorded nothing."
            text += "\nCheck that the app ran and printed while the log was captured (for `log stream`, "
            text += "--level debug and a --predicate that matches the app's process); "
            text += "pass --allow-empty to accept an empty log."
            return text
        } else {
            text += "none of its \(plural(coverage.lines, "line")) is _printChanges()/_logChanges() output or a lifecycle print (`ContentView init`, `DetailView onAppear`)."
            if coverage.overLongLines > 0 { text += "\n" + Report.overLongNote(coverage) + "." }
            let shown = coverage.lookalikeSamples.isEmpty ? coverage.firstLines : coverage.lookalikeSamples
            text += coverage.lookalikeSamples.isEmpty ? "\nIts first lines:" : "\nLines that look like lifecycle prints:"
            for line in shown {
                text += "\n  \(line.line): \(printable(line.text))"
            }
        }
        text += "\nIf the capture is right, describe your prints with a user pattern (`trace-analyze patterns --help`); "
        text += "pass --allow-empty to accept a log without lifecycle lines."
        return text
    }

    /// A line as a terminal can show it: control characters as `?`, at most 120 characters.
    private static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(120).map {
            $0.value < 0x20 || $0.value == 0x7F ? "?" : $0
        }))
    }
}
