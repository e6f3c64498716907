import Foundation
import Testing

/// The CI guide's instructions (docs/ci.md), run as written: its `trace-analyze` lines come out of
/// the page itself, so a flag the tool does not have, or a changed output, fails here rather than
/// in a user's pipeline.
@Suite struct CIWorkflowTests {
    /// The body of the fenced block of docs/ci.md marked `<!-- marker -->`.
    private func block(after marker: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try Documentation.load("docs/ci.md").block(marker, sourceLocation: sourceLocation)
    }

    /// The `trace-analyze` command lines of a block, in order (a `run:` prefix and indentation removed).
    private func commands(_ block: String) -> [String] {
        block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .map { $0.hasPrefix("run: ") ? String($0.dropFirst(5)) : $0 }
            .filter { $0.hasPrefix("trace-analyze ") }
    }

    /// Runs `line` with bash, as a GitHub Actions `run:` step does, with the built tool on `PATH`.
    private func shell(_ line: String, in workspace: Workspace) throws -> Tool.Result {
        let path = Tool.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try Tool.run(["-e", "-c", line], in: workspace.url,
                            environment: ["PATH": path, "GITHUB_STEP_SUMMARY": workspace.path("step-summary.md")],
                            program: URL(fileURLWithPath: installedProgram("bash") ?? "/bin/bash"))
    }

    /// A checkout of "MyApp": the seed 004 views as its sources, a UI-test log from `seed`.
    private func checkout(log seed: String) throws -> Workspace {
        let workspace = try Workspace()
        try FileManager.default.copyItem(atPath: Tool.fixture("sources/004-navigation"), toPath: workspace.path("MyApp"))
        try FileManager.default.copyItem(atPath: Tool.fixture(seed), toPath: workspace.path("ui-test.log"))
        return workspace
    }

    @Test func theXcodebuildSnippetGatesOnTheLog() throws {
        let lines = commands(try block(after: "ci: xcodebuild"))
        #expect(lines == ["trace-analyze check ui-test.log --sources MyApp --strict"])
        let workspace = try checkout(log: "seeds/004-navigation-eager.log")
        let result = try shell(try #require(lines.first), in: workspace)
        #expect(result.status == 2)
        #expect(result.stderr == "")
        #expect(result.stdout.contains("heavy_initializer: FirstView ← FirstView.swift:4: FirstView's init creates FirstCoordinator\n  FirstView's init created FirstCoordinator (once);"))
        #expect(result.stdout.contains("  caused at MyApp/Destinations/FirstView.swift:4:31: FirstView's init creates FirstCoordinator: the initial value of 'coordinator' is made again on every update of its parent. [heavy_view_initializer, confirmed]\n    ui-test.log:2  1️⃣ FirstCoordinator init 🟢\n"))
        // The fix once, on a line of its own: the site's, with the rule to read for more.
        #expect(result.stdout.contains("\n  How to fix it: In `FirstView`, stop making `FirstCoordinator` in `coordinator`'s initial value: pass it in from the view that owns it (`FirstView(coordinator: …)`), make it `static let` if one is shared, or for an `ObservableObject` own it with `@StateObject private var coordinator = FirstCoordinator()` (its autoclosure runs once per identity) (trace-analyze rules heavy_initializer)\n"))
        #expect(result.stdout.hasSuffix("5 findings (1 warning, 4 info) in 1 trace\n"))
    }

    @Test func theWorkflowRunsAsWrittenAndFailsOnlyOnNewFindings() throws {
        let workspace = try checkout(log: "seeds/004-navigation-lazyview.log")
        _ = try workspace.write(".trace-analyze.json", try block(after: "ci: config"))

        // The baseline, recorded on main, where destinations were already lazy: three heavy inits
        // and the root's repeated appear.
        let record = commands(try block(after: "ci: baseline"))
        #expect(record.count == 1)
        for line in record {
            let result = try shell(line, in: workspace)
            #expect(result.status == 0, "\(line): \(result.stderr)")
        }
        let baseline = try String(contentsOfFile: workspace.path(".trace-analyze-baseline.json"), encoding: .utf8)
        #expect(baseline.components(separatedBy: "\"rule\" : \"heavy_initializer\"").count == 4)

        // The pull request made the destinations eager again: one new warning.
        try FileManager.default.removeItem(atPath: workspace.path("ui-test.log"))
        try FileManager.default.copyItem(atPath: Tool.fixture("seeds/004-navigation-eager.log"), toPath: workspace.path("ui-test.log"))
        let steps = commands(try block(after: "ci: workflow"))
        #expect(steps.count == 3)
        let results = try steps.map { try shell($0, in: workspace) }
        #expect(results.map(\.status) == [0, 0, 2])
        // Nothing but the lines saying which files were written.
        #expect(results.allSatisfy { $0.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("wrote ") } }, "\(results.map(\.stderr))")

        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: workspace.path("trace-analyze.sarif")))) as? [String: Any])
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let sarifResults = try #require(run["results"] as? [[String: Any]])
        #expect(sarifResults.map { $0["ruleId"] as? String } == ["non_lazy_navigation_destination"])
        #expect(sarifResults.first.flatMap { result in
            (((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String
        } == "MyApp/MyRootView.swift")

        let summary = try String(contentsOfFile: workspace.path("step-summary.md"), encoding: .utf8)
        #expect(summary.contains("1 finding (1 warning) in 1 trace; 4 hidden by the baseline.\n"))
        #expect(summary.contains("| warning | `non_lazy_navigation_destination` | `MyRootView` | 3 destination views"))

        let annotations = results[2].stdout.split(separator: "\n")
        #expect(annotations.count == 2)
        #expect(annotations.first?.hasPrefix("::warning file=MyApp/MyRootView.swift,line=27,col=17,title=non_lazy_navigation_destination (MyRootView)::3 destination views") == true)
        #expect(annotations.last == "1 finding (1 warning) in 1 trace; 4 hidden by the baseline")
    }

    @Test func theWorkflowUsesOnlyRealFlags() throws {
        let help = try Tool.run(["check", "--help"]).stdout
        let text = try [block(after: "ci: workflow"), block(after: "ci: xcodebuild"),
                        block(after: "ci: baseline")].joined()
        for line in commands(text) {
            for flag in line.split(separator: " ") where flag.hasPrefix("--") {
                #expect(help.contains("\n  \(flag) ") || help.contains("\n  \(flag)  ") || help.contains("\n  \(flag), "), "\(flag) is not a check option")
            }
        }
    }
}
