/// Everything a user and the test suite need to know about a rule, in one value.
///
/// Modelled on SwiftLint's `RuleDescription`: the examples are documentation for `rules ID`
/// and, run through the real parser and store, the rule's tests.
public struct RuleDescription: Sendable {
    /// The stable snake_case id used in configuration files and reports.
    public let identifier: String
    /// A short title.
    public let title: String
    /// The severity used when the configuration does not set one.
    public let defaultSeverity: Severity
    /// One sentence: what the rule flags.
    public let summary: String
    /// Why it matters in SwiftUI terms, and why the default severity is what it is.
    public let rationale: String
    /// How to fix what it flags.
    public let fix: String
    /// The fix in Swift: code that makes what the rule sees, and the same code corrected.
    public let swiftFix: [SwiftPair]
    /// The seed article and example the rule comes from.
    public let seed: String
    /// The numbers the rule compares against.
    public let thresholds: [Threshold]
    /// Logs the rule must flag, with `↓` on every line it must cite.
    public let triggeringExamples: [Example]
    /// Logs the rule must not flag.
    public let nonTriggeringExamples: [Example]

    /// Creates a description.
    public init(
        identifier: String,
        title: String,
        defaultSeverity: Severity,
        summary: String,
        rationale: String,
        fix: String,
        swiftFix: [SwiftPair] = [],
        seed: String,
        thresholds: [Threshold] = [],
        triggeringExamples: [Example],
        nonTriggeringExamples: [Example]
    ) {
        self.identifier = identifier
        self.title = title
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.fix = fix
        self.swiftFix = swiftFix
        self.seed = seed
        self.thresholds = thresholds
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }

    /// The threshold with `key`, if the rule has one.
    public func threshold(_ key: String) -> Threshold? {
        thresholds.first { $0.key == key }
    }
}
