import TraceModel
import TraceRules

/// Prints a `TraceDiff` in one format; one small type per format, as for reports.
protocol DiffReporter {
    /// The `--format` value that picks it.
    static var identifier: String { get }
    /// The whole comparison as text, ending in a newline.
    static func render(_ diff: TraceDiff) -> String
}

/// Every diff format, in the order `--help` lists them.
enum DiffReporters {
    // Immutable metatypes: safe to share, though Swift cannot tell.
    nonisolated(unsafe) static let all: [any DiffReporter.Type] = [
        DiffTextReporter.self,
        DiffJSONReporter.self,
        DiffMarkdownReporter.self,
    ]

    /// The reporter named `identifier`; text when nil.
    static func named(_ identifier: String?) throws -> any DiffReporter.Type {
        let name = identifier ?? DiffTextReporter.identifier
        guard let reporter = all.first(where: { $0.identifier == name }) else {
            throw UsageError("unknown format '\(name)' for diff\(Suggestion.hint(for: name, in: all.map { $0.identifier })); valid: \(all.map { $0.identifier }.joined(separator: ", "))")
        }
        return reporter
    }

    /// `body evaluations`, `body time (ms)`, `findings: identity_churn`: a row's count in words.
    static func countName(_ subject: TraceDiff.Subject) -> String {
        switch subject.metric {
        case .instances: "instances"
        case .bodyEvaluations: "body evaluations"
        case .identityChanges: "identity changes"
        case .bodyMilliseconds: "body time (ms)"
        case .maxBodyMilliseconds: "longest body (ms)"
        case .maxInitMilliseconds: "longest init (ms)"
        case .findings: "findings: \(subject.rule ?? "-")"
        }
    }

    /// `+2 (+67%)`, `-1`, `+3`: the change, with its percentage when there was a base count.
    static func change(_ row: TraceDiff.Row) -> String {
        let delta = (row.delta > 0 ? "+" : "") + String(row.delta)
        guard row.base > 0, row.head > 0 else { return delta }
        let percent = (Double(row.delta) / Double(row.base) * 100).rounded()
        return delta + " (" + (percent > 0 ? "+" : "") + Threshold.format(percent) + "%)"
    }

    /// `3 changed, 2 regressed beyond a 10% tolerance, 5 unchanged`.
    static func summary(_ diff: TraceDiff) -> String {
        let unchanged = diff.rows.count - diff.changes.count
        return "\(diff.changes.count) changed, \(diff.regressions.count) regressed beyond a \(Threshold.format(diff.tolerance))% tolerance, \(unchanged) unchanged"
    }
}
