/// How two sets of runs of the same app differ, view by view: `diff base/*.log -- head/*.log`.
///
/// Each subject (a view's count, or its findings of one rule) gets every run's figure on each
/// side (0 in a run that has none), their median and range. A change is a regression only when
/// it lies outside both sides' spread:
/// - every HEAD run is above every BASE run (min HEAD > max BASE), and
/// - the medians differ by more than BASE's range (max − min: the noise the runs showed before
///   the change), and by more than `tolerance` percent of BASE's median.
///
/// The first condition is the extreme of the Mann–Whitney U test (no BASE run beats any HEAD
/// run): with n and m runs and no real change, it happens by chance with probability at most
/// n!·m!/(n+m)! (1 in 252 for 5 and 5). That bound holds for any distribution of the noise, so
/// the test needs no assumption about how a UI test's counts vary; `RunSetDiff` refuses to call
/// a regression when the bound is above `alpha` (too few runs to tell: 3 and 3 give 1 in 20).
/// The second keeps a shift smaller than the noise itself from counting. Where one side has a
/// single run no spread is known: the comparison is `TraceDiff`'s, by `tolerance` alone, and
/// says so.
public struct RunSetDiff: Sendable {
    /// A side's figures for one subject.
    public struct Sample: Sendable, Equatable {
        /// One figure per run, in run order.
        public let values: [Int]

        public var median: Double {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return 0 }
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
        }

        public var min: Int { values.min() ?? 0 }
        public var max: Int { values.max() ?? 0 }
        /// max − min: how much the runs of one side disagree.
        public var spread: Int { max - min }
    }

    /// What a subject's change is judged to be.
    public enum Verdict: String, Sendable {
        case regressed, improved, unchanged
        /// Different, but inside the spread (or too few runs to tell).
        case noise
    }

    /// One subject on both sides.
    public struct Row: Sendable {
        public let subject: TraceDiff.Subject
        public let base: Sample
        public let head: Sample
        public let verdict: Verdict
    }

    /// The labels of the runs on each side.
    public let baseRuns: [String]
    public let headRuns: [String]
    /// Percent of BASE's median a regression must also exceed.
    public let tolerance: Double
    /// The largest chance of a complete separation without a real change that may still count.
    public let alpha: Double
    public let rows: [Row]

    /// True when both sides have two runs or more: a spread is known.
    public var spreadKnown: Bool { baseRuns.count > 1 && headRuns.count > 1 }

    /// n!·m!/(n+m)!: the chance that every HEAD run beats every BASE run with no real change.
    public var separationChance: Double {
        var chance = 1.0
        // n!m!/(n+m)! = 1 / C(n+m, n), computed as a product to stay in range.
        for index in 0..<baseRuns.count { chance *= Double(index + 1) / Double(headRuns.count + index + 1) }
        return chance
    }

    /// True when the runs are enough for a complete separation to mean something.
    public var separationDecides: Bool { spreadKnown && separationChance <= alpha }

    /// Compares the runs of `head` with those of `base`.
    public init(base: [TraceSnapshot], head: [TraceSnapshot], tolerance: Double = 0, alpha: Double = 0.01) {
        baseRuns = base.map(\.label)
        headRuns = head.map(\.label)
        self.tolerance = tolerance
        self.alpha = alpha
        let subjects = Set(base.flatMap(\.counts.keys)).union(head.flatMap(\.counts.keys)).sorted()
        let baseViews = Set(base.flatMap(\.views))
        var rows: [Row] = []
        let decides = base.count > 1 && head.count > 1 && Self.chance(base.count, head.count) <= alpha
        for subject in subjects {
            let before = Sample(values: base.map { $0.counts[subject] ?? 0 })
            let after = Sample(values: head.map { $0.counts[subject] ?? 0 })
            // As `TraceDiff`: a view only HEAD has is a new screen, worse only by its findings;
            // info findings (hints) never regress.
            let isInfo = subject.rule?.hasSuffix(" (info)") ?? false
            let judged = (subject.metric == .findings && !isInfo) || (subject.metric != .findings && baseViews.contains(subject.view))
            rows.append(Row(subject: subject, base: before, head: after, verdict: Self.verdict(
                before, after, judged: judged, spreadKnown: base.count > 1 && head.count > 1, decides: decides, tolerance: tolerance
            )))
        }
        self.rows = rows
    }

    /// The rows whose figures differ between the sides.
    public var changes: [Row] { rows.filter { $0.verdict != .unchanged } }

    /// The rows that regressed; `diff` exits 2 when there is one.
    public var regressions: [Row] { rows.filter { $0.verdict == .regressed } }

    /// How the verdicts were reached, in one sentence for the report.
    public var testDescription: String {
        guard spreadKnown else {
            return "no spread is known (\(baseRuns.count) BASE run\(baseRuns.count == 1 ? "" : "s"), \(headRuns.count) HEAD run\(headRuns.count == 1 ? "" : "s")): a count regresses when HEAD's median exceeds BASE's by more than the \(Threshold.format(tolerance))% tolerance, however noisy the runs; give several runs a side for a verdict that survives noise"
        }
        let odds = Int((1 / separationChance).rounded())
        guard separationDecides else {
            return "too few runs to tell a regression from noise: with \(baseRuns.count) and \(headRuns.count) runs every HEAD run beats every BASE run by chance 1 in \(odds), more than the \(Threshold.format(alpha * 100))% allowed; nothing is called a regression (5 runs a side are enough)"
        }
        return "a count regresses when every HEAD run is above every BASE run (the Mann-Whitney U test's extreme, which \(baseRuns.count) and \(headRuns.count) runs reach by chance 1 in \(odds), whatever the noise) and the medians differ by more than BASE's range and the \(Threshold.format(tolerance))% tolerance"
    }

    static func chance(_ n: Int, _ m: Int) -> Double {
        var chance = 1.0
        for index in 0..<n { chance *= Double(index + 1) / Double(m + index + 1) }
        return chance
    }

    static func verdict(_ base: Sample, _ head: Sample, judged: Bool, spreadKnown: Bool, decides: Bool, tolerance: Double) -> Verdict {
        if base.values.sorted() == head.values.sorted() { return .unchanged }
        let shift = head.median - base.median
        if shift == 0 && base.spread == 0 && head.spread == 0 { return .unchanged }
        guard spreadKnown else {
            // One run a side at most: TraceDiff's rule on the medians.
            if shift > 0, judged, head.median > base.median * (1 + tolerance / 100) { return .regressed }
            if shift < 0 { return .improved }
            return shift == 0 ? .unchanged : .noise
        }
        guard decides else { return .noise }
        // BASE's range, not HEAD's: a regression that scales the work scales its noise with it.
        let outside = abs(shift) > Double(base.spread)
        if shift > 0, head.min > base.max, outside, head.median > base.median * (1 + tolerance / 100) {
            return judged ? .regressed : .noise
        }
        if shift < 0, head.max < base.min, outside { return .improved }
        return .noise
    }
}
