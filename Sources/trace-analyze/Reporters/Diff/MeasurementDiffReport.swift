import Foundation
import TraceRules

/// The XCTest measurements of a `diff`, in each diff format: per changed test case and metric
/// each side's average and standard deviation, the move and its verdict, and the sentence
/// saying how a regression is told from the runs' own spread. Nothing when neither side
/// printed a measurement, so a comparison of logs without any reads as it always did.
enum MeasurementDiffReport {
    /// `19.3 ± 1.2 (5 values)`, `0.013 ± 0.006 (10 values)`: a side's average and deviation.
    static func side(_ side: MeasurementDiff.Side?) -> String {
        guard let side else { return "-" }
        let deviation = side.standardDeviation.map { " ± " + number($0) } ?? ""
        let count = side.values.isEmpty ? "" : " (\(side.values.count) value\(side.values.count == 1 ? "" : "s"))"
        return number(side.average) + deviation + count
    }

    /// A figure to three decimals, as the views' are; one under a thousandth (a real wall-clock
    /// test measures microseconds: `7.72e-06 s`) to three significant digits, not to `0`.
    static func number(_ value: Double) -> String {
        value != 0 && abs(value) < 0.001 ? String(format: "%.3g", value) : RunSetDiffReport.number(value)
    }

    /// `+10.2 (+112%)`, `-0.4`: the move of the averages, with its percentage of BASE's.
    static func change(_ row: MeasurementDiff.Row) -> String {
        guard let shift = row.shift, let base = row.base else { return "" }
        let delta = (shift > 0 ? "+" : "") + number(shift)
        guard base.average != 0 else { return delta }
        let percent = (shift / abs(base.average) * 100).rounded()
        return delta + " (" + (percent > 0 ? "+" : "") + Threshold.format(percent) + "%)"
    }

    /// `1 regressed, 1 within the spread, 2 unchanged`.
    static func summary(_ diff: MeasurementDiff) -> String {
        let count = { (verdict: MeasurementDiff.Verdict) in diff.rows.filter { $0.verdict == verdict }.count }
        var parts = ["\(count(.regressed)) regressed", "\(count(.improved)) improved", "\(count(.noise)) within the spread"]
        if count(.changed) > 0 { parts.append("\(count(.changed)) changed (no polarity)") }
        if count(.added) > 0 { parts.append("\(count(.added)) new") }
        if count(.removed) > 0 { parts.append("\(count(.removed)) gone") }
        parts.append("\(count(.unchanged)) unchanged")
        return "XCTest measurements: " + parts.joined(separator: ", ")
    }

    /// The rows a table shows: those that changed.
    private static func cells(_ row: MeasurementDiff.Row) -> [String] {
        ["\(row.key.metric), \(row.key.unit)", side(row.base), side(row.head), change(row), row.verdict.rawValue]
    }

    /// Lines for a text report: the test, then a table grouped by test case; empty when there is nothing.
    static func text(_ diff: MeasurementDiff) -> String {
        guard !diff.isEmpty else { return "" }
        var text = "XCTest measurements: \(diff.testDescription).\n"
        var table = TextTable(header: ["test case", "metric", "base (avg ± sd)", "head (avg ± sd)", "change", "verdict"])
        for row in diff.changes { table.add([row.key.testCase] + cells(row)) }
        if !diff.changes.isEmpty { text += "\n" + table.text }
        return text + "\n" + summary(diff) + "\n"
    }

    /// A Markdown section; empty when there is nothing.
    static func markdown(_ diff: MeasurementDiff) -> String {
        guard !diff.isEmpty else { return "" }
        var lines = ["", "**\(summary(diff))**", "", "Test: \(diff.testDescription).", ""]
        if !diff.changes.isEmpty {
            lines += ["| test case | metric | base (avg ± sd) | head (avg ± sd) | change | verdict |", "|---|---|---|---|---|---|"]
            lines += diff.changes.map { row in
                var cells = [MarkdownReporter.code(row.key.testCase)] + cells(row).map(MarkdownReporter.cell)
                if row.verdict == .regressed { cells[cells.count - 1] = "**regressed**" }
                return "| " + cells.joined(separator: " | ") + " |"
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `measurements` member of a JSON comparison; nil when there is nothing.
    static func json(_ diff: MeasurementDiff) -> JSONDocument? {
        guard !diff.isEmpty else { return nil }
        func side(_ side: MeasurementDiff.Side?) -> JSONDocument {
            guard let side else { return .null }
            return .object([
                ("lines", .int(side.lines)), ("values", .array(side.values.map { .number($0) })), ("average", .number(side.average)),
                ("standard_deviation", side.standardDeviation.map { .number($0) } ?? .null), ("polarity", .string(side.polarity.rawValue)),
            ])
        }
        return .object([
            ("test", .string(diff.testDescription)),
            ("tolerance", .number(diff.tolerance)),
            ("rows", .array(diff.rows.map { row in
                .object([
                    ("test_case", .string(row.key.testCase)), ("metric", .string(row.key.metric)), ("unit", .string(row.key.unit)),
                    ("base", side(row.base)), ("head", side(row.head)),
                    ("shift", row.shift.map { .number($0) } ?? .null), ("margin", row.margin.map { .number($0) } ?? .null),
                    ("verdict", .string(row.verdict.rawValue)),
                ])
            })),
            ("summary", .object([
                ("regressions", .int(diff.regressions.count)), ("regressed", .bool(!diff.regressions.isEmpty)),
            ])),
        ])
    }
}
