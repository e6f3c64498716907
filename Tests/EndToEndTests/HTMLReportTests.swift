import Foundation
import RequiredTools
import Testing

/// The html report as a person opens it: one offline page whose script builds every finding
/// and its evidence from the JSON it carries, read back from headless Chromium's DOM; links into
/// the timeline page that `--timeline` writes beside it.
@Suite struct HTMLReportTests {
    static let eager = Tool.fixture("seeds/004-navigation-eager.log")

    /// The JSON inside the page's data element.
    private func data(of page: String) throws -> [String: Any] {
        let open = #"<script type="application/json" id="report-data">"#
        let start = try #require(page.range(of: open))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = String(page[start.upperBound..<end.lowerBound])
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test(.enabled(if: RequiredTool.chromium.shouldRun("HTMLReportTests.thePageShowsEveryFindingWithItsEvidenceLinkedToTheTimeline")))
    func thePageShowsEveryFindingWithItsEvidenceLinkedToTheTimeline() throws {
        let workspace = try Workspace()
        let result = try Tool.run(["check", Self.eager, "--format", "html", "--output", "out/report.html", "--timeline", "out/timeline.html"],
                                  in: try { try FileManager.default.createDirectory(atPath: workspace.path("out"), withIntermediateDirectories: true); return workspace.url }())
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "wrote timeline out/timeline.html: 7 lanes, 16 marks, 5 findings\nwrote html report out/report.html: 5 findings\n")
        let page = try String(contentsOfFile: workspace.path("out/report.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        // Offline: nothing is fetched from anywhere.
        #expect(!page.contains("src=\"http") && !page.contains("href=\"http"))
        let data = try data(of: page)
        #expect(data["timeline"] as? String == "timeline.html")
        let findings = try #require(data["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["non_lazy_navigation_destination", "repeated_appear", "heavy_initializer", "heavy_initializer", "heavy_initializer"])
        let evidence = try #require(findings.first?["evidence"] as? [[String: Any]])
        #expect(evidence.compactMap { $0["line"] as? Int } == [1, 3, 5, 7])
        #expect(evidence.first?["text"] as? String == "🚩 MyRootView appear")

        // The page `trace-analyze timeline` writes for the same log, byte for byte.
        let alone = try Tool.run(["timeline", Self.eager, "--output", workspace.path("alone.html")])
        #expect(alone.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: workspace.path("out/timeline.html"))) == Data(contentsOf: URL(fileURLWithPath: workspace.path("alone.html"))))

        let dom = try Chromium.dumpDOM(workspace.path("out/report.html"))
        let drawn = try Chromium.dataAttributes(of: "drawn", in: dom)
        #expect(drawn["errors"] == "0")
        #expect(drawn["findings"] == "5")
        #expect(drawn["evidence-rows"] == "14")
        #expect(drawn["timeline-links"] == "14")
        // The report's ranking, as the text report ends with it.
        #expect(drawn["fix-first"] == "2")
        #expect(dom.contains("MyRootView: 3 destinations built early (non_lazy_navigation_destination)"))
        #expect(dom.contains(#"<a href="timeline.html#line=3">3</a>"#))
        #expect(dom.contains("FirstView's init created FirstCoordinator (once)"))

        let filtered = try Chromium.dataAttributes(of: "drawn", in: Chromium.dumpDOM(workspace.path("out/report.html"), fragment: "filter=heavy"))
        #expect(filtered["shown"] == "3")
    }

    @Test(.enabled(if: RequiredTool.chromium.shouldRun("HTMLReportTests.markupInTheLogIsShownAsTextAndCannotEndTheDataEarly")))
    func markupInTheLogIsShownAsTextAndCannotEndTheDataEarly() throws {
        let workspace = try Workspace()
        let log = try String(contentsOfFile: Tool.fixture("rules/playbutton-if-else-reset.log"), encoding: .utf8)
            .replacingOccurrences(of: "\nPlayButton:", with: "\nCell<Dictionary<String, Int>>:")
        let input = try workspace.write("a&b <c>.log", log)
        let output = workspace.path("report.html")
        let result = try Tool.run(["check", input, "--format", "html", "--output", output])
        #expect(result.status == 2)
        let page = try String(contentsOfFile: output, encoding: .utf8)
        let data = try data(of: page)
        let finding = try #require((data["findings"] as? [[String: Any]])?.first)
        #expect(finding["view"] as? String == "Cell<Dictionary<String, Int>>")
        #expect((finding["evidence"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
            == ["ContentView: _isCompact changed.", "Cell<Dictionary<String, Int>>: @self, @identity, _isPlaying changed.",
                "ContentView: _isCompact changed.", "Cell<Dictionary<String, Int>>: @self, @identity, _isPlaying changed."])
        #expect(!page.contains("Cell<Dictionary"), "markup must be escaped inside the data element")
        #expect(data["timeline"] is NSNull)

        let dom = try Chromium.dumpDOM(output)
        let drawn = try Chromium.dataAttributes(of: "drawn", in: dom)
        #expect(drawn["errors"] == "0")
        #expect(drawn["findings"] == "1")
        #expect(drawn["timeline-links"] == "0")
        #expect(dom.contains("Cell&lt;Dictionary&lt;String, Int&gt;&gt;: @self, @identity, _isPlaying changed."))
    }

    /// A finding citing 20,000 lines shows the first 50 with their text and counts the rest.
    @Test(.enabled(if: RequiredTool.chromium.shouldRun("HTMLReportTests.aLongEvidenceListShowsItsFirstLinesAndCountsTheRest")))
    func aLongEvidenceListShowsItsFirstLinesAndCountsTheRest() throws {
        let workspace = try Workspace()
        let log = try workspace.write("many.log", (0..<20_000).map { _ in "Row init\nRow DataModel init\n" }.joined())
        let output = workspace.path("report.html")
        let result = try Tool.run(["check", log, "--format", "html", "--output", output, "--fail-on", "never", "--allow-empty"])
        #expect(result.status == 0)
        let data = try data(of: String(contentsOfFile: output, encoding: .utf8))
        let heavy = try #require((data["findings"] as? [[String: Any]])?.first { $0["rule"] as? String == "heavy_initializer" })
        let evidence = try #require(heavy["evidence"] as? [[String: Any]])
        #expect(evidence.compactMap { $0["line"] as? Int } == Array(stride(from: 2, through: 100, by: 2)))
        #expect(evidence.allSatisfy { $0["text"] as? String == "Row DataModel init" })
        #expect(heavy["evidence_total"] as? Int == 20_000)
        let dom = try Chromium.dumpDOM(output)
        #expect(dom.contains("\u{2026} and 19950 more lines of \(log)"))
    }

    @Test func theTimelineDrawsOneTraceAndSaysSoBeforeReadingTwo() throws {
        let workspace = try Workspace()
        let result = try Tool.run(["check", Self.eager, Tool.fixture("seeds/001-playbutton-toggle-twice.log"),
                                   "--format", "html", "--output", workspace.path("r.html"), "--timeline", workspace.path("t.html")])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: --timeline draws one trace; 2 logs were given (write one page per log with `trace-analyze timeline`) (see 'trace-analyze check --help')\n")
        #expect(!FileManager.default.fileExists(atPath: workspace.path("r.html")))
        #expect(!FileManager.default.fileExists(atPath: workspace.path("t.html")))
    }

    /// A reader with JavaScript off (a mail client's preview, a locked-down browser) sees the
    /// findings, not empty headings: the report page shows the text report, the timeline page
    /// its findings as text, each in its `<noscript>`.
    @Test(.enabled(if: RequiredTool.chromium.shouldRun("HTMLReportTests.withoutJavaScriptBothPagesShowTheFindingsAsText")))
    func withoutJavaScriptBothPagesShowTheFindingsAsText() throws {
        let workspace = try Workspace()
        let report = workspace.path("report.html"), timeline = workspace.path("timeline.html")
        let result = try Tool.run(["check", Self.eager, "--format", "html", "--output", report, "--timeline", timeline])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try Tool.run(["check", Self.eager]).stdout

        let dom = try Chromium.dumpDOM(report, javaScript: false)
        // The page's script did not run: it leaves its counts on #drawn when it does.
        #expect(try Chromium.dataAttributes(of: "drawn", in: dom).isEmpty)
        #expect(Self.unescaped(try Self.element("report-text", in: dom)) == text)
        #expect(dom.contains("<noscript><style>main, #summary, #coverage { display: none; }</style></noscript>"))
        // With JavaScript the same page draws as ever, and the fallback stays out of sight.
        let drawn = try Chromium.dataAttributes(of: "drawn", in: try Chromium.dumpDOM(report))
        #expect(drawn["findings"] == "5")

        let page = Self.unescaped(try Self.element("timeline-text", in: try Chromium.dumpDOM(timeline, javaScript: false)))
        #expect(page.hasPrefix("\(Self.eager): 16 lines, 5 findings\n\nwarning non_lazy_navigation_destination: MyRootView\n  3 destination views were initialised together"))
        #expect(page.contains("\n  lines 1, 3, 5, 7\n"))
        #expect(page.contains("\ninfo heavy_initializer: ThirdView\n"))
    }

    /// The text of the element with `id` (one without children) in a dumped DOM.
    private static func element(_ id: String, in dom: String) throws -> String {
        let start = try #require(dom.range(of: "id=\"\(id)\">"))
        let end = try #require(dom.range(of: "</", range: start.upperBound..<dom.endIndex))
        return String(dom[start.upperBound..<end.lowerBound])
    }

    private static func unescaped(_ html: String) -> String {
        html.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
