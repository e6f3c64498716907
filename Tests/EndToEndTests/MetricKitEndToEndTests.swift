import Foundation
import Testing

/// MetricKit payload files through the built binary (`fixtures/metrickit`, see its README):
/// Xcode's own simulated payload, a hang diagnostic around Sentry's real call stack tree, the
/// shapes a file may take (one payload, an array, NDJSON), and broken files that keep what was
/// read before the break.
@Suite struct MetricKitEndToEndTests {
    static let dir = "fixtures/metrickit/"

    private func run(_ arguments: [String]) throws -> Tool.Result {
        try Tool.run(arguments, in: Tool.packageRoot)
    }

    private func csv(_ db: String, _ sql: String) throws -> String {
        try run(["query", "--db", db, "--format", "csv", sql]).stdout
    }

    @Test func xcodesSimulatedPayloadIsReadUnderItsOwnKeyNames() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try run(["ingest", Self.dir + "xcode-simulated-metric-payload.json", "--db", db])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(ingest.stderr.contains("trace 1, 1 MetricKit payload"), "\(ingest.stderr)")
        #expect(try csv(db, """
            SELECT kind, app_version, app_build_version, os_version, device_type, platform_architecture, scroll_hitch_ms_per_s, unknown_keys
            FROM metrickit_payloads
            """) == "kind,app_version,app_build_version,os_version,device_type,platform_architecture,scroll_hitch_ms_per_s,unknown_keys\nmetric,1.0,1,iPhone OS 16.0.2 (20A380),\"iPhone11,8\",arm64e,1000.0,0\n")
        // Xcode writes histogrammedAppHangTime, not the documented histogrammedApplicationHangTime.
        #expect(try csv(db, "SELECT bucket, start_ms, end_ms, count FROM metrickit_histogram_buckets WHERE histogram = 'hang_time' ORDER BY bucket")
            == "bucket,start_ms,end_ms,count\n0,0.0,100.0,50\n1,100.0,400.0,60\n2,400.0,700.0,30\n")
        #expect(try csv(db, "SELECT count(DISTINCT histogram) FROM metrickit_histogram_buckets") == "count(DISTINCT histogram)\n5\n")
    }

    @Test func aHangDiagnosticKeepsItsInnermostFramesFirst() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        #expect(try run(["ingest", Self.dir + "synthetic-hang-diagnostic-sentry-stack.json", "--db", db, "--quiet"]).status == 0)
        #expect(try csv(db, "SELECT p.kind, h.duration_ms, h.app_build_version, h.device_type, h.top_frames, h.stack_depth FROM metrickit_hangs h JOIN metrickit_payloads p ON p.id = h.payload_id")
            == "kind,duration_ms,app_build_version,device_type,top_frames,stack_depth\ndiagnostic,3000.0,120,\"iPhone15,3\",iOS-Swift +46380 <- Sentry +414732,2\n")
    }

    @Test func anArrayAndNDJSONAreManyPayloadsAndUnknownKeysAreCounted() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        for file in ["synthetic-array.json", "synthetic-fleet.ndjson", "synthetic-unknown-keys.ndjson"] {
            #expect(try run(["ingest", Self.dir + file, "--db", db, "--quiet"]).status == 0)
        }
        #expect(try csv(db, "SELECT trace_id, count(*), sum(kind = 'diagnostic') FROM metrickit_payloads GROUP BY trace_id")
            == "trace_id,count(*),sum(kind = 'diagnostic')\n1,3,0\n2,12,2\n3,1,0\n")
        #expect(try csv(db, "SELECT unknown_keys, unknown_key_names, json LIKE '%\"anything\":[1,2,3]%' FROM metrickit_payloads WHERE trace_id = 3")
            == "unknown_keys,unknown_key_names,\"json LIKE '%\"\"anything\"\":[1,2,3]%'\"\n2,\"futureMetrics,hitchTimeMetrics\",1\n")
        #expect(try csv(db, "SELECT value FROM stats WHERE trace_id = 3 AND name = 'metrickit_unknown_keys'") == "value\n2\n")
    }

    @Test func aTruncatedFileNamesWhereAndKeepsThePayloadsBeforeIt() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let cut = try run(["ingest", Self.dir + "synthetic-truncated.ndjson", "--db", db])
        #expect(cut.status != 0)
        #expect(cut.stderr.contains("synthetic-truncated.ndjson: line 3 (byte 2773): the input ends inside the payload that begins here (truncated?); the 2 payloads read before it are stored in trace 1, marked incomplete"), "\(cut.stderr)")
        let text = try run(["ingest", Self.dir + "synthetic-not-json-after-one.ndjson", "--db", db])
        #expect(text.stderr.contains("line 2 (byte 113): expected a payload object, found 'N'; the payload read before it is stored in trace 2"), "\(text.stderr)")
        #expect(try csv(db, "SELECT id, complete, events FROM traces") == "id,complete,events\n1,0,2\n2,0,1\n")
        #expect(try csv(db, "SELECT count(*) FROM metrickit_payloads") == "count(*)\n3\n")
    }

    @Test func metrickitJudgesEachVersionByTheConfiguredHitchBands() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        for file in ["synthetic-fleet.ndjson", "synthetic-hang-diagnostic-sentry-stack.json"] {
            #expect(try run(["ingest", Self.dir + file, "--db", db, "--quiet"]).status == 0)
        }
        let report = try run(["metrickit", "--db", db])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("  1.2 (120): 17.8 ms/s over 3 payloads (17.1 to 18.9), a warning by Apple's hitch-rate bands (over 10 to 25 ms/s; 10 ms/s or less is good)\n"), "\(report.stdout)")
        #expect(report.stdout.contains("  1.1 (110): 5.8 ms/s over 2 payloads (5.4 to 6.1), good by Apple's hitch-rate bands"))
        #expect(report.stdout.contains("  1.2 (120):\n    0 ms to 100 ms: 841 (Potential Interaction Delay)\n"))
        #expect(report.stdout.contains("  1 hang, 3.0 s in all, builds 120: iOS-Swift +46380 <- Sentry +414732\n"))
        let config = workspace.path("c.json")
        try #"{"rules":{"hitch_time_ratio":{"warning_ms_per_s":5}}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let stricter = try run(["metrickit", "--db", db, "--config", config])
        #expect(stricter.stdout.contains("  1.1 (110): 5.8 ms/s over 2 payloads (5.4 to 6.1), a warning by Apple's hitch-rate bands (over 5 to 25 ms/s"), "\(stricter.stdout)")
    }

    /// The hang-time histogram by Instruments' four categories, by `main_thread_hang`'s bounds:
    /// a bucket within one is counted in it; one across a bound (Xcode's 100 to 400 ms) is said
    /// to straddle it and counted in none, since MetricKit does not tell its hangs apart.
    @Test func theHangHistogramIsNamedByInstrumentsCategoriesAndStraddlingBucketsSaySo() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        for file in ["synthetic-fleet.ndjson", "xcode-simulated-metric-payload.json"] {
            #expect(try run(["ingest", Self.dir + file, "--db", db, "--quiet"]).status == 0)
        }
        let report = try run(["metrickit", "--db", db])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("""
              1.0 (1):
                0 ms to 100 ms: 50 (Potential Interaction Delay)
                100 ms to 400 ms: 60 (straddles 250 ms: Brief Unresponsiveness or Microhang, not told apart)
                400 ms to 700 ms: 30 (straddles 500 ms: Microhang or Hang, not told apart)
                by category: 50 Potential Interaction Delay (under 100 ms), 0 Brief Unresponsiveness (100 ms to 250 ms), 0 Microhang (250 ms to 500 ms), 0 Hang (500 ms or more); 90 in buckets that straddle a bound, counted in none

            """), "\(report.stdout)")
        #expect(report.stdout.contains("""
                500 ms to 1000 ms: 119 (Hang)
                1000 ms to 3000 ms: 119 (Hang)
                by category: 841 Potential Interaction Delay (under 100 ms), 118 Brief Unresponsiveness (100 ms to 250 ms), 292 Microhang (250 ms to 500 ms), 238 Hang (500 ms or more)

            """), "\(report.stdout)")
        // The bounds are main_thread_hang's keys: with a Hang from 400 ms, Xcode's 400 to 700 ms is one.
        let config = workspace.path("c.json")
        try #"{"rules":{"main_thread_hang":{"hang_ms":400}}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let moved = try run(["metrickit", "--db", db, "--config", config])
        #expect(moved.stdout.contains("    400 ms to 700 ms: 30 (Hang)\n"), "\(moved.stdout)")
        #expect(moved.stdout.contains("    100 ms to 400 ms: 60 (straddles 250 ms: Brief Unresponsiveness or Microhang, not told apart)\n"))
        #expect(moved.stdout.contains("    250 ms to 500 ms: 10 (straddles 400 ms: Microhang or Hang, not told apart)\n"), "\(moved.stdout)")
    }

    private func piped(_ name: String, _ arguments: [String]) throws -> Tool.Result {
        let text = try String(contentsOfFile: Tool.packageRoot.appendingPathComponent(Self.dir + name).path, encoding: .utf8)
        return try Tool.run(arguments, stdin: text, in: Tool.packageRoot)
    }

    @Test func payloadsPipedInAreReadAsTheFileIs() throws {
        let workspace = try Workspace()
        let (fromFile, fromPipe) = (workspace.path("file.sqlite"), workspace.path("pipe.sqlite"))
        #expect(try run(["ingest", Self.dir + "synthetic-fleet.ndjson", "--db", fromFile, "--quiet"]).status == 0)
        let ingest = try piped("synthetic-fleet.ndjson", ["ingest", "-", "--db", fromPipe])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(ingest.stderr == "<stdin>: trace 1, 12 MetricKit payloads (see `trace-analyze query` on metrickit_payloads, docs/metrickit.md)\n", "\(ingest.stderr)")
        let fleet = try run(["metrickit", "--db", fromFile])
        let pipedFleet = try run(["metrickit", "--db", fromPipe])
        #expect(!fleet.stdout.isEmpty && fleet.stdout == pipedFleet.stdout)
        // A pretty-printed payload over many lines, as Xcode's simulated one is.
        let pretty = try piped("xcode-simulated-metric-payload.json", ["ingest", "-", "--db", workspace.path("pretty.sqlite")])
        #expect(pretty.stderr.hasPrefix("<stdin>: trace 1, 1 MetricKit payload "), "\(pretty.stdout)\(pretty.stderr)")
    }

    @Test func aTruncatedPipeNamesWhereAndKeepsThePayloadsBeforeIt() throws {
        let workspace = try Workspace()
        let ingest = try piped("synthetic-truncated.ndjson", ["ingest", "-", "--db", workspace.path("t.sqlite")])
        #expect(ingest.status == 1)
        #expect(ingest.stderr == "trace-analyze: error: <stdin>: line 3 (byte 2773): the input ends inside the payload that begins here (truncated?); the 2 payloads read before it are stored in trace 1, marked incomplete\n", "\(ingest.stderr)")
    }

    @Test func aLogPipedInThatOpensLikeJSONIsStillALog() throws {
        // A log whose first line opens with `[` is read on to tell it from a JSON array; then
        // every byte of it reaches the log's parser, as from the file.
        let workspace = try Workspace()
        let log = "[main] app started\n" + (try String(contentsOfFile: Tool.fixture("seeds/001-playbutton-toggle-twice.log"), encoding: .utf8))
        let path = workspace.path("app.log")
        try log.write(toFile: path, atomically: true, encoding: .utf8)
        let fromFile = try Tool.run(["check", path, "--format", "json"])
        let fromPipe = try Tool.run(["check", "-", "--format", "json"], stdin: log)
        #expect(fromFile.status == fromPipe.status)
        let findings = { (text: String) in text.split(separator: "\n").filter { $0.contains("\"message\"") || $0.contains("\"lines\"") } }
        #expect(!findings(fromFile.stdout).isEmpty && findings(fromFile.stdout) == findings(fromPipe.stdout), "\(fromPipe.stdout)\(fromPipe.stderr)")
    }
}
