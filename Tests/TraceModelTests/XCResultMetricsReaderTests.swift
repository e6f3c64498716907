import Foundation
import Testing
import TraceModel

/// `XCResultMetricsReader` on `xcrun xcresulttool get test-results metrics` output: the real one
/// alvarhansen/OpenXCResultTool keeps as its tests' oracle, and hostile ones made from it
/// (other output interleaved, keys and metric names outside the documented shape, a file cut
/// short; `fixtures/xctest/README.md`).
@Suite struct XCResultMetricsReaderTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/xctest")
    static let real = "openxcresulttool-randomstuff-metrics.json"

    struct Read {
        var events: [Event] = []
        var stats = ParseStats()
        var error: XCResultMetricsError?

        /// The measurements the events' lines hold, as the console reader reads them back.
        var measurements: [(line: Int, measurement: XCTestMeasurement)] {
            events.compactMap { event in
                guard case .measurement(let measured)? = XCTestMeasurementLine.read(event.message) else { return nil }
                return (event.line, measured)
            }
        }
    }

    /// Reads `bytes` in chunks of `chunk` bytes.
    static func read(_ bytes: [UInt8], chunk: Int = 1 << 16) -> Read {
        var reader = XCResultMetricsReader()
        var result = Read()
        do {
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + chunk)
                try bytes[start..<end].withUnsafeBytes { try reader.consume($0) { result.events.append($0) } }
                start = end
            }
            try reader.finish { result.events.append($0) }
        } catch let error as XCResultMetricsError {
            result.error = error
        } catch {
            Issue.record("unexpected \(error)")
        }
        result.stats = reader.stats
        return result
    }

    static func file(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: folder.appendingPathComponent(name))) }

    @Test func theRealOutputIsReadAsTheConsolesMeasuredLinesWithNothingLost() throws {
        let read = Self.read(try Self.file(Self.real))
        #expect(read.error == nil)
        #expect(read.stats.xcresultTests == 2 && read.stats.xcresultMeasurements == 2 && read.stats.xcresultUnreadable == 0)
        #expect(read.stats.lines == 81 && read.stats.events == 2 && read.stats.continuations == 79)
        let measured = read.measurements
        #expect(measured.map(\.line) == [12, 54])
        let time = try #require(measured.first?.measurement)
        #expect(time.testCase == "RandomStuffTests/testPerformanceExample()")
        #expect(time.metric == "Time" && time.unit == "seconds")
        // Every value as the JSON gives it, to the last digit.
        #expect(time.values == [4.0583e-05, 8.958e-06, 4.083e-06, 3.583e-06, 3.458e-06, 3.375e-06, 3.333e-06, 3.333e-06, 3.291e-06, 3.25e-06])
        #expect(abs(time.average - time.values.reduce(0, +) / 10) < 1e-18)
        #expect(time.field("performanceMetricID") == "com.apple.XCTPerformanceMetric_WallClockTime")
        #expect(time.field("polarity") == "prefers smaller" && time.field("maxRegression") == "0.1" && time.field("maxPercentRegression") == "10.0%")
        #expect(time.field("deviceName") == "iPhone 17 Pro" && time.field("deviceId") == "A201851A-8D41-48D2-86EE-319440740DAA")
        #expect(time.field("configurationName") == "Test Scheme Action" && time.field("configurationId") == "1")
        #expect(time.field("testIdentifierURL") == "test://com.apple.xcode/RandomStuff/RandomStuffTests/RandomStuffTests/testPerformanceExample")
        #expect(time.unknownFieldCount == 0)
        let launch = try #require(measured.last?.measurement)
        #expect(launch.metric == "Duration (AppLaunch)" && launch.unit == "s" && launch.values.count == 5)
        #expect(launch.field("performanceMetricID") == "com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration")
    }

    /// XCTest's relative standard deviation is over the values themselves: the real console's
    /// 46.411% comes out of its ten values so.
    @Test func theSpreadIsXCTestsOwn() {
        var metric = XCResultMetric(testIdentifier: "T/t()", displayName: "Time", unitOfMeasurement: "seconds", measurements: [
            0.029607, 0.014741, 0.014281, 0.012774, 0.011249, 0.010068, 0.008990, 0.008939, 0.009001, 0.009005,
        ])
        #expect(abs((metric.relativeStandardDeviation ?? 0) - 46.411) < 0.001)
        metric.measurements = [0, 0]
        #expect(metric.relativeStandardDeviation == nil)
    }

    /// `--compact` prints the array on one line; a byte at a time reads the same.
    @Test func compactAndBytewiseReadTheSame() throws {
        let pretty = Self.read(try Self.file(Self.real)).measurements.map(\.measurement)
        let value = try JSONSerialization.jsonObject(with: Data(try Self.file(Self.real)))
        let compact = Self.read(Array(try JSONSerialization.data(withJSONObject: value)))
        #expect(compact.measurements.map(\.measurement) == pretty)
        #expect(compact.measurements.map(\.line) == [1, 1] && compact.stats.lines == 1)
        let bytewise = Self.read(try Self.file(Self.real), chunk: 1)
        #expect(bytewise.measurements.map(\.measurement) == pretty && bytewise.measurements.map(\.line) == [12, 54])
    }

    @Test func itIsToldByItsShape() throws {
        func recognises(_ text: String) -> Bool { Array(text.utf8).withUnsafeBytes { XCResultMetricsReader.recognises($0) } }
        #expect(try Array(Self.file(Self.real).prefix(64)).withUnsafeBytes { XCResultMetricsReader.recognises($0) })
        #expect(recognises(#"[{"testIdentifier":"T/t()","testRuns":[]}]"#))
        #expect(recognises("\u{FEFF}[\n  {\n    \"testRuns\" : ["))
        #expect(!recognises(#"[{"metaData":{"appBuildVersion":"1"},"timeStampBegin":"2026"}]"#))
        #expect(!recognises("[{\n  \"eventMessage\" : \"ContentView: @self changed.\","))
        #expect(!recognises("ContentView: @self changed."))
        #expect(!recognises("[]"))
        #expect(!recognises(#"{"testIdentifier":"T/t()"}"#))
    }

    /// Other output merged in (a warning on stderr, a console line between two tests), keys
    /// and a metric name outside the documented shape, metrics that break it and a test
    /// without runs: every metric that can be read is, and every other line is kept as text,
    /// in line order.
    @Test func hostileOutputLosesNothing() throws {
        let bytes = try Self.file("synthetic-xcresult-hostile.json")
        let read = Self.read(bytes)
        #expect(read.error == nil)
        #expect(read.stats.xcresultTests == 2)
        #expect(read.measurements.map(\.measurement.metric) == ["Time", "Rows Decoded", "Duration (AppLaunch)"])
        // The metric no schema names is read as any other.
        let rows = try #require(read.measurements.first { $0.measurement.metric == "Rows Decoded" }?.measurement)
        #expect(rows.unit == "rows" && rows.values == [1200, 1180, 1210] && rows.field("polarity") == "prefers larger")
        // device.modelName, run.repetition, the metric's percentiles, test.testTags: kept and counted once each.
        #expect(read.stats.xcresultUnknownKeys == 4)
        let time = try #require(read.measurements.first?.measurement)
        #expect(time.field("device.modelName") == "iPhone 17 Pro" && time.field("run.repetition") == "1")
        #expect(rows.field("percentiles") == #"{"p50":1200,"p90":1210}"#)
        #expect(rows.unknownFieldCount == 3)
        // Measurements that are strings, a metric without a name, a test without runs.
        #expect(read.stats.xcresultUnreadable == 3)
        #expect(XCResultMetricsReader.whyUnreadable(code: read.stats.xcresultFirstUnreadableReason) == "a value of the metric's \"measurements\" is not a number")
        let text = read.events.filter { XCTestMeasurementLine.read($0.message) == nil }.map(\.message)
        #expect(text.contains(#"{"displayName":"Time","measurements":["0.1","0.2"],"unitOfMeasurement":"seconds"}"#))
        #expect(text.contains(#"{"measurements":[1.0],"unitOfMeasurement":"s"}"#))
        #expect(text.contains(#"{"testIdentifier":"RandomStuffTests/testNothingMeasured()"}"#))
        // The two lines of other output, kept where they were.
        #expect(read.stats.xcresultOtherLines == 2 && read.stats.xcresultFirstOtherLine == 16)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for event in read.events where event.message.hasPrefix("2026-01-11") || event.message.hasSuffix("passed (0.264 seconds).") {
            #expect(lines[event.line - 1] == Substring(event.message))
        }
        #expect(read.events.map(\.line) == read.events.map(\.line).sorted())
    }

    /// A file cut inside its second test: the first test's metric is read, the second's lines
    /// are kept as text, and the error names the line that test begins on.
    @Test func aTruncatedFileSaysWhereAndKeepsWhatCameBefore() throws {
        let read = Self.read(try Self.file("synthetic-xcresult-truncated.json"))
        let error = try #require(read.error)
        #expect(error.line == 44)
        #expect(error.reason.hasPrefix("the input ends inside the test that begins here (truncated?)"))
        #expect(read.measurements.map(\.measurement.metric) == ["Time"])
        #expect(read.events.first { $0.line == 44 }?.message == "{")
        #expect(read.stats.xcresultUnreadable == 1)
        #expect(XCResultMetricsReader.whyUnreadable(code: read.stats.xcresultFirstUnreadableReason) == "the input ends inside the test that begins here")
        // An array that never closes after a whole test is cut too.
        let whole = Array("[\n  {\"testIdentifier\":\"T/t()\",\"testRuns\":[]},\n".utf8)
        #expect(Self.read(whole).error?.reason == "the input ends inside the array of tests (no closing ']')")
    }

    /// Names the console's grammar could split: a comma and a colon in a device name, a bracket
    /// in a metric's name, an apostrophe in a test's: read back whole.
    @Test func namesWithTheConsolesPunctuationStayWhole() throws {
        var metric = XCResultMetric(testIdentifier: "Fee'd/test()", displayName: "Frames [p90], rendered", unitOfMeasurement: "ms", measurements: [1, 2])
        metric.deviceName = "iPad Pro, 13-inch: M4"
        metric.baselineName = "Local, CI"
        metric.polarity = "prefers smaller"
        guard case .measurement(let read)? = XCTestMeasurementLine.read(metric.consoleLine) else {
            Issue.record("\(metric.consoleLine) not read")
            return
        }
        #expect(read.testCase == "Fee'd/test()" && read.metric == "Frames [p90], rendered" && read.unit == "ms")
        #expect(read.values == [1, 2] && read.average == 1.5)
        #expect(read.field("deviceName") == "iPad Pro, 13-inch: M4" && read.field("baselineName") == "Local, CI")
        #expect(read.field("polarity") == "prefers smaller" && read.unknownFieldCount == 0)
    }
}
