import Foundation
import Testing

/// Instruments recordings (`xctrace export` XML) through the built binary: told from logs by
/// their content in every command, judged by the same rules, explained by `why`.
@Suite struct InstrumentsEndToEndTests {
    static let log = "fixtures/instruments/unstable-value.log"
    static let xcode27 = "fixtures/instruments/xcode27-updates.xml"
    static let instruments26 = "fixtures/instruments/instruments26-updates.xml"

    private func run(_ arguments: [String]) throws -> Tool.Result {
        try Tool.run(arguments, in: Tool.packageRoot)
    }

    /// rule, view, severity, message and count of every finding: what a log and a recording of
    /// one scenario share (their evidence lines are lines of different files).
    private func findings(_ input: String) throws -> [[String: String]] {
        let result = try run(["check", input, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let findings = try #require(object?["findings"] as? [[String: Any]])
        return findings.map { finding in
            ["rule", "view", "severity", "message", "count"].reduce(into: [:]) { $0[$1] = "\(finding[$1] ?? "")" }
        }
    }

    /// Rules that need durations, which a log of `_printChanges()` lines does not carry.
    static let durationRules: Set<String> = ["long_body_update", "hitch_attribution", "long_hitch", "main_thread_hang", "hitch_time_ratio"]

    @Test func aLogAndARecordingOfOneScenarioGiveTheSameFindings() throws {
        let fromLog = try findings(Self.log)
        #expect(fromLog.map { $0["rule"] } == ["unstable_view_value"])
        for recording in [Self.xcode27, Self.instruments26] {
            let recorded = try findings(recording)
            #expect(recorded.filter { !Self.durationRules.contains($0["rule"] ?? "") } == fromLog)
            // What only the recording can tell: ContentView's first body took 0.9 ms.
            #expect(recorded.filter { Self.durationRules.contains($0["rule"] ?? "") }.map { $0["rule"]! + " " + $0["view"]! } == ["long_body_update ContentView"])
        }
    }

    @Test func aRecordingTriggersLongBodyUpdateUnchanged() throws {
        let result = try run(["check", "fixtures/instruments/hitches.xml", "--format", "xcode", "--fail-on", "error"])
        #expect(result.status == 2)
        #expect(result.stdout.hasPrefix(
            "fixtures/instruments/hitches.xml:4:1: error: HeaderView's body took 2 ms at most (measured): 2 of 2 measured evaluations above 0.5 ms, 2 above 1 ms, 3.5 ms in all. (long_body_update)\n"
        ))
    }

    @Test func checkCitesTheRowsOfTheRecording() throws {
        let result = try run(["check", Self.xcode27, "--format", "xcode"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\(Self.xcode27):7:1: warning: PlayButton's body re-ran by @self alone in 4 updates of ContentView"))
    }

    @Test func hitchesAreLaidAtTheUpdatesUnderThem() throws {
        let result = try run(["check", "fixtures/instruments/hitches.xml", "--format", "xcode"])
        #expect(result.status == 2, "long_body_update finds HeaderView's 2 ms bodies: an error")
        #expect(result.stdout.contains(
            "fixtures/instruments/hitches.xml:5:1: warning: this hitch: 42 ms at 10.0 s, of which ListRow.body 31 ms ×120, HeaderView.body 2.0 ms ×1: 121 updates filled 79% of it. (hitch_attribution)"
        ))
        #expect(!result.stdout.contains("this hitch: 17 ms"))
    }

    @Test func ingestStoresDurationsAndCountsTheUnfinishedUpdate() throws {
        let directory = try Workspace()
        let db = directory.path("traces.sqlite")
        let ingest = try run(["ingest", Self.xcode27, "--db", db])
        #expect(ingest.status == 0)
        #expect(ingest.stderr == "\(Self.xcode27): trace 1, 19 lines, 14 events (body 13, layout 1), 0 unrecognized\n")
        let stats = try run(["query", "--db", db, "--format", "csv", "SELECT name, value FROM stats WHERE name LIKE 'instruments_%' OR name = 'envelope_instruments' ORDER BY name"])
        #expect(stats.stdout == """
            name,value
            envelope_instruments,16
            instruments_cached_layouts,0
            instruments_cause_edges,0
            instruments_hangs,0
            instruments_hitches_over_100ms,0
            instruments_microhangs,0
            instruments_other_tables,0
            instruments_other_updates,1
            instruments_rows,16
            instruments_rows:swiftui-updates,16
            instruments_system_hitches,0
            instruments_tables,1
            instruments_unfinished_updates,1
            instruments_unresolved_refs,0

            """)
        let durations = try run(["query", "--db", db, "--format", "csv",
                                 "SELECT view, kind, round(sum(duration_ms), 3), count(*), min(envelope), min(origin) FROM events GROUP BY view, kind ORDER BY view"])
        #expect(durations.stdout == """
            view,kind,"round(sum(duration_ms), 3)",count(*),min(envelope),min(origin)
            ContentView,body,2.5,5,instruments,instruments
            CountText,body,0.6,3,instruments,instruments
            NavigationSplitView,layout,0.52,1,instruments,instruments
            PlayButton,body,1.5,5,instruments,instruments

            """)
    }

    @Test func whyShowsTheRecordedChain() throws {
        let directory = try Workspace()
        let db = directory.path("traces.sqlite")
        #expect(try run(["ingest", Self.xcode27, "--db", db, "--quiet"]).status == 0)
        let why = try run(["why", "PlayButton", "--db", db])
        #expect(why.status == 0, "\(why.stderr)")
        #expect(why.stdout.hasPrefix("PlayButton in \(Self.xcode27) (trace 1): 5 body evaluations; causes: parent 4, identity 1; 4 avoidable, 1 expected; measured: 1.5 ms in 5 evaluations, up to 0.3 ms; 4 distinct chains\n"))
        #expect(why.stdout.contains("""
            2× [avoidable] ContentView._count changed (line 7) → ContentView body → PlayButton new value from its parent (@self) (line 8) [0.6 ms in all, up to 0.3 ms]
                7  ContentView body 400 µs (Very Low) ← @State: count
                8  PlayButton body 300 µs (Very Low) ← Parent
            """))
    }

    @Test func aMalformedExportFailsAtItsByteAndKeepsTheRowsBefore() throws {
        let directory = try Workspace()
        let db = directory.path("traces.sqlite")
        let result = try run(["ingest", "fixtures/instruments/malformed.xml", "--db", db])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: fixtures/instruments/malformed.xml: malformed XML at byte 8314: closing tag </start-tim> does not match <start-time> opened at byte 8264; the 7 events read before it are stored in trace 1, marked incomplete\n")
        let stored = try run(["query", "--db", db, "--format", "csv", "SELECT events, complete FROM traces"])
        #expect(stored.stdout == "events,complete\n7,0\n")
        let truncated = try run(["check", "fixtures/instruments/truncated.xml"])
        #expect(truncated.status == 1)
        #expect(truncated.stderr.contains("truncated.xml: malformed XML at byte 8506: the input ends before <row> (opened at byte 8259) is closed (truncated export?)"))
    }

    /// A DTD of its own is where XML declares entities (and where an expansion attack lives):
    /// no xctrace export has one, so it is refused by name, in one line, before anything is
    /// expanded; a bare `<!DOCTYPE x>` declares nothing and is read past. A failure before the
    /// first event says so rather than offering to keep "0 events".
    @Test func aDocumentTypeWithDeclarationsIsRefusedByName() throws {
        let workspace = try Workspace()
        let entities = try workspace.write("lol.xml", """
            <?xml version="1.0"?>
            <!doctype lol [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]>
            <trace-query-result>&b;</trace-query-result>

            """)
        let refusal = "malformed XML at byte 22: a document type declaration with its own declarations (<!DOCTYPE … [ … ]>), which no xctrace export has; it is refused and no entity in it is expanded"
        let checked = try run(["check", entities])
        #expect(checked.status == 1)
        #expect(checked.stderr == "trace-analyze: error: \(entities): \(refusal); no event was read before it\n")
        let ingested = try run(["ingest", entities, "--db", workspace.path("t.sqlite")])
        #expect(ingested.status == 1)
        #expect(ingested.stderr == "trace-analyze: error: \(entities): \(refusal); no event was read before it (trace 1 is stored empty, marked incomplete)\n")
        let bare = try workspace.write("bare.xml", try String(contentsOfFile: Tool.fixture("instruments/xcode27-real-hitches.xml"), encoding: .utf8)
            .replacingOccurrences(of: "<trace-query-result>", with: "<!DOCTYPE trace-query-result><trace-query-result>"))
        let read = try run(["check", bare, "--format", "json"])
        #expect(read.stdout.contains("\"rule\": \"hitch_time_ratio\""), "\(read.stderr)")
        #expect(read.stdout == (try run(["check", "fixtures/instruments/xcode27-real-hitches.xml", "--format", "json"]).stdout
            .replacingOccurrences(of: "fixtures/instruments/xcode27-real-hitches.xml", with: bare)))
    }

    @Test func aRunWithoutSwiftUITablesIsAnEmptyTraceInCheck() throws {
        let result = try run(["check", "fixtures/instruments/other-tables.xml"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("other-tables.xml"))
    }

    @Test func diffAndTimelineTakeRecordingsToo() throws {
        // The recording adds what only durations show; everything else is unchanged.
        let diff = try run(["diff", Self.log, Self.instruments26])
        #expect(diff.status == 2, "\(diff.stderr)")
        #expect(diff.stdout.contains("+  ContentView  findings: long_body_update     0     1  +1      regressed\n"))
        #expect(diff.stdout.hasSuffix("1 changed, 1 regressed beyond a 0% tolerance, 7 unchanged\n"))
        let directory = try Workspace()
        let page = directory.path("timeline.html")
        let timeline = try run(["timeline", Self.xcode27, "--output", page])
        #expect(timeline.status == 0, "\(timeline.stderr)")
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("PlayButton"))
    }

    @Test func aRecordingPipedInIsReadAsOne() throws {
        let text = try String(contentsOfFile: Tool.fixture("instruments/hitches.xml"), encoding: .utf8)
        let result = try Tool.run(["check", "-", "--format", "xcode"], stdin: text, in: Tool.packageRoot)
        #expect(result.status == 2)
        #expect(result.stdout.contains("<stdin>:5:1: warning: this hitch: 42 ms"))
    }

    @Test func tablesExportedApartAndConcatenatedAreOneTrace() throws {
        let updates = try String(contentsOfFile: Tool.fixture("instruments/xcode27-updates.xml"), encoding: .utf8)
        let hitches = try String(contentsOfFile: Tool.fixture("instruments/hitches.xml"), encoding: .utf8)
        let workspace = try Workspace()
        let result = try Tool.run(["ingest", "-", "--db", workspace.path("t.sqlite")], stdin: updates + hitches, in: Tool.packageRoot)
        #expect(result.status == 0)
        #expect(result.stderr == "<stdin>: trace 1, 149 lines, 138 events (body 135, layout 1, hitch 2), 0 unrecognized\n")
    }

    #if !os(macOS)
    @Test func aRecordingBundleNeedsXctraceAndSaysHowToExport() throws {
        let workspace = try Workspace()
        let bundle = workspace.path("run.trace")
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        let result = try run(["check", bundle])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: \(bundle): an Instruments recording; reading it needs `xcrun xctrace` (Xcode on macOS), which this machine lacks."))
        #expect(result.stderr.contains("xcrun xctrace export --input \(bundle) --xpath '/trace-toc/run[@number=\"1\"]/data/table[@schema=\"swiftui-updates\"]' >> \(bundle).xml"))
    }
    #endif

    @Test func viewsRanksARecordingByBodyTime() throws {
        let workspace = try Workspace()
        let row = { (start: Int, duration: Int, view: String) in
            "<row><start-time>\(start)</start-time><duration>\(duration)</duration><swiftui-update>View Body</swiftui-update><string>\(view)</string></row>"
        }
        let export = try workspace.write("run.xml", """
            <?xml version="1.0"?>
            <trace-query-result><node><schema name="swiftui-updates"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>update-type</mnemonic></col><col><mnemonic>view-name</mnemonic></col></schema>
            \(row(1_000_000_000, 100_000, "Badge"))
            \(row(2_000_000_000, 100_000, "Badge"))
            \(row(3_000_000_000, 5_000_000, "Chart"))
            \(row(4_000_000_000, 100_000, "Badge"))
            </node></trace-query-result>
            """)
        let result = try run(["views", export, "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            view,instance,inits,bodies,avoidable,state,observed_object,environment,dependency,parent,identity,unknown,appears,disappears,deinits,max_init_ms,body_ms,max_body_ms,findings
            Chart,,0,1,0,0,0,0,0,0,0,1,0,0,0,,5.0,5.0,1
            Badge,,0,3,0,0,0,0,0,0,0,3,0,0,0,,0.3,0.1,0

            """)
        let log = try run(["views", Self.log, "--format", "csv"])
        #expect(log.stdout.hasPrefix("view,instance,inits,bodies,avoidable,state,observed_object,environment,dependency,parent,identity,unknown,appears,disappears,deinits,max_init_ms,findings\n"))
    }

    @Test func recordedCauseEdgesNameTheParentTheOrderWouldNot() throws {
        let workspace = try Workspace()
        let db = workspace.path("traces.sqlite")
        #expect(try run(["ingest", "fixtures/instruments/recorded-causes.xml", "--db", db, "--quiet"]).status == 0)
        let why = try run(["why", "PlayButton", "--db", db])
        #expect(why.status == 0, "\(why.stderr)")
        // Sidebar changed on its own just before PlayButton's body; the recording says ContentView made it.
        #expect(why.stdout.contains("""
            ContentView._count changed (line 7) → ContentView body → PlayButton new value from its parent (@self) (line 9) [0.2 ms]
                7  ContentView body 400 µs (Very Low) ← @State: count
                9  PlayButton body 200 µs (Very Low) ← Parent
            """))
        #expect(!why.stdout.contains("Sidebar"))
        let causes = try run(["query", "--db", db, "--format", "csv",
                              "SELECT e.view, c.cause, c.property, p.view AS parent, c.basis FROM causes AS c JOIN events AS e ON e.id = c.event_id LEFT JOIN events AS p ON p.id = c.parent_event_id WHERE c.basis = 'recorded' ORDER BY e.id"])
        #expect(causes.stdout == """
            view,cause,property,parent,basis
            ContentView,state,_count,,recorded
            Sidebar,state,_selection,,recorded
            PlayButton,parent,,ContentView,recorded

            """)
    }

    @Test func withoutTheEdgesTheOrderNamesTheNearestChangedView() throws {
        let workspace = try Workspace()
        let text = try String(contentsOfFile: Tool.fixture("instruments/recorded-causes.xml"), encoding: .utf8)
        // The export up to its causes table: the updates alone.
        let updatesOnly = text.components(separatedBy: "\n").prefix { !$0.contains("swiftui-causes") }.joined(separator: "\n")
        let export = try workspace.write("updates.xml", updatesOnly + "</trace-query-result>\n")
        let db = workspace.path("traces.sqlite")
        #expect(try run(["ingest", export, "--db", db, "--quiet"]).status == 0)
        let why = try run(["why", "PlayButton", "--db", db])
        #expect(why.stdout.contains("Sidebar._selection changed (line 8) → Sidebar body → PlayButton new value from its parent (@self) (line 9)"))
    }

    @Test func watchReadsARecordingToo() throws {
        let result = try run(["watch", "fixtures/instruments/hitches.xml", "--no-follow", "--fail-on", "never"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("this hitch: 42 ms at 10.0 s, of which ListRow.body 31 ms ×120"))
        #expect(result.stdout.contains("HeaderView's body took 2 ms at most (measured)"))
    }
}
