/// How two traces of the same app differ, view by view: the numbers `trace-analyze diff` prints.
///
/// A count regresses when it grew by more than `tolerance` percent: HEAD > BASE × (1 + tolerance / 100),
/// so with the default 0 any growth regresses, and growth from 0 always does. Counts of a view
/// that only HEAD has (a new screen) are new, not worse; such a view regresses only by findings.
public struct TraceDiff: Sendable {
    /// What is counted.
    public enum Metric: String, Sendable, CaseIterable, Comparable {
        /// `init` lines of the view: instances created.
        case instances
        /// Body evaluations (`_printChanges` lines and body prints).
        case bodyEvaluations = "body_evaluations"
        /// `@identity` changes: the view's state was created anew.
        case identityChanges = "identity_changes"
        /// The measured body evaluations' total time, in milliseconds (a probe's or Instruments'
        /// `ms`): what `views` prints as `body_ms`. Compared by `RunSetDiff` only.
        case bodyMilliseconds = "body_ms"
        /// The longest measured body evaluation, in milliseconds (`max_body_ms`).
        case maxBodyMilliseconds = "max_body_ms"
        /// The longest init the log reported a duration for, in milliseconds (`max_init_ms`).
        case maxInitMilliseconds = "max_init_ms"
        /// Findings of one rule about the view.
        case findings

        /// The durations, in the order they are listed.
        public static let durations: [Metric] = [.bodyMilliseconds, .maxBodyMilliseconds, .maxInitMilliseconds]

        /// True for a measured duration (milliseconds, a `Double`), false for a count.
        public var isDuration: Bool { Self.durations.contains(self) }

        public static func < (lhs: Metric, rhs: Metric) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// One counted thing: a view's metric, or its findings of one rule.
    public struct Subject: Sendable, Hashable, Comparable {
        public let view: String
        public let metric: Metric
        /// The rule, for `findings`; nil otherwise.
        public let rule: String?

        /// Creates a subject.
        public init(view: String, metric: Metric, rule: String?) {
            self.view = view
            self.metric = metric
            self.rule = rule
        }

        public static func < (lhs: Subject, rhs: Subject) -> Bool {
            (lhs.view, lhs.metric, lhs.rule ?? "") < (rhs.view, rhs.metric, rhs.rule ?? "")
        }
    }

    /// How a count moved.
    public enum Change: String, Sendable {
        /// From 0 to some: `+`.
        case added = "+"
        /// From some to 0: `-`.
        case removed = "-"
        /// From some to another: `~`.
        case changed = "~"
        /// The same in both.
        case unchanged = "="
    }

    /// One subject's counts in both traces.
    public struct Row: Sendable, Equatable {
        public let subject: Subject
        public let base: Int
        public let head: Int
        public let change: Change
        /// True when the count grew beyond the tolerance.
        public let regressed: Bool

        /// HEAD − BASE.
        public var delta: Int { head - base }
    }

    public let base: String
    public let head: String
    /// The tolerance in percent.
    public let tolerance: Double
    /// Every subject counted in either trace, by view, metric and rule.
    public let rows: [Row]
    /// The two traces' XCTest measurements, judged against their own spread.
    public let measurements: MeasurementDiff

    /// Compares `head` with `base`, with `tolerance` percent of growth allowed.
    public init(base: TraceSnapshot, head: TraceSnapshot, tolerance: Double = 0) {
        self.base = base.label
        self.head = head.label
        self.tolerance = tolerance
        measurements = MeasurementDiff(base: [base], head: [head], tolerance: tolerance)
        let subjects = Set(base.counts.keys).union(head.counts.keys).sorted()
        rows = subjects.map { subject in
            let before = base.counts[subject] ?? 0, after = head.counts[subject] ?? 0
            let change: Change = before == after ? .unchanged : before == 0 ? .added : after == 0 ? .removed : .changed
            // Info findings (hints) are shown but never regress: an error that became a hint
            // (`identity_churn` → `identity_churn (info)`) is an improvement, not a new problem.
            let isInfo = subject.rule?.hasSuffix(" (info)") ?? false
            let counts = (subject.metric == .findings && !isInfo) || (subject.metric != .findings && base.views.contains(subject.view))
            let regressed = counts && Double(after) > Double(before) * (1 + tolerance / 100)
            return Row(subject: subject, base: before, head: after, change: change, regressed: regressed)
        }
    }

    /// The rows whose counts differ.
    public var changes: [Row] { rows.filter { $0.change != .unchanged } }

    /// The rows that regressed.
    public var regressions: [Row] { rows.filter(\.regressed) }

    /// True when a count or a measurement regressed: `diff` then exits 2.
    public var regressed: Bool { !regressions.isEmpty || !measurements.regressions.isEmpty }
}
