/// How two runs' (or two sets of runs') XCTest measurements differ, per test case, metric and
/// unit: what `diff` prints under the views, and a regression only beyond the runs' own spread.
///
/// Each side pools the values its measured lines print (every iteration of every run on that
/// side): its average is their mean and its spread their standard deviation, computed as XCTest
/// computes the one behind its relative standard deviation (over the values themselves, not a
/// sample's estimate) when every line prints its values, else the mean of the deviations the
/// lines' relative standard deviations give; a line printing no values brings its printed
/// average. HEAD regresses when its average moves the way the metric's
/// polarity calls worse (`prefers smaller`: up; `prefers larger`: down) by more than BASE's
/// standard deviation and HEAD's added, so that the bands of one deviation around each average
/// do not touch, and by more than `tolerance` percent of BASE's average. A move of a metric
/// without a polarity is a change, never a regression; a side whose spread is unknown (one
/// value and no relative standard deviation) calls nothing a regression.
public struct MeasurementDiff: Sendable {
    /// What is compared: one metric of one test case, in one unit.
    public struct Key: Sendable, Hashable, Comparable {
        public let testCase: String
        public let metric: String
        public let unit: String

        /// Creates a key.
        public init(testCase: String, metric: String, unit: String) {
            self.testCase = testCase
            self.metric = metric
            self.unit = unit
        }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.testCase, lhs.metric, lhs.unit) < (rhs.testCase, rhs.metric, rhs.unit)
        }
    }

    /// One measured line, as `test_measurements` keeps it.
    public struct Line: Sendable, Equatable {
        public let average: Double
        public let relativeStandardDeviation: Double?
        public let values: [Double]
        /// As XCTest prints it: `prefers smaller`, `prefers larger`; nil when it printed none.
        public let polarity: String?

        /// Creates a line.
        public init(average: Double, relativeStandardDeviation: Double?, values: [Double], polarity: String?) {
            self.average = average
            self.relativeStandardDeviation = relativeStandardDeviation
            self.values = values
            self.polarity = polarity
        }
    }

    /// Which way a metric gets worse.
    public enum Polarity: String, Sendable {
        case prefersSmaller = "prefers smaller"
        case prefersLarger = "prefers larger"
        case unspecified
    }

    /// A side's measured lines of one key, pooled.
    public struct Side: Sendable, Equatable {
        /// How many measured lines it pools.
        public let lines: Int
        /// Every value they print, in order.
        public let values: [Double]
        public let average: Double
        /// Nil when no spread is known: one value, and no relative standard deviation.
        public let standardDeviation: Double?
        public let polarity: Polarity

        /// Pools `lines` (at least one).
        public init(_ lines: [Line]) {
            self.lines = lines.count
            values = lines.flatMap(\.values)
            let bare = lines.filter(\.values.isEmpty)
            // A line with values counts once per value, one without them once by its average.
            let figures = values + bare.map(\.average)
            average = figures.isEmpty ? 0 : figures.reduce(0, +) / Double(figures.count)
            if bare.isEmpty, values.count > 1 {
                let mean = average
                standardDeviation = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
            } else {
                // What the lines' relative standard deviations say, when every one printed one.
                let printed = lines.compactMap { line in line.relativeStandardDeviation.map { abs($0 * line.average) / 100 } }
                standardDeviation = printed.count == lines.count ? printed.reduce(0, +) / Double(printed.count) : nil
            }
            polarity = lines.lazy.compactMap { $0.polarity.flatMap(Polarity.init(rawValue:)) }.first ?? .unspecified
        }
    }

    /// What a key's change is judged to be.
    public enum Verdict: String, Sendable {
        /// Worse, by more than both sides' spread and the tolerance.
        case regressed
        /// Better by as much.
        case improved
        /// Moved by as much, for a metric without a polarity: neither better nor worse.
        case changed
        /// Moved, but within the spread (or with no spread known).
        case noise
        case unchanged
        /// Measured in HEAD only.
        case added = "new"
        /// Measured in BASE only.
        case removed = "gone"
    }

    /// One key on both sides.
    public struct Row: Sendable {
        public let key: Key
        public let base: Side?
        public let head: Side?
        public let verdict: Verdict
        /// The move a regression had to exceed: both standard deviations added, or the
        /// tolerance's share of BASE's average when that is larger; nil when no spread is known.
        public let margin: Double?

        /// HEAD's average less BASE's; nil unless both sides measured it.
        public var shift: Double? { base.flatMap { base in head.map { $0.average - base.average } } }
    }

    /// Percent of BASE's average a move must also exceed.
    public let tolerance: Double
    /// Every key either side measured, in order.
    public let rows: [Row]

    /// Compares the measurements of `head`'s runs with `base`'s. A test is one test however
    /// its side names it (`identity(of:)`): a console's `-[AppUITests.ScrollPerfTests
    /// testScrollFeed]` and xcresulttool's `ScrollPerfTests/testScrollFeed()` are compared, under
    /// BASE's spelling.
    public init(base: [TraceSnapshot], head: [TraceSnapshot], tolerance: Double = 0) {
        self.tolerance = tolerance
        var names: [String: String] = [:]
        let before = Self.pooled(base, names: &names), after = Self.pooled(head, names: &names)
        rows = Set(before.keys).union(after.keys).map { identity in
            let key = Key(testCase: names[identity.testCase] ?? identity.testCase, metric: identity.metric, unit: identity.unit)
            return Self.row(key, base: before[identity], head: after[identity], tolerance: tolerance)
        }.sorted { $0.key < $1.key }
    }

    /// The test `testCase` names, however XCTest spelled it: `Class/method`, from
    /// `-[Module.Class method]` (a console on Apple's platforms), `Module.Class.method`
    /// (swift-corelibs-xctest) or `Class/method()` (xcresulttool's `testIdentifier`); any other
    /// spelling as it is.
    public static func identity(of testCase: String) -> String {
        if testCase.hasPrefix("-["), testCase.hasSuffix("]"), let space = testCase.firstIndex(of: " ") {
            let type = testCase[testCase.index(testCase.startIndex, offsetBy: 2)..<space]
            let method = testCase[testCase.index(after: space)..<testCase.index(before: testCase.endIndex)]
            return "\(type.split(separator: ".").last ?? type)/\(method)"
        }
        if let slash = testCase.lastIndex(of: "/") {
            var method = testCase[testCase.index(after: slash)...]
            if method.hasSuffix("()") { method = method.dropLast(2) }
            let type = testCase[..<slash]
            return "\(type.split(separator: "/").last ?? type)/\(method)"
        }
        let parts = testCase.split(separator: ".")
        if parts.count >= 2, !testCase.contains(" ") { return "\(parts[parts.count - 2])/\(parts[parts.count - 1])" }
        return testCase
    }

    /// True when neither side printed a measurement.
    public var isEmpty: Bool { rows.isEmpty }

    /// The rows whose figures differ.
    public var changes: [Row] { rows.filter { $0.verdict != .unchanged } }

    /// The rows that regressed; `diff` exits 2 when there is one.
    public var regressions: [Row] { rows.filter { $0.verdict == .regressed } }

    /// How the verdicts were reached, in one sentence for the report.
    public var testDescription: String {
        "a measurement regresses when HEAD's average moves the way its polarity calls worse by more than BASE's standard deviation and HEAD's added, and by more than the \(Threshold.format(tolerance))% tolerance; averages and deviations pool every value a side's lines print"
    }

    /// Each key's lines of `runs`, by the test's identity; `names` keeps the first side's
    /// spelling of each test (the least, when a side spells one test two ways).
    private static func pooled(_ runs: [TraceSnapshot], names: inout [String: String]) -> [Key: Side] {
        var lines: [Key: [Line]] = [:]
        var spelled: [String: String] = [:]
        for run in runs {
            for (key, measured) in run.measurements {
                let test = identity(of: key.testCase)
                lines[Key(testCase: test, metric: key.metric, unit: key.unit), default: []] += measured
                spelled[test] = min(spelled[test] ?? key.testCase, key.testCase)
            }
        }
        names.merge(spelled) { first, _ in first }
        return lines.mapValues(Side.init)
    }

    static func row(_ key: Key, base: Side?, head: Side?, tolerance: Double) -> Row {
        guard let base, let head else { return Row(key: key, base: base, head: head, verdict: base == nil ? .added : .removed, margin: nil) }
        let shift = head.average - base.average
        if shift == 0 && base.values.sorted() == head.values.sorted() { return Row(key: key, base: base, head: head, verdict: .unchanged, margin: nil) }
        guard let before = base.standardDeviation, let after = head.standardDeviation else {
            return Row(key: key, base: base, head: head, verdict: shift == 0 ? .unchanged : .noise, margin: nil)
        }
        let margin = max(before + after, abs(base.average) * tolerance / 100)
        guard abs(shift) > margin else { return Row(key: key, base: base, head: head, verdict: shift == 0 ? .unchanged : .noise, margin: margin) }
        let verdict: Verdict = switch head.polarity == .unspecified ? base.polarity : head.polarity {
        case .prefersSmaller: shift > 0 ? .regressed : .improved
        case .prefersLarger: shift < 0 ? .regressed : .improved
        case .unspecified: .changed
        }
        return Row(key: key, base: base, head: head, verdict: verdict, margin: margin)
    }
}
