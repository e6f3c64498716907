import Foundation
import Testing
import TraceModel
@testable import TraceRules
import TraceStore

/// `hitch_time_ratio` on XCTest's measured hitch metric: the console's `Hitch Time Ratio` lines
/// judged by the same bands as a recording's hitches, in `check`'s live run and on the stored
/// trace alike, following the configured bands (`fixtures/xctest`, see its README).
@Suite struct MeasuredHitchRatioTests {
    static let uiTest = Fixture.path("xctest/synthetic-ui-test-hitch-metrics.log")
    static let regressed = Fixture.path("xctest/synthetic-ui-test-hitch-metrics-head.log")
    static let real = Fixture.path("xctest/specificationkit-swift-test-metrics.log")

    /// The findings of `hitch_time_ratio` alone, streamed as `check` reads them and from the
    /// stored trace as `report` does.
    private static func both(_ path: String, thresholds: [String: Double] = [:]) throws -> (streamed: [Finding], stored: [Finding]) {
        let configuration = RuleConfiguration().restricted(to: ["hitch_time_ratio"]).with(thresholds: thresholds, for: HitchTimeRatioRule.self)
        let database = try TraceDatabase.openTemporary()
        let analysis = StreamAnalysis(configuration: configuration, source: path)
        let summary = try Ingestor(database: database).ingest(path: path, observer: analysis)
        let streamed = analysis.finish()
        let stored = try Analyzer(database: database, configuration: configuration).analyze(traceID: summary.traceID)
        return (streamed, stored)
    }

    @Test(arguments: [uiTest, regressed, real])
    func theLiveRunAndTheStoredTraceJudgeAlike(_ path: String) throws {
        let (streamed, stored) = try Self.both(path)
        #expect(streamed == stored)
    }

    @Test func aScrollAt19MsPerSecondIsAWarningThatNamesTheIntervalXCTestMeasured() throws {
        let (streamed, _) = try Self.both(Self.uiTest)
        // testOpenDetail's 4.1 ms/s is good; its cut-off Clock line is no measurement.
        let finding = try #require(streamed.first)
        #expect(streamed.count == 1)
        #expect(finding.severity == .warning && finding.lines == [9] && finding.view == nil)
        #expect(finding.message == "-[AppUITests.ScrollPerfTests testScrollFeed] measured a hitch time ratio of 19.3 ms per second over the interval XCTest measured, the Scroll_DraggingAndDeceleration animation: the average of 5 iterations (17.9 to 21.2 ms/s, relative standard deviation 8.1%). That is a warning by Apple's hitch-rate bands (over 10 to 25 ms/s; 10 ms/s or less is good).")
    }

    @Test func theBandsFollowTheConfiguration() throws {
        // WWDC20's bands: 19.3 ms/s is critical, an error; 4.1 ms/s a warning.
        let wwdc20 = try Self.both(Self.uiTest, thresholds: ["warning_ms_per_s": 5, "critical_ms_per_s": 10]).streamed
        #expect(wwdc20.map(\.severity) == [.error])
        let strict = try Self.both(Self.uiTest, thresholds: ["warning_ms_per_s": 4, "critical_ms_per_s": 10]).streamed
        #expect(strict.map(\.severity).sorted() == [.warning, .error].sorted())
        #expect(strict.contains { $0.message.hasPrefix("-[AppUITests.ScrollPerfTests testOpenDetail] measured a hitch time ratio of 4.1 ms per second over the interval XCTest measured in each iteration: the average of 3 iterations (4 to 4.3 ms/s, relative standard deviation 3.3%).") })
        let lenient = try Self.both(Self.uiTest, thresholds: ["warning_ms_per_s": 20]).streamed
        #expect(lenient.isEmpty)
        // Over the immediate-attention bound the finding says so.
        let immediate = try Self.both(Self.regressed, thresholds: ["warning_ms_per_s": 5, "critical_ms_per_s": 10, "immediate_attention_ms_per_s": 25]).streamed
        #expect(immediate.contains { $0.message.contains("27.9 ms per second") && $0.message.contains("warrants immediate attention") && $0.severity == .error })
    }

    @Test func otherMetricsAreNoHitchRatio() throws {
        // Frame rate, clock, CPU and memory lines are measurements of other things.
        #expect(try Self.both(Self.real).streamed.isEmpty)
        let fps = MeasurementEvent(
            line: 1, testCase: "T", metric: "Frame Rate (Scroll_DraggingAndDeceleration)", unit: "fps", average: 50,
            relativeStandardDeviation: nil, values: [], metricID: "com.apple.dt.XCTMetric_OSSignpost-Scroll_DraggingAndDeceleration.frameRate"
        )
        #expect(!HitchTimeRatioRule.isHitchTimeRatio(fps))
        var percent = fps
        (percent.metric, percent.unit) = ("Hitch Time Ratio", "%")
        #expect(!HitchTimeRatioRule.isHitchTimeRatio(percent))
        var byID = fps
        (byID.metric, byID.unit, byID.metricID) = ("Hitches", "ms per s", "com.apple.dt.XCTMetric_Hitch.hitchTimeRatio")
        #expect(HitchTimeRatioRule.isHitchTimeRatio(byID))
    }

    @Test func aMeasurementIsReadOnceInTheStoredTraceWithItsValues() throws {
        let database = try TraceDatabase.openTemporary()
        let traceID = try Ingestor(database: database).ingest(path: Self.uiTest).traceID
        let stored = try StoredMeasurements(traceID: traceID, database: database)
        #expect(stored.rows.map(\.measurement.line) == [9, 10, 17])
        #expect(stored.rows[0].measurement.values == [17.9, 21.2, 18.4, 19.8, 19.2])
        #expect(stored.rows[0].measurement.metricID == "com.apple.dt.XCTMetric_OSSignpost-Scroll_DraggingAndDeceleration.hitchTimeRatio")
        let live = try String(contentsOfFile: Self.uiTest, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated().compactMap { MeasurementEvent.reading(String($0.element), line: $0.offset + 1) }
        #expect(live == stored.rows.map(\.measurement))
    }
}
