import Foundation
import XCTest

/// `timeline` as a user runs it, and the page as Chromium draws it.
final class TimelineEndToEndTests: XCTestCase {
    private let seed = Tool.fixture("seeds/001-playbutton-toggle-twice.log")

    /// A number from the store, through `query`: the page's counts are checked against it.
    private func count(_ sql: String, db: String) throws -> Int {
        let result = try Tool.run(["query", "--db", db, "--format", "csv", sql])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(Int(result.stdout.split(separator: "\n").last.map(String.init) ?? ""), result.stdout)
    }

    func testSeedPageDrawsEveryLaneMarkAndTheChurnFindingInChromium() throws {
        let workspace = try Workspace()
        let page = workspace.path("t.html")
        let written = try Tool.run(["timeline", seed, "--output", page])
        XCTAssertEqual(written.status, 0, written.stderr)
        let db = workspace.path("seed.sqlite")
        XCTAssertEqual(try Tool.run(["ingest", seed, "--db", db]).status, 0)
        let marks = try count("SELECT count(*) FROM events WHERE view IS NOT NULL AND kind <> 'text'", db: db)
        let lanes = try count("""
            SELECT count(*) FROM (SELECT DISTINCT view, NULL FROM events WHERE view IS NOT NULL AND kind <> 'text'
            UNION SELECT DISTINCT view, instance FROM events WHERE instance IS NOT NULL AND kind <> 'text')
            """, db: db)
        let playButtonIdentities = try count(
            "SELECT count(*) FROM changes JOIN events ON events.id = event_id WHERE view = 'PlayButton' AND token = '@identity'", db: db
        )

        let dom = try Chromium.dumpDOM(page)
        let drawn = try Chromium.dataAttributes(of: "drawn", in: dom)
        XCTAssertEqual(drawn["errors"], "0", "the page's script failed: \(dom.components(separatedBy: "id=\"errors\"").last?.prefix(600) ?? "")")
        XCTAssertEqual(drawn["ready"], "true")
        XCTAssertEqual(drawn["lanes"], String(lanes))
        XCTAssertEqual(drawn["rows-drawn"], String(lanes))
        XCTAssertEqual(drawn["marks"], String(marks))
        XCTAssertEqual(drawn["marks-in-view"], String(marks))
        XCTAssertEqual(drawn["ticks"], String(marks), "ten marks on a 1280-pixel page are far enough apart to draw each")
        // PlayButton is shown again after the toggle removed it, not replaced while shown: its
        // later identities begin lifetimes of their own, and no reset is drawn.
        XCTAssertEqual(playButtonIdentities, 3)
        XCTAssertEqual(drawn["identity-resets-drawn"], "0")
        XCTAssertEqual(drawn["findings-drawn"], "1")
        XCTAssertTrue(dom.contains("data-rule=\"identity_churn\" data-view=\"PlayButton\" data-severity=\"warning\""), dom)
        XCTAssertTrue(dom.contains("PlayButton was removed and shown again"), "the finding's message is shown")
        // The header counts the severities present, and only those.
        XCTAssertTrue(dom.contains("<span class=\"sev-warning\">warnings <b>1</b></span>"), dom)
        XCTAssertFalse(dom.contains("<span class=\"sev-info\">") || dom.contains("<span class=\"sev-error\">"), "no severity counted 0")
    }

    /// A measured step (TraceProbe's `ms=`) is drawn as a bar ending at its mark, one per
    /// measured event; a log without durations draws none.
    func testMeasuredStepsAreDrawnAsDurations() throws {
        let workspace = try Workspace()
        let probeLog = Tool.fixture("probe/slow-feed.log")
        let db = workspace.path("probe.sqlite")
        XCTAssertEqual(try Tool.run(["ingest", probeLog, "--db", db]).status, 0)
        let measured = try count("SELECT count(*) FROM events WHERE duration_ms IS NOT NULL", db: db)
        XCTAssertEqual(measured, 6)
        for (log, expected) in [(probeLog, measured), (seed, 0)] {
            let page = workspace.path("durations.html")
            let written = try Tool.run(["timeline", log, "--output", page])
            XCTAssertEqual(written.status, 0, written.stderr)
            let drawn = try Chromium.dataAttributes(of: "drawn", in: try Chromium.dumpDOM(page))
            XCTAssertEqual(drawn["errors"], "0")
            XCTAssertEqual(drawn["durations-drawn"], String(expected), log)
        }
        // The Chrome trace makes each measured body a slice as long as it took (1.8 ms = 1800 µs).
        let trace = try Tool.run(["export", probeLog, "--format", "chrome-trace"])
        XCTAssertEqual(trace.status, 0, trace.stderr)
        XCTAssertEqual(trace.stdout.components(separatedBy: "\"dur\":1800").count - 1, 4)
    }

    func testInstancesGetSubLanesAndAManyInstanceTypeStartsCollapsed() throws {
        let workspace = try Workspace()
        // Ten loaders (more than the page opens by itself) and two cells, one released.
        let loaders = (0..<10).map { "ImageLoader init 0x0000600000c435d\($0)" }
        let log = try workspace.write("instances.log", (loaders + ["Cell init #1", "Cell init #2", "Cell deinit #1"]).joined(separator: "\n") + "\n")
        let page = workspace.path("t.html")
        XCTAssertEqual(try Tool.run(["timeline", log, "--output", page]).status, 0)
        let drawn = try Chromium.dataAttributes(of: "drawn", in: Chromium.dumpDOM(page))
        XCTAssertEqual(drawn["errors"], "0")
        XCTAssertEqual(drawn["lanes"], "14", "two types and twelve instances")
        XCTAssertEqual(drawn["rows"], "4", "ImageLoader collapsed; Cell and its two instances open")
        XCTAssertEqual(drawn["marks-in-view"], "13", "a collapsed type shows its instances' marks")
        XCTAssertEqual(drawn["lifetimes-drawn"], "2", "the open instances' lifetimes: Cell #1 (to its deinit) and #2")
    }

    func testSelectingAMarkShowsItsLineAndTokens() throws {
        let workspace = try Workspace()
        let page = workspace.path("t.html")
        XCTAssertEqual(try Tool.run(["timeline", seed, "--output", page]).status, 0)
        let dom = try Chromium.dumpDOM(page, fragment: "line=6")
        let detail = try XCTUnwrap(dom.components(separatedBy: "<div id=\"detail\"").dropFirst().first?.components(separatedBy: "</div>").first)
        XCTAssertTrue(detail.contains("data-mark=\"5\""), detail)
        for shown in ["<dd>body</dd>", "<dd>PlayButton</dd>", "<dd>6</dd>", "<dd>@self, @identity, _isPlaying</dd>",
                      "<pre>PlayButton: @self, @identity, _isPlaying changed.</pre>"] {
            XCTAssertTrue(detail.contains(shown), "\(shown) missing from \(detail)")
        }
    }

    func testFilterKeepsTheLanesWhoseViewMatches() throws {
        let workspace = try Workspace()
        let page = workspace.path("t.html")
        XCTAssertEqual(try Tool.run(["timeline", seed, "--output", page]).status, 0)
        let drawn = try Chromium.dataAttributes(of: "drawn", in: Chromium.dumpDOM(page, fragment: "filter=playb"))
        XCTAssertEqual(drawn["errors"], "0")
        XCTAssertEqual(drawn["lanes"], "2")
        XCTAssertEqual(drawn["rows"], "1", "only PlayButton matches, whatever the case")
        XCTAssertEqual(drawn["marks-in-view"], "5", "PlayButton's five lines")
        XCTAssertEqual(drawn["findings-drawn"], "1")
    }

    func testBrokenPageIsCaughtByTheBrowserTest() throws {
        // The page refuses data of another version, as it would a mismatched template: the
        // error must reach the DOM, or the browser tests could not fail when the page breaks.
        let workspace = try Workspace()
        let page = workspace.path("t.html")
        XCTAssertEqual(try Tool.run(["timeline", seed, "--output", page]).status, 0)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        try html.replacingOccurrences(of: "{\"version\":1,", with: "{\"version\":99,")
            .write(toFile: page, atomically: true, encoding: .utf8)
        // The page says so on its console too, which every other page test treats as a failure.
        let drawn = try Chromium.dataAttributes(of: "drawn", in: Chromium.dumpDOM(page, allowingConsole: true))
        XCTAssertEqual(drawn["errors"], "1")
        XCTAssertNil(drawn["marks"])
        XCTAssertThrowsError(try Chromium.dumpDOM(page), "a page whose script throws fails the console check")
    }

    func testStoredTraceDrawsTheSameAsTheLog() throws {
        let workspace = try Workspace()
        let db = workspace.path("run.sqlite")
        XCTAssertEqual(try Tool.run(["ingest", seed, "--db", db]).status, 0)
        let stored = try Tool.run(["timeline", "--trace", "1", "--db", db, "--output", workspace.path("stored.html")])
        XCTAssertEqual(stored.status, 0, stored.stderr)
        let parsed = try Tool.run(["timeline", seed, "--output", workspace.path("parsed.html")])
        XCTAssertEqual(stored.stderr.replacingOccurrences(of: "stored.html", with: "x"),
                       parsed.stderr.replacingOccurrences(of: "parsed.html", with: "x"))
        XCTAssertEqual(try String(contentsOfFile: workspace.path("stored.html"), encoding: .utf8),
                       try String(contentsOfFile: workspace.path("parsed.html"), encoding: .utf8))
    }

    func testPageIsOneOfflineFileWithItsDataInOneJSONElement() throws {
        let result = try Tool.run(["timeline", seed, "--output", "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let page = result.stdout
        XCTAssertEqual(page.components(separatedBy: "<script type=\"application/json\"").count, 2)
        for reference in ["http://", "https://", "src=", "<link"] {
            XCTAssertFalse(page.contains(reference), "the page must not load anything: found \(reference)")
        }
    }

    func testALogWithoutViewsSaysSo() throws {
        let workspace = try Workspace()
        let log = try workspace.write("noise.log", "Network request finished with status 200\nhello\n")
        let result = try Tool.run(["timeline", log, "--output", workspace.path("t.html")])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("no event of \(log) named a view (2 lines read); the page has no lanes"), result.stderr)
    }

    func testSeedPageShowsItsFindingLifetimesAxisAndLogWhereAPersonLooks() throws {
        // What a first look at the seed's page found wrong: the finding's label ran over the
        // lane's marks, the last axis label was cut off, PlayButton's three lifetimes read as
        // one bar, and the page below the lanes was empty.
        let workspace = try Workspace()
        let page = workspace.path("t.html")
        XCTAssertEqual(try Tool.run(["timeline", seed, "--output", page]).status, 0)
        let dom = try Chromium.dumpDOM(page)
        let drawn = try Chromium.dataAttributes(of: "drawn", in: dom)
        XCTAssertEqual(drawn["errors"], "0")
        XCTAssertEqual(drawn["finding-labels"], "1", "the finding is named in PlayButton's gutter, not across its marks")
        let width = try XCTUnwrap(Int(drawn["width"] ?? ""))
        let labelRight = try XCTUnwrap(Int(drawn["axis-label-right"] ?? ""))
        XCTAssertLessThanOrEqual(labelRight, width, "the last axis label ends inside the canvas")
        XCTAssertEqual(drawn["axis-labels"], "10", "line 1 to line 10, each whole")
        XCTAssertEqual(drawn["lifetime-bars"], "4", "ContentView's lifetime and PlayButton's three, each a bar of its own")
        XCTAssertEqual(drawn["identity-resets-drawn"], "0", "shown again, not reset")
        let height = try XCTUnwrap(Double(drawn["canvas-height"] ?? ""))
        XCTAssertLessThanOrEqual(height, 26 + 2 * 34 + 10, "the canvas is as tall as its two lanes, not the window")
        XCTAssertEqual(drawn["events-listed"], "10", "below the lanes, the log lines behind the marks")
        XCTAssertTrue(dom.contains("<td>PlayButton: @self, @identity, _isPlaying changed.</td>"), "the log's line is listed")
    }

    /// A trace of three lines spans less than one tick per line could fill: the axis labels
    /// each line once, never a line between two (a step of half a line labelled "line 2" twice).
    func testAShortTracesAxisLabelsEachLineOnce() throws {
        let workspace = try Workspace()
        let log = try workspace.write("short.log", "ContentView: @self changed.\nRowView init\nRowView: @self changed.\n")
        let page = workspace.path("t.html")
        XCTAssertEqual(try Tool.run(["timeline", log, "--output", page]).status, 0)
        let drawn = try Chromium.dataAttributes(of: "drawn", in: try Chromium.dumpDOM(page))
        XCTAssertEqual(drawn["errors"], "0")
        XCTAssertEqual(drawn["axis-label-texts"], "line 1|line 2|line 3")
    }

    /// A body print beside the `_printChanges` line of the same evaluation is one evaluation (the
    /// second print has multiplicity 0, and the rules never see it). The pass that gives marks
    /// their messages read it all the same, so the exact page and the Chrome trace of such a log
    /// failed with "trace 1 changed while it was read: more messages than events".
    func testABodyPrintBesideItsPrintChangesLineIsOneMarkWithItsMessage() throws {
        let workspace = try Workspace()
        let log = Tool.fixture("realworld/065-qiita-roledetailview-body-evaluated-loop.log")
        let page = workspace.path("t.html")
        let written = try Tool.run(["timeline", log, "--output", page])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(written.stderr.contains("1 lane, 2 marks"), written.stderr)
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // Each evaluation's mark is its `_printChanges` line, which says why the body ran.
        XCTAssertTrue(html.contains(#""texts":["RoleDetailView: `@self` changed."]"#), "the marks keep their line's message")
        let exported = try Tool.run(["export", log, "--format", "chrome-trace"])
        XCTAssertEqual(exported.status, 0, exported.stderr)
        XCTAssertTrue(exported.stdout.contains("RoleDetailView"), exported.stdout)
    }

    func testSummaryPageBinsTheTraceAndNamesTheCommandForExactMarks() throws {
        let workspace = try Workspace()
        let db = workspace.path("run.sqlite")
        XCTAssertEqual(try Tool.run(["ingest", seed, "--db", db]).status, 0)
        let page = workspace.path("summary.html")
        let written = try Tool.run(["timeline", "--trace", "1", "--db", db, "--detail", "summary", "--output", page])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(written.stderr.contains("2 lanes, 10 marks in 1 level"), written.stderr)
        let marks = try count("SELECT count(*) FROM events WHERE view IS NOT NULL AND kind <> 'text'", db: db)
        let dom = try Chromium.dumpDOM(page)
        let drawn = try Chromium.dataAttributes(of: "drawn", in: dom)
        XCTAssertEqual(drawn["errors"], "0", dom.components(separatedBy: "id=\"errors\"").last.map { String($0.prefix(600)) } ?? "")
        XCTAssertEqual(drawn["detail"], "summary")
        XCTAssertEqual(drawn["marks"], String(marks))
        XCTAssertEqual(drawn["marks-in-view"], String(marks), "a line per bin: each mark's bin is occupied")
        XCTAssertEqual(drawn["identity-resets-drawn"], "0", "PlayButton shown again is no reset")
        XCTAssertEqual(drawn["findings"], "1")
        XCTAssertEqual(drawn["finding-labels"], "1")
        XCTAssertTrue(dom.contains("trace-analyze timeline --trace 1 --db \(db)"), "the page names the command that draws a range exactly")
    }

    /// A view replaced while shown is drawn with a reset at each later identity, on the exact
    /// page and the summary alike, as many as `why` stores (`causes.lifetime = 'reset'`).
    func testResetsDrawnAreTheResetsWhyStores() throws {
        let workspace = try Workspace()
        let log = Tool.fixture("rules/playbutton-if-else-reset.log")
        let db = workspace.path("run.sqlite")
        XCTAssertEqual(try Tool.run(["views", log, "--db", db]).status, 0)
        let resets = try count("SELECT count(*) FROM causes WHERE lifetime IN ('reset', 'reset_or_inserted')", db: db)
        XCTAssertEqual(resets, 2)
        for detail in ["exact", "summary"] {
            let page = workspace.path("\(detail).html")
            let written = try Tool.run(["timeline", "--trace", "1", "--db", db, "--detail", detail, "--output", page])
            XCTAssertEqual(written.status, 0, written.stderr)
            let dom = try Chromium.dumpDOM(page)
            let drawn = try Chromium.dataAttributes(of: "drawn", in: dom)
            XCTAssertEqual(drawn["errors"], "0", detail)
            XCTAssertEqual(drawn["identity-resets-drawn"], String(resets), detail)
        }
    }

    func testLinesDrawsARangeExactly() throws {
        let workspace = try Workspace()
        let page = workspace.path("part.html")
        let written = try Tool.run(["timeline", seed, "--lines", "5-8", "--output", page])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(written.stderr.contains("2 lanes, 4 marks, 1 finding"), "lines 5 to 8, and the churn finding citing 5 and 6: \(written.stderr)")
        let drawn = try Chromium.dataAttributes(of: "drawn", in: Chromium.dumpDOM(page))
        XCTAssertEqual(drawn["errors"], "0")
        XCTAssertEqual(drawn["marks"], "4")
        let outside = try Tool.run(["timeline", seed, "--lines", "20-30", "--output", page])
        XCTAssertEqual(outside.status, 0)
        XCTAssertTrue(outside.stderr.contains("on lines 20-30 named a view"), outside.stderr)
    }

    func testViewInTheAddressOpensTheRange() throws {
        let workspace = try Workspace()
        let page = workspace.path("t.html")
        XCTAssertEqual(try Tool.run(["timeline", seed, "--output", page]).status, 0)
        let drawn = try Chromium.dataAttributes(of: "drawn", in: Chromium.dumpDOM(page, fragment: "view=5-8"))
        XCTAssertEqual(drawn["errors"], "0")
        XCTAssertEqual(drawn["marks-in-view"], "4", "lines 5 to 8")
        XCTAssertEqual(drawn["events-listed"], "4")
    }

    /// Without --output the page is named after the log, in the current directory, and the
    /// command says where it went; from stdin it is timeline.html.
    func testWithoutOutputThePageIsNamedAfterTheLog() throws {
        let workspace = try Workspace()
        let named = try Tool.run(["timeline", seed], in: workspace.url)
        XCTAssertEqual(named.status, 0, named.stderr)
        let page = (((seed as NSString).lastPathComponent as NSString).deletingPathExtension) + ".timeline.html"
        XCTAssertTrue(named.stderr.hasPrefix("wrote \(page): "), named.stderr)
        XCTAssertTrue(try String(contentsOf: workspace.url.appendingPathComponent(page), encoding: .utf8).contains("</html>"))
        let piped = try Tool.run(["timeline", "-"], stdin: try String(contentsOfFile: seed, encoding: .utf8), in: workspace.url)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertTrue(piped.stderr.hasPrefix("wrote timeline.html: "), piped.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: workspace.url.appendingPathComponent("timeline.html").path))
    }

    func testUsageErrors() throws {
        for (arguments, message) in [
            (["--detail", "all"], "--detail must be auto, exact or summary, not 'all'"),
            (["--lines", "8-5"], "--lines needs a range of lines A-B with 1 <= A <= B"),
            (["--lines", "x"], "--lines needs a range of lines A-B"),
            (["--lines", "1-5", "--detail", "summary"], "cannot be combined with --detail summary"),
        ] {
            let result = try Tool.run(["timeline", seed, "--output", "x.html"] + arguments)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
        let both = try Tool.run(["timeline", seed, "--trace", "1", "--output", "x.html"])
        XCTAssertEqual(both.status, 1)
        XCTAssertTrue(both.stderr.contains("not both"), both.stderr)
        let missing = try Tool.run(["timeline", "no-such.log", "--output", "x.html"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no-such.log: no such file"), missing.stderr)
    }
}
