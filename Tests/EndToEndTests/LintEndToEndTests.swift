import Foundation
import Testing

/// `trace-analyze lint` as a user runs it: reports, exit codes, configuration, baseline, and
/// files that are not Swift.
@Suite struct LintEndToEndTests {
    static let corpus = Tool.fixture("sources-realworld")

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

    @Test func xcodeLinesNameLineColumnAndRule() throws {
        let workspace = try Workspace()
        let file = try workspace.write("PlayerView.swift", Self.player)
        let result = try Tool.run(["lint", file, "--format", "xcode"])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            \(file):6:9: warning: the same view PlayButton in both branches of 'if isPlaying': it gets a new identity, and its state resets, whenever the condition flips. Fix: In `PlayerView`, keep one `PlayButton` with the condition in its arguments: `PlayButton(title: isPlaying ? "Pause" : "Play")`, so it keeps one identity and its state (conditional_view_identity)
            \(file):11:17: warning: '.id(UUID())' gives Chart a new identity on every evaluation of the body, so its state resets on every update. Fix: In `PlayerView`, replace `.id(UUID())` on `Chart` with a value that changes only when it should start over (its model's `id`, a counter you bump on purpose), or remove the `.id` (random_view_id)

            """)
    }

    /// Third-party code a dependency manager checked out is not linted, and the user is told
    /// which folders were passed over; a folder named on the command line is linted whatever
    /// its name.
    @Test func thirdPartyFoldersAreNamedNotLinted() throws {
        let workspace = try Workspace()
        for folder in ["App", "Pods/Charts/Source", "Carthage/Checkouts/Lib"] {
            try FileManager.default.createDirectory(atPath: workspace.path(folder), withIntermediateDirectories: true)
            _ = try workspace.write("\(folder)/PlayerView.swift", Self.player)
        }
        let result = try Tool.run(["lint", workspace.url.path, "--format", "xcode"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("App/PlayerView.swift:6:9"))
        #expect(!result.stdout.contains("Pods/") && !result.stdout.contains("Carthage/"), "\(result.stdout)")
        #expect(result.stderr.contains("note: not entered, third-party code from a dependency manager: \(workspace.url.path)/Carthage, \(workspace.url.path)/Pods (name a folder to lint it anyway)"), "\(result.stderr)")
        let named = try Tool.run(["lint", workspace.path("Pods"), "--format", "xcode"])
        #expect(named.stdout.contains("Pods/Charts/Source/PlayerView.swift:6:9"), "\(named.stdout)\(named.stderr)")
        // Nothing else to read: the error says the third-party folders were passed over.
        let onlyVendored = try Workspace()
        try FileManager.default.createDirectory(atPath: onlyVendored.path("Pods/Charts"), withIntermediateDirectories: true)
        _ = try onlyVendored.write("Pods/Charts/PlayerView.swift", Self.player)
        let empty = try Tool.run(["lint", onlyVendored.url.path])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("no Swift file under \(onlyVendored.url.path) outside third-party folders"), "\(empty.stderr)")
    }

    /// The text report prints each finding's fix once, on its "How to fix it" line; the formats
    /// of one line per finding (xcode, above) keep it in the message.
    @Test func theTextReportPrintsEachFixOnce() throws {
        let workspace = try Workspace()
        let file = try workspace.write("PlayerView.swift", Self.player)
        let result = try Tool.run(["lint", file])
        let fix = "In `PlayerView`, keep one `PlayButton` with the condition in its arguments: `PlayButton(title: isPlaying ? \"Pause\" : \"Play\")`, so it keeps one identity and its state"
        #expect(result.stdout.components(separatedBy: fix).count == 2, "\(result.stdout)")
        #expect(result.stdout.contains("""
            conditional_view_identity: PlayButton
              the same view PlayButton in both branches of 'if isPlaying': it gets a new identity, and its state resets, whenever the condition flips.
                \(file):6
            """))
        #expect(result.stdout.contains("\n  How to fix it: \(fix) (trace-analyze rules conditional_view_identity)\n"))
        #expect(!result.stdout.contains(" Fix: "))
        // The user's own lines, before and after the fix `trace-analyze fix` makes.
        #expect(result.stdout.contains("""
                line 6, as `trace-analyze fix` changes it:
                  -         if isPlaying {
                  -             PlayButton(title: "Pause")
                  -         } else {
                  -             PlayButton(title: "Play")
                  -         }
                  +         PlayButton(title: isPlaying ? "Pause" : "Play")

            """), "\(result.stdout)")
    }

    /// A static finding is one site and measures no waste, so a lint report has no "fix first"
    /// ranking (a runtime report of the same problem still has one).
    @Test func lintReportsRankNoWaste() throws {
        let workspace = try Workspace()
        let file = try workspace.write("PlayerView.swift", Self.player)
        let text = try Tool.run(["lint", file])
        #expect(text.stdout.contains("2 findings"))
        #expect(!text.stdout.contains("Fix first"))
        let json = try Tool.run(["lint", file, "--format", "json"])
        #expect(json.stdout.contains("\"fix_first\": []"))
        let check = try Tool.run(["check", Tool.fixture("rules/playbutton-if-else-reset.log"), "--fail-on", "never"])
        #expect(check.stdout.contains("Fix first (most waste first):"))
    }

    @Test func exitCodesFollowTheFailLevel() throws {
        // Static severities are one level below the runtime rules': warnings and info by default.
        #expect(try Tool.run(["lint", Self.corpus]).status == 0)
        let strict = try Tool.run(["lint", Self.corpus, "--strict"])
        #expect(strict.status == 2)
        #expect(strict.stdout.hasSuffix("29 findings (19 warnings, 10 info) in 20 Swift files\n"))
        #expect(try Tool.run(["lint", Self.corpus, "--fail-on", "info", "--format", "summary"]).status == 2)
        let unknown = try Tool.run(["lint", Self.corpus, "--format", "yaml"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("unknown format 'yaml'"))
        let missing = try Tool.run(["lint", "no/such/dir"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no/such/dir: no such file or directory"))
    }

    /// A folder with no Swift file is an error, as a log with no lifecycle line is for `check`:
    /// a wrong path must not pass a CI gate as "0 findings".
    @Test func aFolderWithoutSwiftFilesIsAnError() throws {
        let workspace = try Workspace()
        try "not swift".write(toFile: workspace.path("notes.txt"), atomically: true, encoding: .utf8)
        let result = try Tool.run(["lint", workspace.url.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "trace-analyze: error: no Swift file under \(workspace.url.path): lint reads .swift files; name the app's sources (e.g. trace-analyze lint Sources/MyApp)\n")
    }

    @Test func configurationSetsSeveritiesAndTurnsRulesOff() throws {
        let workspace = try Workspace()
        let file = try workspace.write("PlayerView.swift", Self.player)
        // Its own entry wins; a runtime rule's severity moves its static rules one level below it.
        let config = try workspace.write("lint.json", #"{"rules": {"random_view_id": {"severity": "error"}, "identity_churn": {"severity": "warning"}}}"#)
        let configured = try Tool.run(["lint", file, "--config", config, "--format", "xcode"])
        #expect(configured.status == 2)
        #expect(configured.stdout.contains(":11:17: error: "))
        #expect(configured.stdout.contains(":6:9: note: "))
        let disabled = try workspace.write("off.json", #"{"disabled_rules": ["conditional_view_identity"]}"#)
        let off = try Tool.run(["lint", file, "--config", disabled, "--format", "xcode"])
        #expect(!off.stdout.contains("conditional_view_identity"))
        #expect(off.stdout.contains("random_view_id"))
        let typo = try workspace.write("typo.json", #"{"rules": {"random_view_id": {"severity": "loud"}}}"#)
        let wrong = try Tool.run(["lint", file, "--config", typo])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("rules.random_view_id.severity: unknown severity 'loud'"))
    }

    @Test func baselineHidesKnownFindings() throws {
        let workspace = try Workspace()
        let file = try workspace.write("PlayerView.swift", Self.player)
        let baseline = workspace.path("baseline.json")
        #expect(try Tool.run(["lint", file, "--write-baseline", baseline, "--strict"]).status == 2)
        let again = try Tool.run(["lint", file, "--baseline", baseline, "--strict"])
        #expect(again.status == 0)
        #expect(again.stdout.hasSuffix("0 findings in 1 Swift file; 2 hidden by the baseline\n"))
    }

    @Test func malformedFilesGetOneLineEachAndTheRunGoesOn() throws {
        let workspace = try Workspace()
        _ = try workspace.write("PlayerView.swift", Self.player)
        _ = try workspace.write("Unbalanced.swift", "struct Broken: View {\n    var body: some View {\n        VStack {\n            Text(\"x\")\n    }\n")
        try Data(Array(0..<255).map(UInt8.init)).write(to: URL(fileURLWithPath: workspace.path("Binary.swift")))
        try Data("// caf\u{e9}\n".utf8.map { $0 } + [0xE9, 0x0A]).write(to: URL(fileURLWithPath: workspace.path("Latin1.swift")))
        let result = try Tool.run(["lint", workspace.url.path, "--format", "xcode"])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.contains { $0.contains("Binary.swift: a binary file (it holds NUL bytes), not Swift source; skipped") })
        #expect(lines.contains { $0.contains("Latin1.swift: line 2 is not valid UTF-8, so this is not Swift source; skipped") })
        #expect(lines.contains { $0.contains("Unbalanced.swift:1:21: '{' is never closed (and 1 more unbalanced bracket); findings in this file may be incomplete") })
        #expect(result.stdout.split(separator: "\n").count == 2)
    }

    @Test func everyFormatReadsTheFindings() throws {
        for format in ["text", "json", "sarif", "junit", "github-actions-logging", "xcode", "markdown", "summary"] {
            let result = try Tool.run(["lint", Self.corpus, "--format", format])
            #expect(result.status == 0, "\(format)")
            #expect(result.stdout.contains(format == "summary" ? "29 findings" : "random_view_id"), "\(format)")
        }
        let json = try Tool.run(["lint", Self.corpus, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == 29)
        let location = try #require(findings.first?["location"] as? [String: Any])
        #expect(location["column"] is Int)
    }
}
