/// A lifecycle check over one stored trace.
///
/// A rule is a type with a description and a `Detector`: a small state machine that sees the
/// trace's events once, in input order, alongside every other rule's, and then says what it
/// found. It never prints and never writes; the `Analyzer` stores the results and attaches the
/// rule's id, severity and the trace's source.
public protocol Rule: Sendable {
    /// The rule's id, documentation, thresholds and examples.
    static var description: RuleDescription { get }

    /// A fresh detector for one trace, with the thresholds in `context`.
    static func detector(_ context: RuleContext) -> any Detector
}

/// What a rule found, before the analyzer gives it an id, a severity and a source.
public struct Violation: Sendable, Equatable {
    /// The view (or owner type) the finding is about.
    public var view: String?
    /// What was found, with the numbers behind it.
    public var message: String
    /// How many occurrences the finding covers (instances, re-creations, destinations...).
    public var count: Int
    /// The source lines that show it, in any order; the analyzer sorts and deduplicates them.
    public var lines: [Int]
    /// True when this finding weighs less than the rule's usual one (a warning SwiftUI printed
    /// once rather than again and again): it is reported one severity below the rule's.
    public var lowered: Bool

    /// Creates a violation.
    public init(view: String?, message: String, count: Int, lines: [Int], lowered: Bool = false) {
        self.view = view
        self.message = message
        self.count = count
        self.lines = lines
        self.lowered = lowered
    }
}
