import Foundation
import Testing
import TraceModel

/// `XCTestMeasurementLine` on the consoles of `fixtures/xctest` (a real `swift test` run and a
/// synthetic UI-test console, see its README) and on lines cut or garbled.
@Suite struct XCTestMeasurementLineTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/xctest")

    static func readings(_ name: String) throws -> [XCTestMeasurementLine.Reading] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").compactMap { XCTestMeasurementLine.read(String($0)) }
    }

    static func measurements(_ readings: [XCTestMeasurementLine.Reading]) -> [XCTestMeasurement] {
        readings.compactMap { if case .measurement(let m) = $0 { m } else { nil } }
    }

    @Test func everyMeasuredLineOfTheRealRunIsRead() throws {
        let readings = try Self.readings("specificationkit-swift-test-metrics.log")
        let measured = Self.measurements(readings)
        #expect(readings.count == 21 && measured.count == 21)
        let first = try #require(measured.first)
        #expect(first.testCase == "-[SpecificationKitTests.AnySpecificationPerformanceTests testAllSatisfyPerformance]")
        #expect(first.metric == "Time" && first.unit == "seconds")
        #expect(first.average == 0.013 && first.relativeStandardDeviation == 46.411)
        #expect(first.values == [0.029607, 0.014741, 0.014281, 0.012774, 0.011249, 0.010068, 0.008990, 0.008939, 0.009001, 0.009005])
        #expect(first.field("performanceMetricID") == "com.apple.XCTPerformanceMetric_WallClockTime")
        #expect(first.field("baselineName") == nil && first.field("baselineAverage") == nil)
        #expect(first.field("polarity") == "prefers smaller" && first.field("maxStandardDeviation") == "0.100")
        #expect(first.unknownFieldCount == 0)
        #expect(Set(measured.map(\.metric)) == ["Time", "Memory Physical", "CPU Instructions Retired", "CPU Cycles", "CPU Time", "Memory Peak Physical"])
        #expect(measured.filter { $0.metric == "CPU Cycles" }.allSatisfy { $0.unit == "kC" && $0.values.count == 5 })
    }

    @Test func aUITestConsoleKeepsItsHitchMetricsAndSaysWhichLineBrokeOff() throws {
        let readings = try Self.readings("synthetic-ui-test-hitch-metrics.log")
        #expect(readings.count == 4)
        #expect(readings.last == .malformed("the values list has no closing bracket"))
        let measured = Self.measurements(readings)
        let scroll = try #require(measured.first)
        #expect(scroll.metric == "Hitch Time Ratio (Scroll_DraggingAndDeceleration)" && scroll.unit == "ms per s")
        #expect(scroll.average == 19.3 && scroll.values.count == 5)
        #expect(scroll.field("baselineName") == "Local Baseline" && scroll.field("baselineAverage") == "9.100")
        // A field Xcode does not print today is kept and counted, not an error.
        let detail = measured[2]
        #expect(detail.metric == "Hitch Time Ratio" && detail.unknownFieldCount == 1 && detail.field("hitchCount") == "3")
    }

    @Test func theMarkIsFoundWhereverItIsAndNowhereElse() throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("synthetic-ui-test-hitch-metrics.log"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        // Every line a reading comes from is found, cut-off one included; no other line is.
        #expect(lines.filter(XCTestMeasurementLine.mightHold).count == 4)
        #expect(lines.filter { XCTestMeasurementLine.read($0) != nil } == lines.filter(XCTestMeasurementLine.mightHold))
        #expect(XCTestMeasurementLine.mightHold(" measured ["))
        #expect(XCTestMeasurementLine.mightHold("[x] [y] Test Case 'A' measured [Time, s]"))
        #expect(!XCTestMeasurementLine.mightHold("measured ["))
        #expect(!XCTestMeasurementLine.mightHold("[measured ["))
        #expect(XCTestMeasurementLine.mightHold("[ measured ["))
        #expect(!XCTestMeasurementLine.mightHold(" measured("))
        #expect(!XCTestMeasurementLine.mightHold(""))
        #expect(!XCTestMeasurementLine.mightHold("[[[[[[[[[[[[[["))
    }

    @Test func linesThatAreNoMeasurementAreLeftAlone() {
        #expect(XCTestMeasurementLine.read("Test Case '-[A.B testC]' passed (0.406 seconds).") == nil)
        #expect(XCTestMeasurementLine.read("FeedView: @self changed.") == nil)
        #expect(XCTestMeasurementLine.read("the bill measured [in euros] average: 3") == nil)
    }

    @Test func hostileMeasuredLinesNameWhatIsWrong() {
        let head = "Test Case '-[A.B testC]' measured "
        #expect(XCTestMeasurementLine.read(head + "[Time, seconds") == .malformed("the metric's [name, unit] has no closing bracket"))
        #expect(XCTestMeasurementLine.read(head + "[Time] average: 1") == .malformed("the metric's [name, unit] has no unit"))
        #expect(XCTestMeasurementLine.read(head + "[Time, s] average: fast") == .malformed("no readable average"))
        #expect(XCTestMeasurementLine.read(head + "[Time, s] average: 1.0, relative standard deviation: 2.0%, values: [1.0, x]") == .malformed("the value 'x' is no number"))
        #expect(XCTestMeasurementLine.read("Test Case '-[A.B testC measured [Time, s] average: 1") == .malformed("the test case's name has no closing quote"))
        // swift-corelibs-xctest names the test without brackets and prints no fields after the values.
        let linux = XCTestMeasurementLine.read("Test Case 'A.B.testC' measured [Time, seconds] average: 0.001, relative standard deviation: 23.418%, values: [0.001707, 0.001141]")
        #expect(linux == .measurement(XCTestMeasurement(testCase: "A.B.testC", metric: "Time", unit: "seconds", average: 0.001, relativeStandardDeviation: 23.418, values: [0.001707, 0.001141], fields: [])))
    }
}
