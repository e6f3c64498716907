import Testing
@testable import TraceRules

/// `MeasurementDiff`: a test's measured metric regresses only when HEAD's average moves the
/// wrong way by more than both sides' standard deviations added (and the tolerance).
@Suite struct MeasurementDiffTests {
    static let scroll = MeasurementDiff.Key(testCase: "-[App.T testScroll]", metric: "Hitch Time Ratio", unit: "ms per s")

    static func run(_ lines: [MeasurementDiff.Line], key: MeasurementDiff.Key = scroll) -> TraceSnapshot {
        TraceSnapshot(label: "run", counts: [:], measurements: [key: lines])
    }

    static func line(_ values: [Double], polarity: String? = "prefers smaller") -> MeasurementDiff.Line {
        MeasurementDiff.Line(average: values.reduce(0, +) / Double(values.count), relativeStandardDeviation: nil, values: values, polarity: polarity)
    }

    static func verdict(_ base: [MeasurementDiff.Line], _ head: [MeasurementDiff.Line], tolerance: Double = 0) -> MeasurementDiff.Verdict? {
        MeasurementDiff(base: [run(base)], head: [run(head)], tolerance: tolerance).rows.first?.verdict
    }

    @Test func aMoveBeyondBothDeviationsRegressesAndOneWithinThemIsNoise() {
        // 19.3 ± 1.15 against 27.9 ± 0.72: 8.6 apart, well beyond 1.87.
        let base = [Self.line([17.9, 21.2, 18.4, 19.8, 19.2])]
        #expect(Self.verdict(base, [Self.line([26.8, 28.9, 27.5, 28.4, 27.9])]) == .regressed)
        #expect(Self.verdict(base, [Self.line([18.9, 21.9, 19.4, 20.8, 20.0])]) == .noise)
        #expect(Self.verdict(base, [Self.line([10.1, 11.0, 10.6, 10.4, 10.9])]) == .improved)
        #expect(Self.verdict(base, base) == .unchanged)
        // The tolerance raises the bar when it is the larger: 45% of 19.3 is 8.7.
        #expect(Self.verdict(base, [Self.line([26.8, 28.9, 27.5, 28.4, 27.9])], tolerance: 50) == .noise)
    }

    @Test func theDeviationIsXCTestsOwnOverTheValues() {
        // The real run's first line: XCTest printed 46.411% for these ten values, the
        // population deviation over their mean (a sample's would be 48.9%).
        let values = [0.029607, 0.014741, 0.014281, 0.012774, 0.011249, 0.010068, 0.008990, 0.008939, 0.009001, 0.009005]
        let side = MeasurementDiff.Side([Self.line(values)])
        let percent = side.standardDeviation! / side.average * 100
        #expect(abs(percent - 46.411) < 0.001)
    }

    @Test func whichWayIsWorseIsTheMetricsPolarity() {
        let fps = [Self.line([57.1, 58.2, 56.9, 57.3, 57.5], polarity: "prefers larger")]
        #expect(Self.verdict(fps, [Self.line([50.1, 51.0, 50.6, 50.4, 50.9], polarity: "prefers larger")]) == .regressed)
        #expect(Self.verdict(fps, [Self.line([60.1, 61.0, 60.6, 60.4, 60.9], polarity: "prefers larger")]) == .improved)
        let plain = [Self.line([1, 1.1, 0.9], polarity: nil)]
        #expect(Self.verdict(plain, [Self.line([3, 3.1, 2.9], polarity: nil)]) == .changed)
    }

    @Test func linesWithoutValuesAreJudgedByTheirPrintedDeviation() {
        let base = [MeasurementDiff.Line(average: 10, relativeStandardDeviation: 10, values: [], polarity: "prefers smaller")]
        let near = [MeasurementDiff.Line(average: 11.5, relativeStandardDeviation: 10, values: [], polarity: "prefers smaller")]
        let far = [MeasurementDiff.Line(average: 13, relativeStandardDeviation: 10, values: [], polarity: "prefers smaller")]
        // 1 + 1.15 = 2.15 against a move of 1.5; 1 + 1.3 = 2.3 against 3.
        #expect(Self.verdict(base, near) == .noise)
        #expect(Self.verdict(base, far) == .regressed)
        // No values and no deviation: no spread is known, nothing is called a regression.
        let bare = [MeasurementDiff.Line(average: 10, relativeStandardDeviation: nil, values: [], polarity: "prefers smaller")]
        let worse = [MeasurementDiff.Line(average: 100, relativeStandardDeviation: nil, values: [], polarity: "prefers smaller")]
        let diff = MeasurementDiff(base: [Self.run(bare)], head: [Self.run(worse)])
        #expect(diff.rows.first?.verdict == .noise && diff.rows.first?.margin == nil && diff.regressions.isEmpty)
    }

    @Test func aSidesRunsArePooledAndOneSidedKeysAreNewOrGone() {
        let other = MeasurementDiff.Key(testCase: "-[App.T testOpen]", metric: "Time", unit: "s")
        let base = [Self.run([Self.line([10, 11])]), Self.run([Self.line([12, 13])])]
        let head = [Self.run([Self.line([10, 12])]), TraceSnapshot(label: "run", counts: [:], measurements: [other: [Self.line([1, 2])]])]
        let diff = MeasurementDiff(base: base, head: head)
        #expect(diff.rows.map(\.key) == [other, Self.scroll])
        #expect(diff.rows.map(\.verdict) == [.added, .noise])
        let pooled = diff.rows[1].base!
        #expect(pooled.lines == 2 && pooled.values == [10, 11, 12, 13] && pooled.average == 11.5)
        #expect(MeasurementDiff(base: head, head: base).rows.first?.verdict == .removed)
    }

    @Test func aTraceDiffRegressesOnAMeasurementAlone() {
        let base = Self.run([Self.line([17.9, 21.2, 18.4, 19.8, 19.2])])
        let head = Self.run([Self.line([26.8, 28.9, 27.5, 28.4, 27.9])])
        let diff = TraceDiff(base: base, head: head)
        #expect(diff.regressions.isEmpty && diff.regressed)
        #expect(RunSetDiff(base: [base, base], head: [head, head]).regressed)
        #expect(!TraceDiff(base: base, head: base).regressed)
    }
}
