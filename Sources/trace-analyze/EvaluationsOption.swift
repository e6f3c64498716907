import TraceRules

/// The `--evaluations avoidable|all` option of `check` and `report`: which body evaluations the
/// rules that count them report; it wins over the configuration file's `evaluations`.
enum EvaluationsOption {
    static let spec = OptionSpec(
        name: "evaluations", value: "WHICH",
        help: "Body evaluations the rules count: avoidable (default: only those that need not have happened, such as `X: unchanged.`) or all (every evaluation a parent's update dragged along; expected ones alone are info).",
        choices: EvaluationScope.names
    )

    /// `configuration` with the scope the command line names, if it names one.
    static func apply(_ arguments: ParsedArguments, to configuration: RuleConfiguration) throws -> RuleConfiguration {
        guard let name = arguments.value("evaluations") else { return configuration }
        switch EvaluationScope.parse(name) {
        case .success(let scope): return configuration.with(evaluations: scope)
        case .failure(let error): throw UsageError(error.description)
        }
    }
}
