import TraceRules

/// `diff BASE... -- HEAD...` in the diff formats: per changed subject each side's median and
/// range, the verdict, and the sentence saying which test decided it and why.
enum RunSetDiffReport {
    static func render(_ diff: RunSetDiff, format: String) -> String {
        switch format {
        case "json": json(diff)
        case "markdown": markdown(diff)
        default: text(diff)
        }
    }

    /// `12 (10–13)`: a side's median and range; a single run's figure alone.
    static func side(_ sample: RunSetDiff.Sample) -> String {
        let median = Threshold.format(sample.median)
        return sample.values.count == 1 || sample.spread == 0 ? median : "\(median) (\(sample.min)–\(sample.max))"
    }

    static func summary(_ diff: RunSetDiff) -> String {
        let count = { (verdict: RunSetDiff.Verdict) in diff.rows.filter { $0.verdict == verdict }.count }
        return "\(diff.baseRuns.count) BASE run\(diff.baseRuns.count == 1 ? "" : "s"), \(diff.headRuns.count) HEAD run\(diff.headRuns.count == 1 ? "" : "s"): \(count(.regressed)) regressed, \(count(.improved)) improved, \(count(.noise)) within the noise, \(count(.unchanged)) unchanged"
    }

    static func text(_ diff: RunSetDiff) -> String {
        var lines = ["Test: \(diff.testDescription).", ""]
        let changed = diff.changes
        if !changed.isEmpty {
            let table = changed.map { row in
                [row.subject.view, DiffReporters.countName(row.subject), side(row.base), side(row.head), row.verdict.rawValue]
            }
            let header = ["view", "count", "base median (range)", "head median (range)", "verdict"]
            let widths = header.indices.map { column in ([header] + table).map { $0[column].count }.max() ?? 0 }
            for row in [header] + table {
                lines.append(row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }.joined(separator: "  ").trimmingTrailing())
            }
            lines.append("")
        }
        lines.append(summary(diff))
        return lines.joined(separator: "\n") + "\n"
    }

    static func markdown(_ diff: RunSetDiff) -> String {
        var lines = ["**\(summary(diff))**", "", "Test: \(diff.testDescription).", ""]
        let changed = diff.changes
        if !changed.isEmpty {
            lines += ["| view | count | base median (range) | head median (range) | verdict |", "|---|---|---|---|---|"]
            lines += changed.map { "| `\($0.subject.view)` | \(DiffReporters.countName($0.subject)) | \(side($0.base)) | \(side($0.head)) | \($0.verdict == .regressed ? "**regressed**" : $0.verdict.rawValue) |" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ diff: RunSetDiff) -> String {
        func sample(_ sample: RunSetDiff.Sample) -> JSONDocument {
            .object([
                ("runs", .array(sample.values.map { .int($0) })), ("median", .number(sample.median)),
                ("min", .int(sample.min)), ("max", .int(sample.max)),
            ])
        }
        return JSONDocument.object([
            ("version", .int(1)),
            ("base_runs", .array(diff.baseRuns.map { .string($0) })),
            ("head_runs", .array(diff.headRuns.map { .string($0) })),
            ("tolerance", .number(diff.tolerance)),
            ("test", .string(diff.testDescription)),
            ("spread_known", .bool(diff.spreadKnown)),
            ("rows", .array(diff.rows.map { row in
                .object([
                    ("view", .string(row.subject.view)), ("count", .string(row.subject.metric.rawValue)), ("rule", .string(row.subject.rule)),
                    ("base", sample(row.base)), ("head", sample(row.head)), ("verdict", .string(row.verdict.rawValue)),
                ])
            })),
            ("summary", .object([
                ("regressions", .int(diff.regressions.count)), ("regressed", .bool(!diff.regressions.isEmpty)),
            ])),
        ]).text
    }
}

private extension String {
    func trimmingTrailing() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
