/// How two sets of runs of the same app differ, view by view: `diff base/*.log -- head/*.log`.
///
/// Each subject (a view's count or measured duration, or its findings of one rule) gets every
/// run's figure on each side (a count is 0 in a run that has none; a duration comes only from
/// the runs whose logs measured it), their median and range. A change is a regression only when
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
///
/// A duration is held to `durationTolerance` instead of `tolerance`. Counts tie (two runs that
/// did the same work count the same), timings never do: with seven runs a side, a dozen durations
/// and a load that moves every timing of a run together, a complete separation by chance alone
/// shows up about once in a thousand comparisons, as a shift of a few percent. Asking a duration
/// to grow by 10% as well keeps those out and still catches a 20% regression.
public struct RunSetDiff: Sendable {
    /// A side's figures for one subject.
    public struct Sample: Sendable, Equatable {
        /// One figure per run that has it, in run order: a count (a whole number), or a duration
        /// in milliseconds from the runs that measured it (`TraceSnapshot.measured`).
        public let values: [Double]

        /// Creates a sample of `values`.
        public init(values: [Double]) { self.values = values }

        public var median: Double {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return 0 }
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }

        public var min: Double { values.min() ?? 0 }
        public var max: Double { values.max() ?? 0 }
        /// max − min: how much the runs of one side disagree.
        public var spread: Double { max - min }
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

        /// True when the figures are durations in milliseconds, false for counts.
        public var isDuration: Bool { subject.metric.isDuration }
    }

    /// The labels of the runs on each side.
    public let baseRuns: [String]
    public let headRuns: [String]
    /// Percent of BASE's median a regression must also exceed.
    public let tolerance: Double
    /// Percent of BASE's median a duration must also exceed: the larger of `tolerance` and the
    /// duration tolerance given (default 10).
    public let durationTolerance: Double
    /// The largest chance of a complete separation without a real change that may still count.
    public let alpha: Double
    public let rows: [Row]
    /// What the report must say about durations: a side whose logs carry no timings (its
    /// durations are unknown, not 0), or runs left out of a duration's comparison for that.
    public let notes: [String]
    /// The runs' XCTest measurements, each side's pooled, judged against their own spread.
    public let measurements: MeasurementDiff

    /// True when some duration is compared: both sides have runs that measured it.
    public var comparesDurations: Bool { rows.contains(where: \.isDuration) }

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
    ///
    /// A duration is compared over the runs that measured it (`TraceSnapshot.measured`), and
    /// only when both sides have such a run; `notes` says which were left out and why.
    public init(
        base: [TraceSnapshot], head: [TraceSnapshot], tolerance: Double = 0, durationTolerance: Double = 10, alpha: Double = 0.01
    ) {
        baseRuns = base.map(\.label)
        headRuns = head.map(\.label)
        self.tolerance = tolerance
        self.durationTolerance = Swift.max(tolerance, durationTolerance)
        self.alpha = alpha
        var subjects = Set(base.flatMap(\.counts.keys)).union(head.flatMap(\.counts.keys))
        for metric in TraceDiff.Metric.durations
        where base.contains(where: { $0.measured.contains(metric) }) && head.contains(where: { $0.measured.contains(metric) }) {
            subjects.formUnion((base + head).flatMap { $0.durations.keys.filter { $0.metric == metric } })
        }
        let baseViews = Set(base.flatMap(\.views))
        var rows: [Row] = []
        for subject in subjects.sorted() {
            // A run that did not measure a duration has no figure for it (not 0): left out.
            let before = Sample(values: base.compactMap { $0.value(of: subject) })
            let after = Sample(values: head.compactMap { $0.value(of: subject) })
            // As `TraceDiff`: a view only HEAD has is a new screen, worse only by its findings;
            // info findings (hints) never regress.
            let isInfo = subject.rule?.hasSuffix(" (info)") ?? false
            let judged = (subject.metric == .findings && !isInfo) || (subject.metric != .findings && baseViews.contains(subject.view))
            let (n, m) = (before.values.count, after.values.count)
            rows.append(Row(subject: subject, base: before, head: after, verdict: Self.verdict(
                before, after, judged: judged, spreadKnown: n > 1 && m > 1, decides: n > 1 && m > 1 && Self.chance(n, m) <= alpha,
                tolerance: subject.metric.isDuration ? self.durationTolerance : tolerance
            )))
        }
        self.rows = rows
        notes = Self.durationNotes(base: base, head: head)
        measurements = MeasurementDiff(base: base, head: head, tolerance: tolerance)
    }

    /// The rows whose figures differ between the sides.
    public var changes: [Row] { rows.filter { $0.verdict != .unchanged } }

    /// The rows that regressed.
    public var regressions: [Row] { rows.filter { $0.verdict == .regressed } }

    /// True when a count, a duration or a measurement regressed: `diff` then exits 2.
    public var regressed: Bool { !regressions.isEmpty || !measurements.regressions.isEmpty }

    /// How the verdicts were reached, in one sentence for the report.
    public var testDescription: String {
        let figure = comparesDurations ? "a count or duration" : "a count"
        let percent = "the \(Threshold.format(tolerance))% tolerance" + (comparesDurations ? " (\(Threshold.format(durationTolerance))% for a duration)" : "")
        guard spreadKnown else {
            return "no spread is known (\(baseRuns.count) BASE run\(baseRuns.count == 1 ? "" : "s"), \(headRuns.count) HEAD run\(headRuns.count == 1 ? "" : "s")): \(figure) regresses when HEAD's median exceeds BASE's by more than \(percent), however noisy the runs; give several runs a side for a verdict that survives noise"
        }
        let odds = Int((1 / separationChance).rounded())
        guard separationDecides else {
            return "too few runs to tell a regression from noise: with \(baseRuns.count) and \(headRuns.count) runs every HEAD run beats every BASE run by chance 1 in \(odds), more than the \(Threshold.format(alpha * 100))% allowed; nothing is called a regression (5 runs a side are enough)"
        }
        return "\(figure) regresses when every HEAD run is above every BASE run (the Mann-Whitney U test's extreme, which \(baseRuns.count) and \(headRuns.count) runs reach by chance 1 in \(odds), whatever the noise) and the medians differ by more than BASE's range and \(percent)"
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
        let outside = abs(shift) > base.spread
        if shift > 0, head.min > base.max, outside, head.median > base.median * (1 + tolerance / 100) {
            return judged ? .regressed : .noise
        }
        if shift < 0, head.max < base.min, outside { return .improved }
        return .noise
    }
}
