/// One metric of one test run as `xcrun xcresulttool get test-results metrics` prints it
/// (Xcode 16 and later): the test (`testIdentifier`, `testIdentifierURL`), the run's `device`
/// and `testPlanConfiguration`, and the metric's `displayName`, `unitOfMeasurement`,
/// `measurements` and, where set, `identifier`, the baseline, the `polarity` and the four limits.
///
/// ```
/// [ { "testIdentifier" : "RandomStuffTests/testPerformanceExample()",
///     "testIdentifierURL" : "test://com.apple.xcode/RandomStuff/RandomStuffTests/RandomStuffTests/testPerformanceExample",
///     "testRuns" : [ { "device" : { "deviceId" : "A201…", "deviceName" : "iPhone 17 Pro" },
///                      "metrics" : [ { "displayName" : "Time", "unitOfMeasurement" : "seconds", "measurements" : [ 4.0583e-05, … ],
///                                      "identifier" : "com.apple.XCTPerformanceMetric_WallClockTime", "polarity" : "prefers smaller", … } ],
///                      "testPlanConfiguration" : { "configurationId" : "1", "configurationName" : "Test Scheme Action" } } ] } ]
/// ```
///
/// The JSON gives the measurements, not their average or spread: `consoleLine` computes both as
/// XCTest does for its console line (the mean, and the standard deviation over the values
/// themselves as a percent of it) and spells the metric as `xcodebuild test` prints it, so a
/// result bundle's metric is stored, judged and compared exactly as the console's line is.
public struct XCResultMetric: Sendable, Equatable {
    public var testIdentifier: String
    public var testIdentifierURL: String?
    public var deviceName: String?
    public var deviceId: String?
    public var configurationName: String?
    public var configurationId: String?
    public var displayName: String
    public var unitOfMeasurement: String
    public var measurements: [Double]
    public var identifier: String?
    public var baselineName: String?
    public var baselineAverage: Double?
    public var polarity: String?
    public var maxPercentRegression: Double?
    public var maxPercentRelativeStandardDeviation: Double?
    public var maxRegression: Double?
    public var maxStandardDeviation: Double?
    /// Keys outside the documented ones, at any level, by path (`device.modelName`), each with
    /// its value as compact JSON: kept on the console line, so `other_fields` stores them.
    public var otherKeys: [OtherKey] = []

    /// A key the documented shape does not have, and its value as compact JSON.
    public struct OtherKey: Sendable, Equatable {
        public var path: String
        public var json: String
    }

    /// Creates a metric of test `testIdentifier`.
    public init(testIdentifier: String, displayName: String, unitOfMeasurement: String, measurements: [Double]) {
        self.testIdentifier = testIdentifier
        self.displayName = displayName
        self.unitOfMeasurement = unitOfMeasurement
        self.measurements = measurements
    }

    /// The documented keys of each level (from the readers of it in a7ex/xcresultparser and
    /// alvarhansen/OpenXCResultTool, and the real output OpenXCResultTool keeps as its oracle).
    public static let testKeys: Set<String> = ["testIdentifier", "testIdentifierURL", "testRuns"]
    public static let runKeys: Set<String> = ["device", "testPlanConfiguration", "metrics"]
    public static let deviceKeys: Set<String> = ["deviceId", "deviceName"]
    public static let configurationKeys: Set<String> = ["configurationId", "configurationName"]
    public static let metricKeys: Set<String> = [
        "displayName", "unitOfMeasurement", "measurements", "identifier", "baselineName", "baselineAverage", "polarity",
        "maxPercentRegression", "maxPercentRelativeStandardDeviation", "maxRegression", "maxStandardDeviation",
    ]

    /// The mean of the measurements, as XCTest's `average`.
    public var average: Double { measurements.reduce(0, +) / Double(measurements.count) }

    /// The standard deviation of the measurements over the values themselves (not a sample's
    /// estimate) as a percent of their mean, as XCTest's `relative standard deviation`; nil
    /// when the mean is 0 (no percent of it exists).
    public var relativeStandardDeviation: Double? {
        let mean = average
        guard mean != 0 else { return nil }
        let variance = measurements.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(measurements.count)
        return (variance.squareRoot() / abs(mean)) * 100
    }

    /// The keys the console line adds after XCTest's own fields for what only the result bundle
    /// says: the run's device and test-plan configuration, and the test's URL.
    public static let resultBundleFields = ["deviceName", "deviceId", "configurationName", "configurationId", "testIdentifierURL"]

    /// The metric as `xcodebuild test` prints it (`XCTestMeasurementLine` reads it back), values
    /// at full precision, then the result bundle's own fields and any key outside the documented
    /// shape:
    ///
    /// `Test Case 'T/testScroll()' measured [Hitch Time Ratio, ms per s] average: 3.2, relative standard
    /// deviation: 9.375%, values: [2.9, 3.5], performanceMetricID:com.apple.dt.XCTMetric_Hitch.hitchTimeRatio,
    /// polarity: prefers smaller, …, deviceName: "iPhone 17 Pro", deviceId: A201…`
    public var consoleLine: String {
        var line = "Test Case '\(testIdentifier)' measured [\(displayName), \(unitOfMeasurement)] average: \(Self.number(average))"
        if let deviation = relativeStandardDeviation { line += ", relative standard deviation: \(Self.number(deviation))%" }
        line += ", values: [" + measurements.map(Self.number).joined(separator: ", ") + "]"
        if let identifier { line += ", performanceMetricID:\(identifier)" }
        if let baselineName { line += ", baselineName: \"\(baselineName)\"" }
        if let baselineAverage { line += ", baselineAverage: \(Self.number(baselineAverage))" }
        if let polarity { line += ", polarity: \(polarity)" }
        if let maxPercentRegression { line += ", maxPercentRegression: \(Self.number(maxPercentRegression))%" }
        if let maxPercentRelativeStandardDeviation {
            line += ", maxPercentRelativeStandardDeviation: \(Self.number(maxPercentRelativeStandardDeviation))%"
        }
        if let maxRegression { line += ", maxRegression: \(Self.number(maxRegression))" }
        if let maxStandardDeviation { line += ", maxStandardDeviation: \(Self.number(maxStandardDeviation))" }
        if let deviceName { line += ", deviceName: \"\(deviceName)\"" }
        if let deviceId { line += ", deviceId: \(deviceId)" }
        if let configurationName { line += ", configurationName: \"\(configurationName)\"" }
        if let configurationId { line += ", configurationId: \(configurationId)" }
        if let testIdentifierURL { line += ", testIdentifierURL: \(testIdentifierURL)" }
        for other in otherKeys { line += ", \(other.path): \(other.json)" }
        return line
    }

    /// A number as Swift spells a `Double` that reads back the same: `0.1`, `10.0`, `4.0583e-05`.
    static func number(_ value: Double) -> String { "\(value)" }
}
