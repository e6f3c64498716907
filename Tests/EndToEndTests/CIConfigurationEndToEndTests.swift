import Foundation
import Testing

/// The configuration keys for CI (`fail_on`, `sources`, `baseline`) and `--sources` itself.
@Suite struct CIConfigurationEndToEndTests {
    static let eager = Tool.fixture("seeds/004-navigation-eager.log")

    @Test func failOnAndSourcesComeFromTheFileRelativeToIt() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("ci"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Tool.fixture("sources/004-navigation"), toPath: workspace.path("App"))
        _ = try workspace.write("ci/trace.json", #"{"fail_on": "warning", "sources": "../App"}"#)
        let result = try Tool.run(["check", Self.eager, "--config", "ci/trace.json", "--format", "xcode"], in: workspace.url)
        #expect(result.status == 2)
        #expect(result.stdout.hasPrefix("ci/../App/MyRootView.swift:27:17: warning: 3 destination views"))
        // The command line wins over the file.
        let overridden = try Tool.run(["check", Self.eager, "--config", "ci/trace.json", "--fail-on", "error", "--sources", "App", "--format", "xcode"], in: workspace.url)
        #expect(overridden.status == 0)
        #expect(overridden.stdout.hasPrefix("App/MyRootView.swift:27:17: warning:"))
    }

    @Test(arguments: [
        (#"{"fail_on": "fatal"}"#, "fail_on: unknown level 'fatal'; valid: error, warning, info, never"),
        (#"{"sources": ["App"]}"#, "sources: expected a string, found an array"),
        (#"{"baseline": false}"#, "baseline: expected a string, found a boolean"),
        (#"{"format": "sarif"}"#, "format: unknown key; valid keys here: patterns, rules, custom_rules, disabled_rules, only_rules, fail_on, sources, baseline"),
        (#"{"fail_on": "warning",}"#, "malformed JSON at line 1, column 23: "),
    ])
    func mistakesNameTheKey(json: String, message: String) throws {
        let workspace = try Workspace()
        let config = try workspace.write("config.json", json)
        let result = try Tool.run(["check", Self.eager, "--config", config])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("trace-analyze: error: \(config): \(message)"))
    }

    @Test func withoutADeclarationTheLocationIsTheLog() throws {
        let workspace = try Workspace()
        // Only MyRootView is declared here; the destinations stay on the log's lines.
        _ = try workspace.write("Root.swift", "import SwiftUI\n\nstruct MyRootView: View {\n    var body: some View { EmptyView() }\n}\n")
        let result = try Tool.run(["check", Self.eager, "--sources", workspace.url.path, "--format", "xcode"])
        #expect(result.stdout.split(separator: "\n").map { $0.prefix { $0 != " " } } == [
            "\(workspace.path("Root.swift")):3:8:", "\(workspace.path("Root.swift")):3:8:",
            "\(Self.eager):2:1:", "\(Self.eager):4:1:", "\(Self.eager):6:1:",
        ])
    }

    @Test func aMissingSourcesDirectoryIsAnErrorBeforeAnyInput() throws {
        let result = try Tool.run(["check", "missing.log", "--sources", "no/such/dir"])
        #expect(result.status == 1)
        #expect(result.stderr == "trace-analyze: error: no/such/dir: no such directory of Swift sources\n")
    }

    @Test func reportTakesTheSameOptionsAsCheck() throws {
        let workspace = try Workspace()
        let db = workspace.path("t.sqlite")
        try Tool.run(["ingest", Self.eager, "--db", db])
        let output = workspace.path("report.txt")
        let result = try Tool.run(["report", "--db", db, "--sources", Tool.fixture("sources/004-navigation"), "--format", "xcode",
                                   "--strict", "--output", output, "--write-baseline", workspace.path("b.json")])
        #expect(result.status == 2)
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix(Tool.fixture("sources/004-navigation/MyRootView.swift") + ":27:17: warning:"))
        let again = try Tool.run(["report", "--db", db, "--baseline", workspace.path("b.json"), "--strict"])
        #expect(again.status == 0)
        #expect(again.stdout == "\(Self.eager): recognised 16 of 16 lines as lifecycle events\n0 findings in 1 trace; 5 hidden by the baseline\n")
    }
}
