import Foundation
import Testing

/// `// trace-analyze:disable…` comments, as a user writes them: `lint`'s findings on the line
/// named, `check --sources`' findings at the site they are cited at, counted in the report, and
/// comments that silence nothing or cannot be read are notes.
@Suite struct SuppressionEndToEndTests {
    static let player = """
        import SwiftUI

        struct PlayerView: View {
            @State private var isPlaying = false
            var body: some View {
                if isPlaying {
                    PlayButton(title: "Pause")
                } else {
                    PlayButton(title: "Play")
                }
                Chart().id(UUID())
            }
        }

        struct PlayButton: View {
            let title: String
            @State private var taps = 0
            var body: some View { Text(title) }
        }
        """

    private func lint(_ source: String) throws -> (file: String, result: Tool.Result, workspace: Workspace) {
        let workspace = try Workspace()
        let file = try workspace.write("PlayerView.swift", source)
        return (file, try Tool.run(["lint", file, "--format", "xcode"]), workspace)
    }

    @Test func lintWithoutCommentsReportsBothShapes() throws {
        let (_, result, _) = try lint(Self.player)
        #expect(result.stdout.contains("(conditional_view_identity)"))
        #expect(result.stdout.contains("(random_view_id)"))
    }

    @Test func disableNextSilencesTheNextCodeLineOnly() throws {
        let source = Self.player.replacingOccurrences(
            of: "        Chart().id(UUID())",
            with: "        // trace-analyze:disable:next random_view_id - the chart starts over on purpose\n\n        Chart().id(UUID())"
        )
        let (_, result, workspace) = try lint(source)
        #expect(!result.stdout.contains("(random_view_id)"))
        #expect(result.stdout.contains("(conditional_view_identity)"))
        #expect(result.stderr == "")
        let json = try Tool.run(["lint", workspace.path("PlayerView.swift"), "--format", "json"])
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])["summary"] as? [String: Any]
        #expect(summary?["suppressed"] as? Int == 1)
        #expect(summary?["findings"] as? Int == 1)
        let text = try Tool.run(["lint", workspace.path("PlayerView.swift")])
        #expect(text.stdout.contains("1 finding (1 warning) in 1 Swift file; 1 suppressed by trace-analyze:disable comments\n"))
    }

    @Test func disableThisAndTheRuntimeRulesIDSilenceTheirLine() throws {
        let this = Self.player.replacingOccurrences(of: "Chart().id(UUID())", with: "Chart().id(UUID()) // trace-analyze:disable:this random_view_id")
        #expect(try !lint(this).result.stdout.contains("(random_view_id)"))
        // The runtime rule a lint rule stands for names it too: random_view_id explains identity_churn.
        let runtime = Self.player.replacingOccurrences(of: "        Chart()", with: "        // trace-analyze:disable:next identity_churn\n        Chart()")
        let result = try lint(runtime).result
        #expect(!result.stdout.contains("(random_view_id)"))
        #expect(result.stderr == "")
    }

    @Test func disableEnableRegionAndAll() throws {
        let region = Self.player
            .replacingOccurrences(of: "        if isPlaying {", with: "        // trace-analyze:disable all\n        if isPlaying {")
            .replacingOccurrences(of: "        Chart()", with: "        // trace-analyze:enable all\n        Chart()")
        let result = try lint(region).result
        #expect(!result.stdout.contains("(conditional_view_identity)"))
        #expect(result.stdout.contains("(random_view_id)"), "enable ends the region")
        #expect(result.stderr == "")
    }

    @Test func aCommentThatSilencesNothingIsANote() throws {
        let source = Self.player.replacingOccurrences(of: "    @State private var isPlaying", with: "    // trace-analyze:disable:next random_view_id\n    @State private var isPlaying")
        let (file, result, _) = try lint(source)
        #expect(result.status == 0)
        #expect(result.stdout.contains("(random_view_id)"))
        #expect(result.stderr == "trace-analyze: note: \(file):4: 'trace-analyze:disable:next random_view_id' silences nothing: no finding of random_view_id is on the line it names (superfluous_disable_command); remove it\n")
    }

    @Test func unreadableCommentsAreNotesThatNameTheFix() throws {
        let source = "// trace-analyze:disable:nxt random_view_id\n// trace-analyze:disable:next\n// trace-analyze:disable:next random_view_idd\n" + Self.player
        let (file, result, _) = try lint(source)
        #expect(result.stdout.contains("(random_view_id)"))
        #expect(result.stderr.contains("trace-analyze: note: \(file):1: 'trace-analyze:disable:nxt' is not a directive; valid: trace-analyze:disable:next, trace-analyze:disable:this, trace-analyze:disable, trace-analyze:enable\n"))
        #expect(result.stderr.contains("trace-analyze: note: \(file):2: 'trace-analyze:disable:next' names no rule; name one (e.g. trace-analyze:disable:next identity_churn) or all\n"))
        #expect(result.stderr.contains("trace-analyze: note: \(file):3: 'trace-analyze:disable:next random_view_idd' names 'random_view_idd', which is not a rule; `trace-analyze rules` lists them\n"))
    }

    @Test func aMarkerInsideAStringIsNoComment() throws {
        let source = Self.player.replacingOccurrences(of: "        Chart()", with: "        Text(\"// trace-analyze:disable:next random_view_id\")\n        Chart()")
        #expect(try lint(source).result.stdout.contains("(random_view_id)"))
    }

    /// The sources of the PlayButton seed, with `edit` applied to ContentView.swift.
    private func sources(editing edit: (String) -> String) throws -> Workspace {
        let workspace = try Workspace()
        for name in ["ContentView.swift", "PlayButton.swift"] {
            let text = try String(contentsOfFile: Tool.fixture("sources/001-state/\(name)"), encoding: .utf8)
            _ = try workspace.write(name, name == "ContentView.swift" ? edit(text) : text)
        }
        return workspace
    }

    @Test func checkSourcesSilencesAFindingAtItsCitedSite() throws {
        let log = Tool.fixture("seeds/001-playbutton-toggle-twice.log")
        let plain = try sources { $0 }
        // Seed 001's finding is a warning (PlayButton shown again by its `if`): failing on warnings,
        // the run fails before the comment and passes after it.
        let before = try Tool.run(["check", log, "--sources", plain.url.path, "--fail-on", "warning"])
        #expect(before.status == 2)
        #expect(before.stdout.contains("identity_churn: PlayButton ← ContentView.swift:17"))

        let silenced = try sources { $0.replacingOccurrences(of: "            if showPlayButton {", with: "            // trace-analyze:disable:next identity_churn\n            if showPlayButton {") }
        let after = try Tool.run(["check", log, "--sources", silenced.url.path, "--fail-on", "warning"])
        #expect(after.status == 0, "the finding is silenced: \(after.stdout)")
        #expect(!after.stdout.contains("identity_churn: PlayButton"))
        #expect(after.stdout.contains("; 1 suppressed by trace-analyze:disable comments\n"))
        #expect(after.stderr == "")
        for (format, cited) in [("json", #""rule": "identity_churn""#), ("sarif", #""ruleId": "identity_churn""#), ("xcode", "(identity_churn)"), ("github-actions-logging", "identity_churn")] {
            let report = try Tool.run(["check", log, "--sources", silenced.url.path, "--format", format])
            let unsilenced = try Tool.run(["check", log, "--sources", plain.url.path, "--format", format])
            #expect(unsilenced.stdout.contains(cited), "\(format)")
            #expect(!report.stdout.contains(cited), "\(format)")
        }
    }

    @Test func checkJudgesOnlyItsOwnRulesComments() throws {
        let log = Tool.fixture("seeds/001-playbutton-toggle-twice.log")
        let workspace = try sources {
            $0.replacingOccurrences(of: "struct ContentView", with: "// trace-analyze:disable:next heavy_initializer\n// trace-analyze:disable:next random_view_id\nstruct ContentView")
        }
        let result = try Tool.run(["check", log, "--sources", workspace.url.path])
        #expect(result.stdout.contains("identity_churn: PlayButton"))
        // heavy_initializer ran and found nothing there; random_view_id is lint's, not check's to judge.
        #expect(result.stderr == "trace-analyze: note: \(workspace.url.path)/ContentView.swift:\(try line(of: "heavy_initializer", in: workspace)): 'trace-analyze:disable:next heavy_initializer' silences nothing: no finding of heavy_initializer is on the line it names (superfluous_disable_command); remove it\n")
    }

    private func line(of text: String, in workspace: Workspace) throws -> Int {
        let lines = try String(contentsOfFile: workspace.path("ContentView.swift"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }
}
