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
    /// How much the evidence weighs against the rule's usual finding; weaker evidence is
    /// reported below the rule's severity.
    public var weight: Weight
    /// For a finding a detector decided early (`Detector.decided`): a key of the detector's
    /// choosing, the same in the early violation and in the one `finish` returns, so a live run
    /// does not report it twice; nil for a finding reported only at the end.
    public var earlyKey: Int?
    /// The measured time of what `count` counts, in milliseconds, when the trace has durations
    /// and the rule sums them (a hitch's duration, the time of the evaluations it counts): what
    /// "Fix first" ranks by, rather than a sum over the lines a finding happens to cite.
    public var milliseconds: Double?
    /// How many of `count` need not have happened, where that is fewer than all of it: a view
    /// removed and shown again by the code's own change counts each new lifetime, and none is
    /// waste (0). Nil means all of `count` is waste. Fix first ranks by it.
    public var waste: Int?

    /// How a finding's severity follows from the rule's.
    public enum Weight: Sendable, Equatable {
        /// The rule's severity.
        case full
        /// One level below it: a SwiftUI warning printed once rather than again and again.
        case lowered
        /// `info`, whatever the rule's severity: evidence under the rule's threshold that is
        /// still worth a look (one state reset where the rule wants two, a heavy init that ran once).
        case hint

        /// The weights in order, lightest first: a live run re-announces a finding whose weight rose.
        public var rank: Int {
            switch self {
            case .hint: 0
            case .lowered: 1
            case .full: 2
            }
        }

        /// The severity of a finding of this weight from a rule configured at `severity`.
        public func severity(for severity: Severity) -> Severity {
            switch self {
            case .full: severity
            case .lowered: severity.lowered
            case .hint: .info
            }
        }
    }

    /// Creates a violation.
    public init(view: String?, message: String, count: Int, lines: [Int], weight: Weight = .full, earlyKey: Int? = nil) {
        self.view = view
        self.message = message
        self.count = count
        self.lines = lines
        self.weight = weight
        self.earlyKey = earlyKey
    }
}
