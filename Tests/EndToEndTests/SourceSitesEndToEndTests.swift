import Foundation
import Testing

/// `check --sources`: each seed scenario that has a source fixture gets its runtime findings
/// located on the line that causes them, not on the view's declaration.
@Suite struct SourceSitesEndToEndTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let log: String
        let sources: String
        /// rule, view, file (below the sources), line
        let located: [(String, String, String, Int)]
        var testDescription: String { log }
    }

    static let cases: [Case] = [
        Case(log: "seeds/001-playbutton-toggle-twice.log", sources: "sources/001-state", located: [
            ("identity_churn", "PlayButton", "ContentView.swift", 17),
        ]),
        Case(log: "seeds/004-navigation-eager.log", sources: "sources/004-navigation", located: [
            ("non_lazy_navigation_destination", "MyRootView", "MyRootView.swift", 27),
            ("heavy_initializer", "FirstView", "Destinations/FirstView.swift", 4),
            ("heavy_initializer", "SecondView", "Destinations/SecondView.swift", 4),
            ("heavy_initializer", "ThirdView", "Destinations/ThirdView.swift", 4),
        ]),
        Case(log: "rules/001-unstable-value-causes.log", sources: "sources/001-state", located: [
            ("unstable_view_value", "PlayButton", "PlayButton.swift", 6),
        ]),
        Case(log: "seeds/001-observable-datamodel.log", sources: "sources/001-observable", located: [
            ("heavy_initializer", "PlayButton", "PlayButton.swift", 5),
            ("state_model_reinit", "PlayButton", "PlayButton.swift", 5),
            ("identity_churn", "PlayButton", "ContentView.swift", 15),
        ]),
    ]

    @Test(arguments: cases)
    func seedFindingsPointAtTheCausingLine(_ seed: Case) throws {
        let sources = Tool.fixture(seed.sources)
        let result = try Tool.run(["check", Tool.fixture(seed.log), "--sources", sources, "--format", "json", "--fail-on", "never"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        for (rule, view, file, line) in seed.located {
            let finding = findings.first { $0["rule"] as? String == rule && $0["view"] as? String == view }
            let location = try #require(finding?["location"] as? [String: Any], "no \(rule) finding about \(view)")
            #expect(location["file"] as? String == sources + "/" + file, "\(rule) \(view)")
            #expect(location["line"] as? Int == line, "\(rule) \(view)")
            #expect(location["declaration"] as? Bool == false)
            let sites = try #require(finding?["sites"] as? [[String: Any]])
            #expect(sites.first?["status"] as? String == "confirmed")
        }
    }

    @Test func textNamesTheCauseAndWhatTheTraceDoesNotConfirm() throws {
        let toggle = try Tool.run(["check", Tool.fixture("seeds/001-playbutton-toggle-twice.log"), "--sources", Tool.fixture("sources/001-state")])
        #expect(toggle.status == 0)
        #expect(toggle.stdout.contains("identity_churn: PlayButton ← ContentView.swift:17: PlayButton is shown and hidden by 'if showPlayButton'\n"))
        // The lazy scenario never builds destinations early: the trace shows the view but does not confirm the eager link.
        let lazyText = try Tool.run(["check", Tool.fixture("seeds/004-navigation-lazyview.log"), "--sources", Tool.fixture("sources/004-navigation")])
        #expect(lazyText.stdout.contains("""
            Static findings this trace does not confirm (1)

            eager_navigation_destination: MyRootView ← MyRootView.swift:27: NavigationLink inside List builds its destination 'self.containedView(viewName: viewName)' with every row [not confirmed by this trace]
              \(Tool.fixture("sources/004-navigation"))/MyRootView.swift:27:17

            """))
        let lazy = try Tool.run(["check", Tool.fixture("seeds/004-navigation-lazyview.log"), "--sources", Tool.fixture("sources/004-navigation"), "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(lazy.stdout.utf8)) as? [String: Any])
        let statics = try #require(document["static_findings"] as? [[String: Any]])
        let eager = statics.first { $0["rule"] as? String == "eager_navigation_destination" }
        #expect(eager?["status"] as? String == "not confirmed by this trace")
        #expect(eager?["line"] as? Int == 27)
        let sarif = try Tool.run(["check", Tool.fixture("seeds/004-navigation-lazyview.log"), "--sources", Tool.fixture("sources/004-navigation"), "--format", "sarif"])
        #expect(sarif.stdout.contains("(not confirmed by this trace)"))
    }

    /// Sources holding views the trace never mentions: their static findings are counted, not
    /// listed, in text, and marked in JSON.
    @Test func viewsTheTraceDoesNotMentionAreCounted() throws {
        let workspace = try Workspace()
        try FileManager.default.copyItem(atPath: Tool.fixture("sources/001-state"), toPath: workspace.path("App/State"))
        try FileManager.default.copyItem(atPath: Tool.fixture("sources/004-navigation"), toPath: workspace.path("App/Navigation"))
        let toggle = Tool.fixture("seeds/001-playbutton-toggle-twice.log")
        let text = try Tool.run(["check", toggle, "--sources", "App"], in: workspace.url)
        #expect(text.status == 0)
        #expect(text.stdout.contains("identity_churn: PlayButton ← ContentView.swift:17: PlayButton is shown and hidden by 'if showPlayButton'\n"))
        #expect(text.stdout.contains("\n4 static findings about views this trace does not mention: trace-analyze lint lists them.\n"))
        let json = try Tool.run(["check", toggle, "--sources", "App", "--format", "json"], in: workspace.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let statics = try #require(document["static_findings"] as? [[String: Any]])
        #expect(statics.count == 4)
        #expect(statics.allSatisfy { $0["status"] as? String == "view not in this trace" })
        // lint with no path reads the configuration's `sources`.
        _ = try workspace.write(".trace-analyze.json", #"{"sources": "App/Navigation"}"#)
        let lint = try Tool.run(["lint", "--format", "summary"], in: workspace.url)
        #expect(lint.stdout.hasSuffix("4 findings (4 info) in 5 Swift files\n"))
    }
}
