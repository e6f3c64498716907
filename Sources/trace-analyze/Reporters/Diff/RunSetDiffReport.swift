import TraceRules

/// `diff BASE... -- HEAD...` in the diff formats: per changed subject each side's median and
/// range (durations in ms), the verdict, the sentence saying which test decided it and why, and
/// the notes on durations some logs could not measure.
enum RunSetDiffReport {
    static func render(_ diff: RunSetDiff, format: String) -> String {
        switch format {
        case "json": json(diff)
        case "markdown": markdown(diff)
        default: text(diff)
        }
    }

    /// `12 (10–13)`, `4.25 ms (3.9–4.6)`: a side's median and range; a single run's figure alone.
    static func side(_ sample: RunSetDiff.Sample, isDuration: Bool) -> String {
        let unit = isDuration ? " ms" : ""
        let median = number(sample.median) + unit
        return sample.values.count == 1 || sample.spread == 0 ? median : "\(median) (\(number(sample.min))–\(number(sample.max)))"
    }

    /// A figure as the report prints it: a count whole, a median of two halves or a duration to
    /// the microsecond (what a probe's `ms=` gives).
    static func number(_ value: Double) -> String {
        Threshold.format((value * 1000).rounded() / 1000)
    }

    static func summary(_ diff: RunSetDiff) -> String {
        let count = { (verdict: RunSetDiff.Verdict) in diff.rows.filter { $0.verdict == verdict }.count }
        return "\(diff.baseRuns.count) BASE run\(diff.baseRuns.count == 1 ? "" : "s"), \(diff.headRuns.count) HEAD run\(diff.headRuns.count == 1 ? "" : "s"): \(count(.regressed)) regressed, \(count(.improved)) improved, \(count(.noise)) within the noise, \(count(.unchanged)) unchanged"
    }

    static func text(_ diff: RunSetDiff) -> String {
        var lines = ["Test: \(diff.testDescription)."] + diff.notes.map { "Note: \($0)." } + [""]
        let changed = diff.changes
        if !changed.isEmpty {
            let table = changed.map { row in
                [row.subject.view, DiffReporters.countName(row.subject), side(row.base, isDuration: row.isDuration), side(row.head, isDuration: row.isDuration), row.verdict.rawValue]
            }
            let header = ["view", "count", "base median (range)", "head median (range)", "verdict"]
            let widths = header.indices.map { column in ([header] + table).map { $0[column].count }.max() ?? 0 }
            for row in [header] + table {
                lines.append(row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }.joined(separator: "  ").trimmingTrailing())
            }
            lines.append("")
        }
        lines.append(summary(diff))
        let measured = MeasurementDiffReport.text(diff.measurements)
        return lines.joined(separator: "\n") + "\n" + (measured.isEmpty ? "" : "\n" + measured)
    }

    static func markdown(_ diff: RunSetDiff) -> String {
        var lines = ["**\(summary(diff))**", "", "Test: \(diff.testDescription).", ""]
        if !diff.notes.isEmpty { lines += diff.notes.map { "- Note: \($0)." } + [""] }
        let changed = diff.changes
        if !changed.isEmpty {
            lines += ["| view | count | base median (range) | head median (range) | verdict |", "|---|---|---|---|---|"]
            lines += changed.map {
                let cells = [
                    MarkdownReporter.code($0.subject.view), MarkdownReporter.cell(DiffReporters.countName($0.subject)), side($0.base, isDuration: $0.isDuration),
                    side($0.head, isDuration: $0.isDuration), $0.verdict == .regressed ? "**regressed**" : $0.verdict.rawValue,
                ]
                return "| " + cells.joined(separator: " | ") + " |"
            }
        }
        return lines.joined(separator: "\n") + "\n" + MeasurementDiffReport.markdown(diff.measurements)
    }

    static func json(_ diff: RunSetDiff) -> String {
        // Counts stay integers; durations are milliseconds, as `unit` says.
        func sample(_ sample: RunSetDiff.Sample, isDuration: Bool) -> JSONDocument {
            let figure = { (value: Double) -> JSONDocument in isDuration ? .number(value) : .int(Int(value)) }
            return .object([
                ("runs", .array(sample.values.map(figure))), ("median", .number(sample.median)),
                ("min", figure(sample.min)), ("max", figure(sample.max)),
            ])
        }
        var members: [(String, JSONDocument)] = [
            ("version", .int(1)),
            ("base_runs", .array(diff.baseRuns.map { .string($0) })),
            ("head_runs", .array(diff.headRuns.map { .string($0) })),
            ("tolerance", .number(diff.tolerance)),
            ("duration_tolerance", .number(diff.durationTolerance)),
            ("test", .string(diff.testDescription)),
            ("spread_known", .bool(diff.spreadKnown)),
            ("notes", .array(diff.notes.map { .string($0) })),
            ("rows", .array(diff.rows.map { row in
                .object([
                    ("view", .string(row.subject.view)), ("count", .string(row.subject.metric.rawValue)), ("rule", .string(row.subject.rule)),
                    ("unit", .string(row.isDuration ? "ms" : "count")),
                    ("base", sample(row.base, isDuration: row.isDuration)), ("head", sample(row.head, isDuration: row.isDuration)),
                    ("verdict", .string(row.verdict.rawValue)),
                ])
            })),
            ("summary", .object([
                ("regressions", .int(diff.regressions.count)), ("regressed", .bool(!diff.regressions.isEmpty)),
            ])),
        ]
        if let measured = MeasurementDiffReport.json(diff.measurements) { members.append(("measurements", measured)) }
        return JSONDocument.object(members).text
    }
}

private extension String {
    func trimmingTrailing() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
