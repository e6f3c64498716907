/// Everything a user and the test suite need to know about a lint rule, in one value.
///
/// The same shape as `RuleDescription`: the examples are documentation for `rules ID` and,
/// run through the real reader, the rule's tests.
public struct LintRuleDescription: Sendable {
    /// The stable snake_case id used in configuration files and reports.
    public let identifier: String
    /// A short title.
    public let title: String
    /// The runtime rule whose finding this shape explains; nil when no runtime rule sees it.
    public let runtimeRule: String?
    /// Further runtime rules whose findings this shape can explain (a model made in a view's
    /// init shows as `heavy_initializer` too); `check --sources` links them as well.
    public let explains: [String]
    /// The severity used when the configuration does not set one: one level below the runtime
    /// rule's (a static finding is a possible problem, the trace's is a seen one).
    public let defaultSeverity: Severity
    /// One sentence: what the rule flags.
    public let summary: String
    /// Why it matters in SwiftUI terms.
    public let rationale: String
    /// How to fix what it flags.
    public let fix: String
    /// The seed article and example the rule comes from.
    public let seed: String
    /// Swift the rule must flag, with `↓` just before every token it must point at.
    public let triggeringExamples: [LintExample]
    /// Swift the rule must not flag.
    public let nonTriggeringExamples: [LintExample]

    /// Creates a description; the default severity follows from `runtimeRule` unless given.
    public init(
        identifier: String, title: String, runtimeRule: String?, explains: [String] = [], defaultSeverity: Severity? = nil,
        summary: String, rationale: String, fix: String, seed: String,
        triggeringExamples: [LintExample], nonTriggeringExamples: [LintExample]
    ) {
        self.identifier = identifier
        self.title = title
        self.runtimeRule = runtimeRule
        self.explains = (runtimeRule.map { [$0] } ?? []) + explains
        let runtimeSeverity = runtimeRule.flatMap { RuleRegistry.builtIn.rule($0)?.description.defaultSeverity }
        self.defaultSeverity = defaultSeverity ?? runtimeSeverity?.lowered ?? .info
        self.summary = summary
        self.rationale = rationale
        self.fix = fix
        self.seed = seed
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}
