import TraceModel

/// One XCTest metric result as the rules see it: a console's `Test Case '…' measured [Metric,
/// unit] average: …` line, handed to every detector beside the events
/// (`Detector.observe(measurement:)`), from the parser in a live run and from
/// `test_measurements` in a stored one, so both judge alike.
///
/// The line itself stays a `text` event, which the rules never see: a measurement is evidence
/// of its own kind, not a lifecycle event.
public struct MeasurementEvent: Sendable, Equatable {
    /// The 1-based line of the console it was printed on.
    public var line: Int
    /// The test case as printed: `-[AppUITests.ScrollPerfTests testScrollFeed]`.
    public var testCase: String
    /// The metric's name: `Hitch Time Ratio (Scroll_DraggingAndDeceleration)`, `Time`.
    public var metric: String
    /// Its unit as printed: `ms per s`, `seconds`.
    public var unit: String
    /// The average XCTest printed.
    public var average: Double
    /// The relative standard deviation XCTest printed, in percent.
    public var relativeStandardDeviation: Double?
    /// Each iteration's value, in order; empty when the line printed none.
    public var values: [Double]
    /// `performanceMetricID`: `com.apple.dt.XCTMetric_Hitch.hitchTimeRatio`.
    public var metricID: String?

    /// Creates a measurement from its parts.
    public init(
        line: Int, testCase: String, metric: String, unit: String, average: Double, relativeStandardDeviation: Double?,
        values: [Double], metricID: String?
    ) {
        self.line = line
        self.testCase = testCase
        self.metric = metric
        self.unit = unit
        self.average = average
        self.relativeStandardDeviation = relativeStandardDeviation
        self.values = values
        self.metricID = metricID
    }

    /// The measurement `reading` printed on `line`.
    public init(line: Int, _ measurement: XCTestMeasurement) {
        self.init(
            line: line, testCase: measurement.testCase, metric: measurement.metric, unit: measurement.unit,
            average: measurement.average, relativeStandardDeviation: measurement.relativeStandardDeviation,
            values: measurement.values, metricID: measurement.field("performanceMetricID")
        )
    }

    /// The measurement on a text line of the console, nil when the line is none (or is one
    /// cut off or garbled: `test_measurements` counts it as malformed and keeps no row).
    public static func reading(_ message: String, line: Int) -> MeasurementEvent? {
        guard XCTestMeasurementLine.mightHold(message), case .measurement(let measured)? = XCTestMeasurementLine.read(message) else {
            return nil
        }
        return MeasurementEvent(line: line, measured)
    }
}
