import TraceStore

/// What reports say of `xcresulttool get test-results metrics` JSON: the measurements of how
/// many tests were read, and what was kept as text instead, with the first of it and why.
enum XCResultCoverageText {
    /// `metrics.json: xcresulttool metrics JSON, 2 measurements of 2 tests read`, then a line per
    /// kind of text kept, each with its first sample.
    static func lines(file: String, _ coverage: XCResultCoverage) -> [String] {
        var first = "\(file): xcresulttool metrics JSON, \(summary(coverage))"
        if coverage.unknownKeys > 0 {
            first += "; \(plural(coverage.unknownKeys, "key")) outside the documented shape kept with \(coverage.unknownKeys == 1 ? "its" : "their") metrics (other_fields)"
        }
        var lines = [first]
        if coverage.unreadable > 0 {
            let reason = coverage.firstUnreadableReason.map { ": \($0)" } ?? ""
            lines.append("\(file): \(parts(coverage.unreadable)) outside the documented shape \(coverage.unreadable == 1 ? "is" : "are") kept as text, not read; the first\(reason):")
            if let sample = coverage.firstUnreadable { lines.append("    \(file):\(sample.line)  \(clipped(sample.text))") }
        }
        if coverage.otherLines > 0 {
            lines.append("\(file): \(plural(coverage.otherLines, "line")) of other output among the JSON \(coverage.otherLines == 1 ? "is" : "are") kept as text; the first:")
            if let sample = coverage.firstOther { lines.append("    \(file):\(sample.line)  \(clipped(sample.text))") }
        }
        return lines
    }

    /// `2 measurements of 2 tests read`.
    static func summary(_ coverage: XCResultCoverage) -> String {
        "\(plural(coverage.measurements, "measurement")) of \(plural(coverage.tests, "test")) read"
    }

    /// The error for metrics JSON with no measurement to judge.
    static func empty(file: String, _ coverage: XCResultCoverage) -> String {
        var text = "no XCTest measurement in \(file): xcresulttool metrics JSON, \(summary(coverage))"
        if coverage.unreadable > 0, let sample = coverage.firstUnreadable {
            text += "; \(parts(coverage.unreadable)) outside the documented shape, the first at line \(sample.line)"
            if let reason = coverage.firstUnreadableReason { text += " (\(reason))" }
        }
        return text + ". Give `xcrun xcresulttool get test-results metrics --path Run.xcresult` of a run whose performance tests measured (docs/xctest.md), or pass --allow-empty to accept it"
    }

    /// `1 test, run or metric`, `3 tests, runs or metrics`.
    private static func parts(_ count: Int) -> String {
        "\(count) \(count == 1 ? "test, run or metric" : "tests, runs or metrics")"
    }

    /// A sample cut to a readable length: a unreadable metric's JSON can be long.
    private static func clipped(_ text: String) -> String {
        text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
