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

    // MARK: - xcresulttool's metrics JSON

    static let resultJSON = "fixtures/xctest/openxcresulttool-randomstuff-metrics.json"
    static let resultJSONLater = "fixtures/xctest/openxcresulttool-randomstuff-metrics-later.json"
    static let resultHead = "fixtures/xctest/synthetic-xcresult-ui-test-head.json"
    static let resultHostile = "fixtures/xctest/synthetic-xcresult-hostile.json"
    static let resultTruncated = "fixtures/xctest/synthetic-xcresult-truncated.json"

    /// The real output of `xcresulttool get test-results metrics` is told by its shape and
    /// stored as a console's measured lines are, with the run's device and configuration.
    @Test func theRealResultBundleMetricsAreStoredAsTheConsolesAre() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try run(["ingest", Self.resultJSON, "--db", db])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(ingest.stderr == "\(Self.resultJSON): trace 1, xcresulttool metrics JSON, 2 measurements of 2 tests (see `trace-analyze query` on test_measurements, docs/xctest.md)\n")
        let rows = try run(["query", "--db", db, "--format", "csv", """
            SELECT t.format, m.line, m.test_case, m.metric, m.unit, m.value_count, m.metric_id, m.polarity, m.max_regression,
                   m.device, m.device_id, m.configuration, m.configuration_id, m.test_identifier_url, m.other_fields
            FROM test_measurements m JOIN traces t ON t.id = m.trace_id ORDER BY m.id
            """])
        #expect(rows.stdout == """
            format,line,test_case,metric,unit,value_count,metric_id,polarity,max_regression,device,device_id,configuration,configuration_id,test_identifier_url,other_fields
            xcresult,12,RandomStuffTests/testPerformanceExample(),Time,seconds,10,com.apple.XCTPerformanceMetric_WallClockTime,prefers smaller,0.1,iPhone 17 Pro,A201851A-8D41-48D2-86EE-319440740DAA,Test Scheme Action,1,test://com.apple.xcode/RandomStuff/RandomStuffTests/RandomStuffTests/testPerformanceExample,
            xcresult,54,RandomStuffUITests/testLaunchPerformance(),Duration (AppLaunch),s,5,com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration,prefers smaller,0.0,iPhone 17 Pro,A201851A-8D41-48D2-86EE-319440740DAA,Test Scheme Action,1,test://com.apple.xcode/RandomStuff/RandomStuffUITests/RandomStuffUITests/testLaunchPerformance,

            """, "\(rows.stdout)\(rows.stderr)")
        // Every value, to the last digit, and the mean as the average.
        let values = try run(["query", "--db", db, "--format", "csv", """
            SELECT count(*), sum(iteration = 1 AND value = 5.310419583000001), sum(iteration = 4 AND value = 2.7210313750000004),
                   (SELECT average = (5.310419583000001 + 3.531684042 + 5.020238542 + 2.7210313750000004 + 2.899339834) / 5 FROM test_measurements WHERE id = 2)
            FROM test_measurement_values WHERE measurement_id = 2
            """])
        #expect(values.stdout.hasSuffix("\n5,1,1,1\n"), "\(values.stdout)")
        // Piped in, it is read as the file is.
        let text = try String(contentsOfFile: Tool.packageRoot.appendingPathComponent(Self.resultJSON).path, encoding: .utf8)
        let piped = try Tool.run(["ingest", "-", "--db", workspace.path("pipe.sqlite")], stdin: text, in: Tool.packageRoot)
        #expect(piped.stderr == "<stdin>: trace 1, xcresulttool metrics JSON, 2 measurements of 2 tests (see `trace-analyze query` on test_measurements, docs/xctest.md)\n", "\(piped.stderr)")
        let pipedRows = try run(["query", "--db", workspace.path("pipe.sqlite"), "--format", "csv", "SELECT line, test_case, average FROM test_measurements ORDER BY id"])
        let fileRows = try run(["query", "--db", db, "--format", "csv", "SELECT line, test_case, average FROM test_measurements ORDER BY id"])
        #expect(pipedRows.stdout == fileRows.stdout)
    }

    /// `check` judges a result bundle's hitch ratio by the same bands as the console's, and
    /// says what it read.
    @Test func checkJudgesAResultBundlesHitchRatio() throws {
        let check = try run(["check", Self.resultHead])
        #expect(check.status == 2, "\(check.stderr)")
        #expect(check.stdout.contains("""
            hitch_time_ratio
              ScrollPerfTests/testScrollFeed() measured a hitch time ratio of 27.9 ms per second over the interval XCTest measured, the Scroll_DraggingAndDeceleration animation: the average of 5 iterations (26.8 to 28.9 ms/s, relative standard deviation 2.6%). That is critical by Apple's hitch-rate bands (over 25 to 50 ms/s; 10 ms/s or less is good).
                fixtures/xctest/synthetic-xcresult-ui-test-head.json:12
            """), "\(check.stdout)")
        #expect(check.stdout.contains("\(Self.resultHead): xcresulttool metrics JSON, 5 measurements of 2 tests read\n"), "\(check.stdout)")
        // A stored trace's scan (report) reads the same measurements to the same finding.
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        #expect(try run(["ingest", Self.resultHead, "--db", db, "--quiet"]).status == 0)
        let report = try run(["report", "--db", db])
        #expect(report.stdout.contains("ScrollPerfTests/testScrollFeed() measured a hitch time ratio of 27.9 ms per second"), "\(report.stdout)\(report.stderr)")
        // The real output measured no hitches: nothing to judge, and no error for that.
        let real = try run(["check", Self.resultJSON])
        #expect(real.status == 0, "\(real.stderr)")
        #expect(real.stdout.hasSuffix("\(Self.resultJSON): xcresulttool metrics JSON, 2 measurements of 2 tests read\n0 findings in 1 trace\n"), "\(real.stdout)")
    }

    /// Other output interleaved, keys and metric names outside the documented shape, metrics
    /// that break it: what can be read is, the rest is kept as text and said so.
    @Test func hostileResultJSONIsReadAsFarAsItGoesAndSaysTheRest() throws {
        let check = try run(["check", Self.resultHostile])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("""
            \(Self.resultHostile): xcresulttool metrics JSON, 3 measurements of 2 tests read; 4 keys outside the documented shape kept with their metrics (other_fields)
            \(Self.resultHostile): 3 tests, runs or metrics outside the documented shape are kept as text, not read; the first: a value of the metric's "measurements" is not a number:
                \(Self.resultHostile):53  {"displayName":"Time","measurements":["0.1","0.2"],"unitOfMeasurement":"seconds"}
            \(Self.resultHostile): 2 lines of other output among the JSON are kept as text; the first:
                \(Self.resultHostile):16  2026-01-11 12:36:40.123 xcresulttool[4242:99] warning: the result bundle was written by a newer Xcode
            """), "\(check.stdout)")
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try run(["ingest", Self.resultHostile, "--db", db])
        #expect(ingest.stderr.contains("3 measurements of 2 tests, 5 kept as text"), "\(ingest.stderr)")
        let measured = try run(["query", "--db", db, "--format", "csv", "SELECT metric, unit, other_fields FROM test_measurements ORDER BY id"])
        #expect(measured.stdout == """
            metric,unit,other_fields
            Time,seconds,"{""device.modelName"":""iPhone 17 Pro"",""run.repetition"":""1""}"
            Rows Decoded,rows,"{""device.modelName"":""iPhone 17 Pro"",""percentiles"":""{\\""p50\\"":1200,\\""p90\\"":1210}"",""run.repetition"":""1""}"
            Duration (AppLaunch),s,"{""test.testTags"":""[\\""perf\\""]""}"

            """, "\(measured.stdout)")
        // Every line of the file is a measurement, text kept, or part of the JSON read.
        let kept = try run(["query", "--db", db, "--format", "csv", "SELECT count(*) FROM events WHERE message NOT LIKE 'Test Case ''%'' measured [%'"])
        #expect(kept.stdout == "count(*)\n5\n", "\(kept.stdout)")
    }

    /// A file cut inside a test: an error naming the line the test begins on, the tests before
    /// it stored (with --db), and `check` says nothing was kept without one.
    @Test func aTruncatedResultJSONSaysWhereItWasCut() throws {
        let check = try run(["check", Self.resultTruncated])
        #expect(check.status == 1)
        #expect(check.stderr.contains("\(Self.resultTruncated): line 44 (byte 1305): the input ends inside the test that begins here (truncated?); its 22 lines are kept as text"), "\(check.stderr)")
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try run(["ingest", Self.resultTruncated, "--db", db])
        #expect(ingest.status == 1)
        #expect(ingest.stderr.contains("stored in trace 1, marked incomplete"), "\(ingest.stderr)")
        let rows = try run(["query", "--db", db, "--format", "csv", "SELECT (SELECT complete FROM traces), (SELECT group_concat(metric) FROM test_measurements)"])
        #expect(rows.stdout.hasSuffix("\n0,Time\n"), "\(rows.stdout)")
    }

    /// A console and a result bundle name a test differently; `diff` compares them as one test,
    /// under BASE's name, and calls the regression beyond the spread as for two consoles.
    @Test func diffComparesAConsoleWithAResultBundle() throws {
        let diff = try run(["diff", Self.uiTest, Self.resultHead])
        #expect(diff.status == 2, "\(diff.stderr)")
        #expect(diff.stdout.contains("""
            -[AppUITests.ScrollPerfTests testOpenDetail]  Clock Monotonic Time, s                                      -                        1.21 ± 0.022 (3 values)               new
            -[AppUITests.ScrollPerfTests testOpenDetail]  Hitch Time Ratio, ms per s                                   4.1 ± 0.141 (3 values)   4.2 ± 0.141 (3 values)   +0.1 (+2%)   noise
            -[AppUITests.ScrollPerfTests testOpenDetail]  Widgets Rendered, widgets                                    -                        405 ± 5.715 (3 values)                new
            -[AppUITests.ScrollPerfTests testScrollFeed]  Frame Rate (Scroll_DraggingAndDeceleration), fps             57.4 ± 0.447 (5 values)  57 ± 0.4 (5 values)      -0.4 (-1%)   noise
            -[AppUITests.ScrollPerfTests testScrollFeed]  Hitch Time Ratio (Scroll_DraggingAndDeceleration), ms per s  19.3 ± 1.152 (5 values)  27.9 ± 0.724 (5 values)  +8.6 (+45%)  regressed
            """), "\(diff.stdout)")
        // Two real runs of one test: the later one is faster, but within the runs' own spread
        // (its first iteration is ten times the rest, in both).
        let real = try run(["diff", Self.resultJSON, Self.resultJSONLater])
        #expect(real.status == 0, "\(real.stderr)")
        #expect(real.stdout.contains("RandomStuffTests/testPerformanceExample()   Time, seconds            7.72e-06 ± 1.11e-05 (10 values)"), "\(real.stdout)")
        #expect(real.stdout.contains("XCTest measurements: 0 regressed, 0 improved, 1 within the spread, 1 gone, 0 unchanged"), "\(real.stdout)")
    }

    /// A console of performance tests alone, with no lifecycle print, is not an empty log: its
    /// measured lines are what it holds.
    @Test func aConsoleOfMeasurementsAloneIsNotEmpty() throws {
        let check = try run(["check", Self.real])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("\(Self.real): recognised 0 of 52 lines as lifecycle events and 21 XCTest measured lines"), "\(check.stdout)")
    }
}
