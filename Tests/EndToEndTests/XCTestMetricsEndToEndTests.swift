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
}
