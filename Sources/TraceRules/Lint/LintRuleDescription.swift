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
    /// Swift before and after a fix that needs a person's judgement, so `fix` does not make it;
    /// shown under "How to fix it" and type-checked and linted by `RuleSwiftPairTests`. Each
    /// pair's `lintRules` names this rule.
    public let swiftFix: [SwiftPair]
    /// The seed article and example the rule comes from.
    public let seed: String
    /// Swift the rule must flag, with `↓` just before every token it must point at.
    public let triggeringExamples: [LintExample]
    /// Swift the rule must not flag.
    public let nonTriggeringExamples: [LintExample]
    /// What `fix` makes of Swift the rule flags: each `before` becomes `after`, and `after` is
    /// flagged no more. A rule with none never changes a file.
    public let corrections: [LintCorrection]

    /// True when `fix` and `lint --fix` may change code this rule flags.
    public var canFix: Bool { !corrections.isEmpty }

    /// Creates a description; the default severity follows from `runtimeRule` unless given.
    public init(
        identifier: String, title: String, runtimeRule: String?, explains: [String] = [], defaultSeverity: Severity? = nil,
        summary: String, rationale: String, fix: String, swiftFix: [SwiftPair] = [], seed: String,
        triggeringExamples: [LintExample], nonTriggeringExamples: [LintExample], corrections: [LintCorrection] = []
    ) {
        self.corrections = corrections
        self.identifier = identifier
        self.title = title
        self.runtimeRule = runtimeRule
        self.explains = (runtimeRule.map { [$0] } ?? []) + explains
        let runtimeSeverity = runtimeRule.flatMap { RuleRegistry.builtIn.rule($0)?.description.defaultSeverity }
        self.defaultSeverity = defaultSeverity ?? runtimeSeverity?.lowered ?? .info
        self.summary = summary
        self.rationale = rationale
        self.fix = fix
        self.swiftFix = swiftFix
        self.seed = seed
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

/// A before → after pair of Swift: what the rule's fix does to code it flags.
public struct LintCorrection: Sendable {
    /// What the example shows, in one sentence.
    public let note: String?
    /// The code as the user wrote it.
    public let before: String
    /// The code after `fix`.
    public let after: String
    /// The source file that wrote the example.
    public let filePath: String
    /// The line in that file where the example starts.
    public let line: Int

    /// Creates a correction; the `after` code must be what `fix` writes, byte for byte.
    public init(note: String? = nil, _ before: String, _ after: String, filePath: StaticString = #filePath, line: UInt = #line) {
        self.note = note
        self.before = before.hasSuffix("\n") ? before : before + "\n"
        self.after = after.hasSuffix("\n") ? after : after + "\n"
        self.filePath = "\(filePath)"
        self.line = Int(line)
    }

    /// A correction that leaves `code` as it is: a shape `fix` must not touch.
    public static func unchanged(note: String? = nil, _ code: String, filePath: StaticString = #filePath, line: UInt = #line) -> LintCorrection {
        LintCorrection(note: note, code, code, filePath: filePath, line: line)
    }
}
