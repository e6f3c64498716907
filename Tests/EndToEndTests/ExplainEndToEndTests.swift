import Foundation
import Testing

/// `why` and `views` through the built binary: on a file, on stdin, and on a stored trace.
@Suite struct ExplainEndToEndTests {
    private let toggle = Tool.fixture("seeds/001-playbutton-toggle.log")

    @Test func whyReadsAFileStdinAndAStoredTraceAlike() throws {
        let file = try Tool.run(["why", "PlayButton", toggle])
        #expect(file.status == 0)
        #expect(file.stderr == "")
        #expect(file.stdout.hasPrefix("PlayButton in \(toggle) (trace 1): 3 body evaluations; causes: identity 2, state 1; 3 expected; 3 distinct chains\n"))
        #expect(file.stdout.contains(
            "\n[expected] ContentView._showPlayButton changed (line 5) → ContentView body → PlayButton new identity: shown again after it was removed, state started over (_isPlaying) (the change's run before printed none of it; no disappear or deinit printed to confirm) (line 6)\n"
                + "    5  ContentView: _showPlayButton changed.\n    6  PlayButton: @self, @identity, _isPlaying changed.\n"))

        let log = try String(contentsOfFile: toggle, encoding: .utf8)
        let stdin = try Tool.run(["why", "PlayButton", "-"], stdin: log)
        #expect(stdin.status == 0)
        #expect(stdin.stdout == file.stdout.replacingOccurrences(of: "in \(toggle) (trace 1)", with: "in - (trace 1)"))

        // A trace that was only ingested is analysed on first use; the second trace is the latest.
        let workspace = try Workspace()
        let db = workspace.path("run.sqlite")
        #expect(try Tool.run(["ingest", toggle, "--db", db]).status == 0)
        #expect(try Tool.run(["ingest", Tool.fixture("seeds/001-count-text.log"), "--db", db]).status == 0)
        let stored = try Tool.run(["why", "PlayButton", "--trace", "1", "--db", db])
        #expect(stored.status == 0, "\(stored.stderr)")
        #expect(stored.stdout == file.stdout)
        let latest = try Tool.run(["why", "CountText", "--db", db])
        #expect(latest.stdout.hasPrefix("CountText in \(Tool.fixture("seeds/001-count-text.log")) (trace 2): 3 body evaluations; causes: parent 2, identity 1"))
        let views = try Tool.run(["views", "--trace", "1", "--db", db, "--format", "csv"])
        #expect(views.status == 0, "\(views.stderr)")
        #expect(views.stdout == """
            view,instance,inits,bodies,avoidable,state,observed_object,environment,dependency,parent,identity,unknown,appears,disappears,deinits,max_init_ms,findings
            ContentView,,0,3,0,2,0,0,0,0,1,0,0,0,0,,0
            PlayButton,,0,3,0,1,0,0,0,0,2,0,0,0,0,,1

            """)
        let rows = try Tool.run(["query", "--db", db, "--format", "csv",
                                 "SELECT trace_id, count(*) FROM updates GROUP BY trace_id ORDER BY trace_id"])
        #expect(rows.stdout == "trace_id,count(*)\n1,4\n2,3\n")
    }

    /// A footer re-run `unchanged` on every cart update: `views` counts the avoidable evaluations
    /// beside the totals, `why` marks each chain's verdict and climbs to the parent's change.
    @Test func avoidableEvaluationsInViewsAndWhy() throws {
        let log = Tool.fixture("rules/unchanged-child.log")
        let views = try Tool.run(["views", log, "--format", "csv"])
        #expect(views.status == 0, "\(views.stderr)")
        #expect(views.stdout == """
            view,instance,inits,bodies,avoidable,state,observed_object,environment,dependency,parent,identity,unknown,appears,disappears,deinits,max_init_ms,findings
            CheckoutFooter,,0,7,5,0,1,0,0,0,1,5,0,0,0,,1
            CartScreen,,0,6,0,5,0,0,0,0,1,0,1,0,0,,0
            CartRow,,0,5,0,0,0,0,0,3,2,0,0,0,0,,0

            """)
        let why = try Tool.run(["why", "CheckoutFooter", log])
        #expect(why.status == 0, "\(why.stderr)")
        #expect(why.stdout.hasPrefix("CheckoutFooter in \(log) (trace 1): 7 body evaluations; causes: unknown 5, identity 1, "
            + "observed object 1; 5 avoidable, 2 expected; 4 distinct chains\n"))
        #expect(why.stdout.contains("\n3× [avoidable] CartScreen._items changed (line 6) → CartScreen body → CheckoutFooter body "
            + "though nothing it reads changed (unchanged) (line 8)\n"))
        #expect(why.stdout.contains("\n[expected] CheckoutFooter._store changed (line 14) → CheckoutFooter body\n"))
        let json = try Tool.run(["why", "CheckoutFooter", log, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["verdicts"] as? [String: Int] == ["expected": 2, "avoidable": 5, "unknown": 0])
        let first = try #require((document["chains"] as? [[String: Any]])?.first)
        #expect(first["verdicts"] as? [String: Int] == ["avoidable": 3])
        #expect((first["links"] as? [[String: Any]])?.last?["verdict"] as? String == "avoidable")

        // A loop the rule flags makes its evaluations avoidable, though each names a change.
        let loop = try Tool.run(["views", Tool.fixture("rules/body-loop.log"), "--format", "csv"])
        #expect(loop.stdout.split(separator: "\n").dropFirst().first == "TemperatureView,,0,17,16,16,0,0,0,0,1,0,1,0,0,,1")
        // A healthy launch: nothing avoidable, no finding.
        let healthy = try Tool.run(["views", Tool.fixture("rules/healthy-first-launch.log"), "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(healthy.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 12)
        #expect(rows.allSatisfy { $0["avoidable"] as? Int == 0 && $0["findings"] as? Int == 0 })
    }

    @Test func whyLineAndJSON() throws {
        let result = try Tool.run(["why", "--line", "3", Tool.fixture("seeds/004-navigation-eager.log"), "--format", "json"])
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["view"] as? String == "FirstView")
        #expect(json["line"] as? Int == 3)
        let chain = try #require((json["chains"] as? [[String: Any]])?.first)
        #expect(chain["chain"] as? String == "MyRootView appeared (line 1) → FirstView init (line 3)")
        let links = try #require(chain["links"] as? [[String: Any]])
        #expect(links.map { $0["line"] as? Int } == [1, 3])
        #expect(links.last?["cause"] as? String == "parent")
        #expect(links.last?["basis"] as? String == "appear")
        #expect(links.first?["text"] as? String == "🚩 MyRootView appear")
    }

    @Test func viewsInEveryFormat() throws {
        let log = Tool.fixture("seeds/001-count-text.log")
        let csv = try Tool.run(["views", log, "--format", "csv"])
        #expect(csv.status == 0)
        #expect(csv.stdout == """
            view,instance,inits,bodies,avoidable,state,observed_object,environment,dependency,parent,identity,unknown,appears,disappears,deinits,max_init_ms,findings
            ContentView,,0,3,0,2,0,0,0,0,1,0,0,0,0,,0
            CountText,,0,3,0,0,0,0,0,2,1,0,0,0,0,,0
            PlayButton,,0,3,0,0,0,0,0,2,1,0,0,0,0,,0

            """)
        let json = try Tool.run(["views", "-", "--format", "json"], stdin: try String(contentsOfFile: log, encoding: .utf8))
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["view"] as? String } == ["ContentView", "CountText", "PlayButton"])
        #expect(rows.first?["state"] as? Int == 2)
        let markdown = try Tool.run(["views", log, "--format", "markdown"])
        #expect(markdown.stdout.hasPrefix("| view | instance | inits | bodies | avoidable | state |"))
        #expect(markdown.stdout.contains("\n| ContentView |  | 0 | 3 | 0 | 2 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 0 | 0 |  | 0 |\n"))

        // Instances named by the log get rows of their own; max_init_ms from structured lines.
        let workspace = try Workspace()
        let structured = try workspace.write("s.log", """
            trace-analyze: kind=init view=Card id=#1 ms=12.5
            trace-analyze: kind=init view=Card id=#2 ms=3
            Card: @self, @identity changed.

            """)
        let table = try Tool.run(["views", structured, "--format", "csv"])
        #expect(table.status == 0, "\(table.stderr)")
        // The type's findings (Card's inits outnumber its bodies) are on each of its rows.
        #expect(table.stdout.hasSuffix("""
            Card,,0,1,0,0,0,0,0,0,1,0,0,0,0,,1
            Card,#1,1,0,0,0,0,0,0,0,0,0,0,0,0,12.5,1
            Card,#2,1,0,0,0,0,0,0,0,0,0,0,0,0,3.0,1

            """), "\(table.stdout)")
    }

    @Test func errorsSayWhatAndWhere() throws {
        let cases: [([String], String)] = [
            (["why"], "trace-analyze: error: name a VIEW (or give --line N), e.g. trace-analyze why PlayButton app.log (see 'trace-analyze why --help')\n"),
            (["why", "play", toggle], "trace-analyze: error: play has no body evaluations in trace 1; did you mean PlayButton?\n"),
            (["why", "--line", "99", toggle], "trace-analyze: error: trace 1 has no line 99\n"),
            (["why", "--line", "0", toggle], "trace-analyze: error: --line needs a line number (a positive integer), not '0' (see 'trace-analyze why --help')\n"),
            (["why", "PlayButton", toggle, "--trace", "1"], "trace-analyze: error: give a log FILE or --trace ID, not both (see 'trace-analyze why --help')\n"),
            (["why", "PlayButton", toggle, "--format", "xml"], "trace-analyze: error: unknown format 'xml'; valid: text, json (see 'trace-analyze why --help')\n"),
            (["views", toggle, "--format", "ndjson"], "trace-analyze: error: unknown format 'ndjson' (did you mean 'json'?); valid: table, csv, json, markdown (see 'trace-analyze views --help')\n"),
            (["views", "missing.log"], "trace-analyze: error: missing.log: no such file\n"),
            // The view forgotten: the file is recognised, and its views offered.
            (["why", toggle], "trace-analyze: error: '\(toggle)' is a log file, not a view: usage: trace-analyze why VIEW [FILE]; views in it: ContentView, PlayButton (e.g. trace-analyze why ContentView \(toggle)) (see 'trace-analyze why --help')\n"),
        ]
        for (arguments, stderr) in cases {
            let result = try Tool.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == stderr)
        }
    }

    @Test func whyAndViewsHaveHelp() throws {
        let tool = try Tool.run(["--help"])
        for command in ["why", "views"] {
            #expect(tool.stdout.contains("\n  \(command) "), "--help does not list \(command)")
            let help = try Tool.run([command, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.contains("USAGE: trace-analyze \(command)"))
        }
    }
}
