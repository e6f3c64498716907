/// One XCTest metric's result as `xcodebuild test` (or `swift test`) prints it: the test, the
/// metric and its unit, the average, the relative standard deviation and every value, and the
/// baseline and limits that follow.
///
/// ```
/// /path/T.swift:71: Test Case '-[Suite.T testScroll]' measured [Hitch Time Ratio, ms per s] average: 3.2,
///     relative standard deviation: 12.0%, values: [2.9, 3.5], performanceMetricID:com.apple.dt.XCTMetric_Hitch…,
///     baselineName: "", baselineAverage: , polarity: prefers smaller, maxPercentRegression: 10.000%, …
/// ```
public struct XCTestMeasurement: Sendable, Equatable {
    /// The test case as printed between the quotes: `-[Suite.T testScroll]`, or `Suite.T.testScroll`
    /// from swift-corelibs-xctest.
    public var testCase: String
    /// The metric's name: `Time`, `Hitch Time Ratio`, `Memory Peak Physical`.
    public var metric: String
    /// Its unit as printed: `seconds`, `ms per s`, `kB`.
    public var unit: String
    /// The average of the values, as XCTest printed it (rounded).
    public var average: Double
    /// The relative standard deviation, in percent.
    public var relativeStandardDeviation: Double?
    /// Each iteration's value, in order.
    public var values: [Double]
    /// The fields after `values` (`performanceMetricID`, `baselineName`, `baselineAverage`,
    /// `polarity`, `maxPercentRegression`, …), in printed order, values as printed: the
    /// documented ones and any others alike, so a new Xcode's field is kept, not lost.
    public var fields: [(key: String, value: String)]

    /// Creates a measurement from its parts.
    public init(
        testCase: String, metric: String, unit: String, average: Double, relativeStandardDeviation: Double?,
        values: [Double], fields: [(key: String, value: String)]
    ) {
        self.testCase = testCase
        self.metric = metric
        self.unit = unit
        self.average = average
        self.relativeStandardDeviation = relativeStandardDeviation
        self.values = values
        self.fields = fields
    }

    /// The fields Xcode prints today, and those a result bundle's metric adds to its line
    /// (`XCResultMetric.resultBundleFields`: the device, the test-plan configuration, the test's
    /// URL); any other key is counted as unknown.
    public static let knownFields: Set<String> = Set([
        "performanceMetricID", "baselineName", "baselineAverage", "polarity", "maxPercentRegression",
        "maxPercentRelativeStandardDeviation", "maxRegression", "maxStandardDeviation",
    ] + XCResultMetric.resultBundleFields)

    /// The value of field `key` (a quoted one without its quotes), nil when the line has none
    /// or it is empty.
    public func field(_ key: String) -> String? {
        guard let value = fields.first(where: { $0.key == key })?.value, !value.isEmpty else { return nil }
        return value
    }

    /// How many of `fields` Xcode does not print today.
    public var unknownFieldCount: Int { fields.count { !Self.knownFields.contains($0.key) } }

    public static func == (lhs: XCTestMeasurement, rhs: XCTestMeasurement) -> Bool {
        lhs.testCase == rhs.testCase && lhs.metric == rhs.metric && lhs.unit == rhs.unit && lhs.average == rhs.average
            && lhs.relativeStandardDeviation == rhs.relativeStandardDeviation && lhs.values == rhs.values
            && lhs.fields.map(\.key) == rhs.fields.map(\.key) && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }
}
