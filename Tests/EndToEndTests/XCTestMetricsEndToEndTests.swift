import Foundation
import Testing

/// XCTest metric lines through the built binary: a console is ingested as one trace, its
/// lifecycle prints as events and its measured lines in `test_measurements` as well, on the
/// real `swift test` run and the synthetic UI-test console of `fixtures/xctest` (see its README).
@Suite struct XCTestMetricsEndToEndTests {
    static let real = "fixtures/xctest/specificationkit-swift-test-metrics.log"
    static let uiTest = "fixtures/xctest/synthetic-ui-test-hitch-metrics.log"

    private func run(_ arguments: [String]) throws -> Tool.Result {
        try Tool.run(arguments, in: Tool.packageRoot)
    }

    @Test func theRealRunsMeasurementsAreStoredWithEveryValue() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try run(["ingest", Self.real, "--db", db, "--quiet"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let counts = try run(["query", "--db", db, "--format", "csv", """
            SELECT (SELECT count(*) FROM test_measurements), (SELECT count(*) FROM test_measurement_values),
                   (SELECT value FROM stats WHERE name = 'xctest_measurements'), (SELECT value FROM stats WHERE name = 'xctest_malformed_measurements')
            """])
        // 11 wall-clock lines of 10 values, 10 memory and CPU lines of 5.
        #expect(counts.stdout.hasSuffix("\n21,160,21,0\n"), "\(counts.stdout)\(counts.stderr)")
        let first = try run(["query", "--db", db, "--format", "csv", """
            SELECT line, test_case, metric, unit, average, relative_stddev_percent, value_count, metric_id, baseline_name,
                   baseline_average, polarity, max_percent_regression, max_regression
            FROM test_measurements ORDER BY id LIMIT 1
            """])
        #expect(first.stdout == """
            line,test_case,metric,unit,average,relative_stddev_percent,value_count,metric_id,baseline_name,baseline_average,polarity,max_percent_regression,max_regression
            5,-[SpecificationKitTests.AnySpecificationPerformanceTests testAllSatisfyPerformance],Time,seconds,0.013,46.411,10,com.apple.XCTPerformanceMetric_WallClockTime,,,prefers smaller,10.0,0.1

            """)
    }

    @Test func aUITestConsoleIsOneTraceOfLifecycleEventsAndMeasurements() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try run(["ingest", Self.uiTest, "--db", db, "--quiet"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let traces = try run(["query", "--db", db, "--format", "csv",
                              "SELECT count(*), sum(kind <> 'text') FROM events GROUP BY trace_id"])
        #expect(traces.stdout == "count(*),sum(kind <> 'text')\n21,8\n", "\(traces.stdout)")
        let measured = try run(["query", "--db", db, "--format", "csv",
                                "SELECT line, metric, unit, average, value_count, baseline_average, other_fields FROM test_measurements ORDER BY id"])
        #expect(measured.stdout == """
            line,metric,unit,average,value_count,baseline_average,other_fields
            9,Hitch Time Ratio (Scroll_DraggingAndDeceleration),ms per s,19.3,5,9.1,
            10,Frame Rate (Scroll_DraggingAndDeceleration),fps,57.4,5,,
            17,Hitch Time Ratio,ms per s,4.1,3,,"{""hitchCount"":""3""}"

            """)
        // The line cut off mid-values is counted and kept as text, not lost.
        let stats = try run(["query", "--db", db, "--format", "csv",
                             "SELECT name, value FROM stats WHERE name LIKE 'xctest_%' ORDER BY name"])
        #expect(stats.stdout == "name,value\nxctest_malformed_measurements,1\nxctest_measurements,3\nxctest_unknown_fields,1\n")
        let kept = try run(["query", "--db", db, "--format", "csv", "SELECT kind FROM events WHERE line = 18"])
        #expect(kept.stdout == "kind\ntext\n")
    }

    static let regressed = "fixtures/xctest/synthetic-ui-test-hitch-metrics-head.log"

    @Test func checkJudgesTheMeasuredHitchRatioByApplesBands() throws {
        let check = try run(["check", Self.uiTest])
        // 19.3 ms/s is a warning today: the default fail level (error) is not reached.
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("""
            hitch_time_ratio
              -[AppUITests.ScrollPerfTests testScrollFeed] measured a hitch time ratio of 19.3 ms per second over the interval XCTest measured, the Scroll_DraggingAndDeceleration animation: the average of 5 iterations (17.9 to 21.2 ms/s, relative standard deviation 8.1%). That is a warning by Apple's hitch-rate bands (over 10 to 25 ms/s; 10 ms/s or less is good).
                fixtures/xctest/synthetic-ui-test-hitch-metrics.log:9
            """), "\(check.stdout)")
        #expect(check.stdout.contains("1 finding (1 warning) in 1 trace"))
        #expect(try run(["check", Self.uiTest, "--fail-on", "warning"]).status == 2)
        // WWDC20's bands in the configuration: critical, an error, and the run fails.
        let workspace = try Workspace()
        let config = workspace.path("wwdc20.json")
        try #"{"rules": {"hitch_time_ratio": {"warning_ms_per_s": 5, "critical_ms_per_s": 10}}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let strict = try run(["check", Self.uiTest, "--config", config, "--format", "json"])
        #expect(strict.status == 2, "\(strict.stderr)")
        #expect(strict.stdout.contains(#""severity" : "error""#) || strict.stdout.contains(#""severity": "error""#), "\(strict.stdout)")
    }

    @Test func checkWithADatabaseKeepsTheMeasurementsItJudged() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let check = try run(["check", Self.uiTest, "--db", db])
        #expect(check.status == 0, "\(check.stderr)")
        let rows = try run(["query", "--db", db, "--format", "csv",
                            "SELECT (SELECT count(*) FROM test_measurements), (SELECT count(*) FROM findings WHERE rule = 'hitch_time_ratio')"])
        #expect(rows.stdout.hasSuffix("\n3,1\n"), "\(rows.stdout)")
    }

    @Test func diffCallsAMeasurementARegressionOnlyBeyondTheRunsSpread() throws {
        let diff = try run(["diff", Self.uiTest, Self.regressed])
        #expect(diff.status == 2, "\(diff.stderr)")
        #expect(diff.stdout.contains("""
            test case                                     metric                                                       base (avg ± sd)          head (avg ± sd)          change       verdict
            -[AppUITests.ScrollPerfTests testOpenDetail]  Clock Monotonic Time, s                                      -                        1.21 ± 0.022 (3 values)               new
            -[AppUITests.ScrollPerfTests testOpenDetail]  Hitch Time Ratio, ms per s                                   4.1 ± 0.141 (3 values)   4.2 ± 0.141 (3 values)   +0.1 (+2%)   noise
            -[AppUITests.ScrollPerfTests testScrollFeed]  Frame Rate (Scroll_DraggingAndDeceleration), fps             57.4 ± 0.447 (5 values)  57 ± 0.4 (5 values)      -0.4 (-1%)   noise
            -[AppUITests.ScrollPerfTests testScrollFeed]  Hitch Time Ratio (Scroll_DraggingAndDeceleration), ms per s  19.3 ± 1.152 (5 values)  27.9 ± 0.724 (5 values)  +8.6 (+45%)  regressed

            XCTest measurements: 1 regressed, 0 improved, 2 within the spread, 1 new, 0 unchanged
            """), "\(diff.stdout)")
        // The other way round the scroll improved and nothing regressed: exit 0.
        let back = try run(["diff", Self.regressed, Self.uiTest])
        #expect(back.status == 0 && back.stdout.contains("XCTest measurements: 0 regressed, 1 improved, 2 within the spread, 1 gone, 0 unchanged"), "\(back.stdout)")
        // Sets of runs pool each side's values.
        let sets = try run(["diff", Self.uiTest, Self.uiTest, "--", Self.regressed, Self.regressed])
        #expect(sets.status == 2 && sets.stdout.contains("19.3 ± 1.152 (10 values)  27.9 ± 0.724 (10 values)  +8.6 (+45%)  regressed"), "\(sets.stdout)")
        let json = try run(["diff", Self.uiTest, Self.regressed, "--format", "json"])
        #expect(json.stdout.contains(#""verdict" : "regressed""#) || json.stdout.contains(#""verdict": "regressed""#), "\(json.stdout)")
        let markdown = try run(["diff", Self.uiTest, Self.regressed, "--format", "markdown"])
        #expect(markdown.stdout.contains("| `-[AppUITests.ScrollPerfTests testScrollFeed]` | Hitch Time Ratio (Scroll\\_DraggingAndDeceleration), ms per s | 19.3 ± 1.152 (5 values) | 27.9 ± 0.724 (5 values) | +8.6 (+45%) | **regressed** |"), "\(markdown.stdout)")
    }
}
