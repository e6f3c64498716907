import Foundation
import Testing

/// Hitches and hangs judged by Apple's thresholds, through the built binary: the real Xcode 27
/// exports of `fixtures/instruments` (xcode27-real-*.xml, see its README) and synthetic ones in
/// their columns.
@Suite struct HitchesAndHangsEndToEndTests {
    static let hitches = "fixtures/instruments/xcode27-real-hitches.xml"
    static let hangs = "fixtures/instruments/xcode27-real-potential-hangs.xml"
    static let hangRisks = "fixtures/instruments/xcode27-real-hang-risks.xml"
    static let renders = "fixtures/instruments/xcode27-real-hitches-renders.xml"
    static let emptyLayouts = "fixtures/instruments/xcode27-real-layout-updates-empty.xml"
    static let mixed = "fixtures/instruments/hangs-and-hitches.xml"

    private func run(_ arguments: [String], stdin: String? = nil) throws -> Tool.Result {
        try Tool.run(arguments, stdin: stdin, in: Tool.packageRoot)
    }

    private func text(_ fixture: String) throws -> String {
        try String(contentsOfFile: Tool.fixture(String(fixture.dropFirst("fixtures/".count))), encoding: .utf8)
    }

    @Test func realHitchesAreAWarningByTodaysBandsAndNameTheirDenominator() throws {
        let result = try run(["check", Self.hitches, "--format", "xcode"])
        // 19.3 ms/s: over 10, at most 25: a warning by Apple's current bands, under the default fail level.
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            \(Self.hitches):3:1: warning: Hitches took 616.7 ms: 19.3 ms per second over the 31.9 s the recording spans; the export marks no animation intervals, so still time counts too and the rate while the app animated is at least this. That is a warning by Apple's hitch-rate bands (over 10 to 25 ms/s; 10 ms/s or less is good). 11 hitches, the longest 217 ms at 4.961 s. (hitch_time_ratio)
            \(Self.hitches):3:1: warning: A frame was shown 217 ms late at 4.961 s, over the 100 ms budget. No SwiftUI update was recorded under it: the recording holds none. Record it again with the SwiftUI instrument and export swiftui-updates beside this table to see whether view updates took the time (Time Profiler shows what else the main thread ran). (long_hitch)
            \(Self.hitches):5:1: warning: A frame was shown 200 ms late at 18.695 s, over the 100 ms budget. No SwiftUI update was recorded under it: the recording holds none. Record it again with the SwiftUI instrument and export swiftui-updates beside this table to see whether view updates took the time (Time Profiler shows what else the main thread ran). (long_hitch)

            """)
    }

    @Test func theHitchRateFollowsTheBandsTheConfigurationSets() throws {
        let workspace = try Workspace()
        // WWDC20's bands: over 10 ms/s critical.
        let wwdc20 = try workspace.write("wwdc20.json", """
            {"only_rules": ["hitch_time_ratio"], "rules": {"hitch_time_ratio": {"warning_ms_per_s": 5, "critical_ms_per_s": 10}}}
            """)
        let strict = try run(["check", Self.hitches, "--format", "xcode", "--config", wwdc20])
        #expect(strict.status == 2, "\(strict.stderr)")
        #expect(strict.stdout.contains(":3:1: error: Hitches took 616.7 ms: 19.3 ms per second over the 31.9 s the recording spans;"))
        #expect(strict.stdout.contains("That is critical by Apple's hitch-rate bands (over 10 to 50 ms/s; 5 ms/s or less is good)."))
        // A band of immediate attention under the recording's rate: still an error, in those words.
        let immediate = try workspace.write("immediate.json", """
            {"only_rules": ["hitch_time_ratio"], "rules": {"hitch_time_ratio": {"warning_ms_per_s": 5, "critical_ms_per_s": 10, "immediate_attention_ms_per_s": 15}}}
            """)
        let urgent = try run(["check", Self.hitches, "--format", "xcode", "--config", immediate])
        #expect(urgent.status == 2)
        #expect(urgent.stdout.contains("That is over 15 ms/s, which Apple's hitch-rate bands say warrants immediate attention (5 ms/s or less is good)."))
    }

    @Test func realHangsCarryInstrumentsCategoryNames() throws {
        let result = try run(["check", Self.hangs, "--format", "xcode"])
        #expect(result.status == 0, "Brief Unresponsiveness is a warning: under the default fail level")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines.allSatisfy { $0.contains(": warning: The main thread was unresponsive for ") && $0.hasSuffix("(main_thread_hang)") })
        #expect(lines[0] == "\(Self.hangs):3:1: warning: The main thread was unresponsive for 235 ms at 4.934 s: Brief Unresponsiveness by Instruments' categories (100 ms to 250 ms). No SwiftUI update was recorded under it: the recording holds none. Record it again with the SwiftUI instrument and export swiftui-updates beside this table to see whether view updates took the time (Time Profiler shows what else the main thread ran). (main_thread_hang)")
        // The 17 delays under 100 ms (Potential Interaction Delay) are not hangs.
        #expect(try run(["check", Self.hangs, "--strict"]).status == 2)
    }

    @Test func aRecordingUnderTheConfiguredThresholdsPasses() throws {
        let workspace = try Workspace()
        let config = try workspace.write("config.json", """
            {"rules": {"hitch_time_ratio": {"warning_ms_per_s": 20, "critical_ms_per_s": 30},
                       "long_hitch": {"max_hitch_ms": 250},
                       "main_thread_hang": {"brief_unresponsiveness_ms": 250}}}
            """)
        let recording = try text(Self.hitches) + text(Self.hangs)
        let result = try run(["check", "-", "--config", config, "--strict"], stdin: recording)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasSuffix("0 findings in 1 trace\n"))
        let defaults = try run(["check", "-", "--format", "summary"], stdin: recording)
        // By default every finding is a warning: 19.3 ms/s, two long hitches, six of Brief Unresponsiveness.
        #expect(defaults.status == 0)
        #expect(defaults.stdout.contains("hitch_time_ratio      0        1     0      1"))
        #expect(defaults.stdout.contains("main_thread_hang      0        6     0      6"))
    }

    @Test func aHangWithUpdatesUnderItKeepsTheAttributionAndOneWithoutSaysWhatToRecord() throws {
        let result = try run(["check", Self.mixed, "--format", "xcode"])
        #expect(result.status == 2)
        #expect(result.stdout.contains("\(Self.mixed):30:1: error: The main thread was unresponsive for 300 ms at 2.0 s: a Microhang by Instruments' categories (250 ms to 500 ms). 24 SwiftUI updates filled 80% of it, ListRow.body the most (240 ms ×24). (main_thread_hang)"))
        #expect(result.stdout.contains("\(Self.mixed):4:1: warning: this hang: 300 ms at 2.0 s, of which ListRow.body 240 ms ×24: 24 updates filled 80% of it. (hitch_attribution)"))
        #expect(result.stdout.contains("\(Self.mixed):31:1: warning: The main thread was unresponsive for 120 ms at 5.0 s: Brief Unresponsiveness by Instruments' categories (100 ms to 250 ms). No SwiftUI update ran under it: something else took the time. Time Profiler, recorded with it, shows what the main thread ran. (main_thread_hang)"))
        #expect(result.stdout.contains("\(Self.mixed):36:1: warning: A frame was shown 150 ms late at 9.0 s, over the 100 ms budget. No SwiftUI update ran under it"))
        #expect(result.stdout.contains("1 system hitch is not counted. (hitch_time_ratio)"))
        // The background thread's 400 ms stall (line 33) and the system hitch (line 37) are nobody's finding.
        #expect(!result.stdout.contains(":33:1:"))
        #expect(!result.stdout.contains(":37:1:"))
        // The stored trace gives the same findings: the facts are read back from recorded_intervals.
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        #expect(try run(["ingest", Self.mixed, "--db", db, "--quiet"]).status == 0)
        let report = try run(["report", "--db", db, "--format", "xcode"])
        #expect(report.stdout == result.stdout)
    }

    @Test func everyColumnOfTheRealExportsIsStored() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        #expect(try run(["ingest", "-", "--db", db, "--quiet"], stdin: try text(Self.hitches) + text(Self.hangs)).status == 0)
        let stored = try run(["query", "--db", db, "--format", "csv", """
            SELECT e.line, e.tid, e.level, i.source_table, i.hang_type, i.thread, i.main_thread, i.is_system, i.display, e.message
            FROM events e JOIN recorded_intervals i ON i.event_id = e.id WHERE e.line IN (3, 8, 17, 18) ORDER BY e.id
            """])
        #expect(stored.stdout == """
            line,tid,level,source_table,hang_type,thread,main_thread,is_system,display,message
            3,,,hitches,,,,0,Display 2,hitch 216.667 ms on Display 2: Potentially expensive app update(s)
            8,,,hitches,,,,0,Display 2,hitch 16.667 ms on Display 2
            17,2568891,Brief Unresponsiveness,potential-hangs,Brief Unresponsiveness,Main Thread (0x2732bb),1,,,Brief Unresponsiveness 234.839 ms on Main Thread (0x2732bb)
            18,2568891,Brief Unresponsiveness,potential-hangs,Brief Unresponsiveness,Main Thread (0x2732bb),1,,,Brief Unresponsiveness 103.537 ms on Main Thread (0x2732bb)

            """)
        let types = try run(["query", "--db", db, "--format", "csv",
                             "SELECT hang_type, count(*), round(min(e.duration_ms), 2), round(max(e.duration_ms), 2) FROM recorded_intervals i JOIN events e ON e.id = i.event_id WHERE source_table = 'potential-hangs' GROUP BY hang_type ORDER BY hang_type"])
        #expect(types.stdout == """
            hang_type,count(*),"round(min(e.duration_ms), 2)","round(max(e.duration_ms), 2)"
            Brief Unresponsiveness,6,103.54,236.65
            Potential Interaction Delay,17,41.05,89.11

            """)
    }

    @Test func nestedLayoutPassesAddUpBySelfTimeAndCachedPassesAreNoWork() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try run(["ingest", "fixtures/instruments/layout-updates.xml", "--db", db])
        #expect(ingest.stderr == "fixtures/instruments/layout-updates.xml: trace 1, 7 lines, 3 events (layout 3), 0 unrecognized\n")
        let totals = try run(["query", "--db", db, "--format", "csv",
                              "SELECT round(sum(e.duration_ms), 3) AS self_ms, round(sum(i.inclusive_ms), 3) AS with_nested_ms FROM events e JOIN recorded_intervals i ON i.event_id = e.id WHERE e.kind = 'layout'"])
        // Three nested passes: 4 ms by their durations, which count a nested pass in each pass
        // around it; 2 ms of work by their self time.
        #expect(totals.stdout == "self_ms,with_nested_ms\n2.0,4.0\n")
        let cached = try run(["query", "--db", db, "--format", "csv", "SELECT value FROM stats WHERE name = 'instruments_cached_layouts'"])
        #expect(cached.stdout == "value\n1\n")
        let views = try run(["query", "--db", db, "--format", "csv", "SELECT view, duration_ms, message FROM events ORDER BY id"])
        #expect(views.stdout == """
            view,duration_ms,message
            VStack,0.5,"VStack layout 500 µs self, 2.000 ms with the passes inside it (Medium)"
            Text,1.0,"Text layout 1.000 ms self, 1.500 ms with the passes inside it (Low)"
            Image,0.5,"Image layout 500 µs self, 500 µs with the passes inside it (Low)"

            """)
    }

    @Test func theSummaryCountsRowsPerTable() throws {
        let recording = try text(Self.hitches) + text(Self.hangs) + text(Self.hangRisks)
        let result = try run(["check", "-"], stdin: recording)
        #expect(result.stdout.hasSuffix("""
            <stdin>: Instruments export, hang-risks: 0 rows, counted, not read; hitches: 11 rows, 2 over 100 ms; potential-hangs: 23 rows, 6 of Brief Unresponsiveness (100–250 ms), 0 Microhangs or Hangs (250 ms or more)
            9 findings (9 warnings) in 1 trace

            """))
        #expect(!result.stdout.contains("recognised"))
    }

    @Test(arguments: [
        (hangRisks, "its one table holds no rows (hang-risks: 0 rows, counted, not read)"),
        (emptyLayouts, "its one table holds no rows (swiftui-layout-updates: 0 rows)"),
        (renders, "its rows are all in tables trace-analyze does not read (hitches-renders: 12 rows, counted, not read)"),
    ])
    func anExportWithNothingToReadSaysWhatItHeldAndExitsAsAnEmptyLog(file: String, held: String) throws {
        let result = try run(["check", file])
        #expect(result.status == 1)
        // One line: what it held, and what to export instead.
        #expect(result.stderr == "trace-analyze: error: no SwiftUI updates, hitches or hangs in \(file): an Instruments export, and \(held); export swiftui-updates, swiftui-layout-updates, swiftui-causes, hitches, potential-hangs from the recording (docs/instruments.md shows the xctrace commands), or pass --allow-empty to accept it\n")
        // Advice about lines and prints is for logs.
        #expect(!result.stderr.contains("user pattern"))
        #expect(!result.stderr.contains("first lines"))
        #expect(try run(["check", file, "--allow-empty"]).status == 0)
    }

    /// Rows in a table it reads, none of which it could read (no duration): the line says so,
    /// rather than that the table is not read.
    @Test func rowsItCannotReadAreNotCalledATableItDoesNotRead() throws {
        let export = #"<?xml version="1.0"?><trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col></schema>"#
            + (1...3).map { "<row><start-time>\($0)</start-time></row>" }.joined() + "</node></trace-query-result>\n"
        let result = try run(["check", "-"], stdin: export)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: no SwiftUI updates, hitches or hangs in <stdin>: an Instruments export, and none of the rows of the tables it reads (hitches: 3 rows) held a start and a duration it could read; export "), "\(result.stderr)")
    }

    @Test func fixFirstCountsAHitchAsAHitchAndItsBodiesAtTheirMeasuredTime() throws {
        let result = try run(["check", "fixtures/instruments/hitches.xml"])
        // The hitch is 42 ms; the 120 ListRow bodies the attribution measures at 31 ms are the
        // 120 evaluations excessive_body_evaluation counts: one figure in both.
        #expect(result.stdout.contains("this hitch: 42 ms at 10.0 s, of which ListRow.body 31 ms ×120"))
        // 42 ms of hitches over the recording is good by Apple's current bands: no hitch_time_ratio first.
        #expect(result.stdout.contains("  1. ListRow: 42.0 ms over 1 hitch (hitch_attribution): trace-analyze rules hitch_attribution\n"))
        #expect(result.stdout.contains("  2. ListRow: 31.0 ms over 120 avoidable body evaluations (excessive_body_evaluation): trace-analyze rules excessive_body_evaluation\n"))
        let json = try run(["check", "fixtures/instruments/hitches.xml", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let findings = try #require(object?["findings"] as? [[String: Any]])
        #expect(findings.first { $0["rule"] as? String == "hitch_attribution" }?["count"] as? Int == 1)
    }

    @Test func aTruncatedExportSaysWhatWasKept() throws {
        let check = try run(["check", "fixtures/instruments/truncated.xml"])
        #expect(check.status == 1)
        #expect(check.stderr == "trace-analyze: error: fixtures/instruments/truncated.xml: malformed XML at byte 8506: the input ends before <row> (opened at byte 8259) is closed (truncated export?); nothing was kept: check reads into a temporary database (pass --db PATH, or use ingest, to keep the 7 events read before it)\n")
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        let ingest = try run(["ingest", "fixtures/instruments/truncated.xml", "--db", db])
        #expect(ingest.stderr == "trace-analyze: error: fixtures/instruments/truncated.xml: malformed XML at byte 8506: the input ends before <row> (opened at byte 8259) is closed (truncated export?); the 7 events read before it are stored in trace 1, marked incomplete\n")
        let stored = try run(["query", "--db", db, "--format", "csv", "SELECT events, complete FROM traces"])
        #expect(stored.stdout == "events,complete\n7,0\n")
    }
}
