import TraceModel
/// Which body evaluations the rules that count them report: `check --evaluations`, the
/// `evaluations` key of `.trace-analyze.json`.
///
/// Like why-did-you-render, the default reports only evaluations that need not have happened
/// (`Verdict.avoidable`), so a healthy launch is quiet. `all` is its `logOnDifferentValues`:
/// every evaluation a parent's update dragged along is counted, those with a new value (`@self`
/// alone) or no cause printed too; a new identity, which no view can skip, and a change of the
/// view's own, which its parent did not cause, are left out.
public enum EvaluationScope: String, CaseIterable, Sendable {
    /// Only avoidable evaluations (the default).
    case avoidable
    /// Every evaluation a parent's update dragged along.
    case all

    /// The values, for messages and `--help`.
    public static let names = allCases.map(\.rawValue)

    /// The scope named `name`, or an error message listing the valid ones.
    public static func parse(_ name: String) -> Result<EvaluationScope, AnalysisError> {
        guard let scope = EvaluationScope(rawValue: name) else {
            return .failure(AnalysisError(Suggestion.unknown("evaluations", name, valid: names)))
        }
        return .success(scope)
    }
}
