import Foundation
import RequiredTools
import Testing

/// `trace-analyze fix` and `lint --fix` as a user runs them on a small app: the diff, the
/// files written (permissions kept), a second run that changes nothing, code that still parses
/// and compiles against the SwiftUI stand-in, lint afterwards, `--rule`, `--log`, and the
/// fixes in SARIF and in the html report's cards.
@Suite struct FixEndToEndTests {
    static let settings = """
        import SwiftUI

        final class SettingsModel: ObservableObject {
            @Published var title = "Settings"
            init() { print("SettingsModel init") }
        }

        struct SettingsScreen: View {
            @ObservedObject var model = SettingsModel()
            var body: some View { Text(model.title) }
        }

        """
    static let card = """
        import SwiftUI

        struct AccountCard: View {
            var isCompact: Bool
            var body: some View {
                if isCompact {
                    Avatar(size: 24, label: "small")
                        .padding()
                } else {
                    Avatar(size: 64, label: "large")
                        .padding()
                }
            }
        }

        struct Avatar: View {
            let size: Int
            let label: String
            @State private var loaded = false
            var body: some View { Text(label) }
        }

        """
    static let fixedSettingsLine = "    @StateObject private var model = SettingsModel()"
    static let fixedCard = "    var body: some View {\n        Avatar(size: isCompact ? 24 : 64, label: isCompact ? \"small\" : \"large\")\n            .padding()\n    }\n"

    private func app(_ workspace: Workspace) throws -> (settings: String, card: String) {
        try FileManager.default.createDirectory(atPath: workspace.path("App"), withIntermediateDirectories: true)
        return (try workspace.write("App/SettingsScreen.swift", Self.settings), try workspace.write("App/AccountCard.swift", Self.card))
    }

    @Test func dryRunPrintsTheDiffAndChangesNothing() throws {
        let workspace = try Workspace()
        let files = try app(workspace)
        let result = try Tool.run(["fix", "App", "--dry-run"], in: workspace.url)
        #expect(result.status == 0)
        #expect(result.stdout.contains("--- a/App/SettingsScreen.swift\n+++ b/App/SettingsScreen.swift\n"), "\(result.stdout)")
        #expect(result.stdout.contains("-    @ObservedObject var model = SettingsModel()\n+\(Self.fixedSettingsLine)\n"))
        #expect(result.stdout.contains("+        Avatar(size: isCompact ? 24 : 64, label: isCompact ? \"small\" : \"large\")\n"))
        #expect(result.stderr == "trace-analyze: would fix 2 sites in 2 files (conditional_view_identity 1, observed_object_created 1)\n")
        #expect(try String(contentsOfFile: files.settings, encoding: .utf8) == Self.settings)
        #expect(try String(contentsOfFile: files.card, encoding: .utf8) == Self.card)
    }

    @Test func fixWritesKeepsPermissionsParsesAndASecondRunChangesNothing() throws {
        let workspace = try Workspace()
        let files = try app(workspace)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: files.settings)
        let first = try Tool.run(["fix", "App"], in: workspace.url)
        #expect(first.status == 0)
        #expect(first.stdout == "")
        #expect(first.stderr == "trace-analyze: fixed 2 sites in 2 files (conditional_view_identity 1, observed_object_created 1)\n")
        let settings = try String(contentsOfFile: files.settings, encoding: .utf8)
        #expect(settings == Self.settings.replacingOccurrences(of: "    @ObservedObject var model = SettingsModel()", with: Self.fixedSettingsLine))
        #expect(try String(contentsOfFile: files.card, encoding: .utf8).contains(Self.fixedCard))
        let mode = try FileManager.default.attributesOfItem(atPath: files.settings)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        for file in [files.settings, files.card] {
            let parse = try Tool.run(["swiftc", "-parse", "-swift-version", "6", file], program: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(parse.status == 0, "\(parse.stderr)")
        }
        let second = try Tool.run(["fix", "App"], in: workspace.url)
        #expect(second.stderr == "trace-analyze: fixed 0 sites in 0 files\n")
        #expect(try String(contentsOfFile: files.settings, encoding: .utf8) == settings)
        // Lint no longer reports the fixed sites.
        let lint = try Tool.run(["lint", "App", "--format", "xcode"], in: workspace.url)
        #expect(lint.stdout == "", "\(lint.stdout)")
    }

    @Test func lintFixFixesThenReportsWhatIsLeft() throws {
        let workspace = try Workspace()
        let files = try app(workspace)
        _ = try workspace.write("App/Chart.swift", "import SwiftUI\nstruct Dashboard: View {\n    var body: some View { Chart().id(UUID()) }\n}\nstruct Chart: View {\n    @State private var zoom = 1\n    var body: some View { Text(\"c\") }\n}\n")
        let result = try Tool.run(["lint", "App", "--fix", "--format", "xcode"], in: workspace.url)
        #expect(result.stderr.contains("trace-analyze: fixed 2 sites in 2 files"), "\(result.stderr)")
        #expect(try String(contentsOfFile: files.settings, encoding: .utf8).contains(Self.fixedSettingsLine))
        // `.id(UUID())` needs a person: reported, with a fix naming the view, not changed.
        #expect(result.stdout.contains("(random_view_id)"), "\(result.stdout)")
        #expect(result.stdout.contains("Fix: In `Dashboard`, replace `.id(UUID())` on `Chart` with a value that changes only when it should start over"), "\(result.stdout)")
        #expect(!result.stdout.contains("observed_object_created") && !result.stdout.contains("conditional_view_identity"))
    }

    @Test func ruleAndLogChooseTheSites() throws {
        let workspace = try Workspace()
        let files = try app(workspace)
        let only = try Tool.run(["fix", "App", "--rule", "observed_object_created"], in: workspace.url)
        #expect(only.stderr.hasPrefix("trace-analyze: fixed 1 site in 1 file (observed_object_created 1)"), "\(only.stderr)")
        #expect(try String(contentsOfFile: files.card, encoding: .utf8) == Self.card)
        let unknown = try Tool.run(["fix", "App", "--rule", "random_view_id"], in: workspace.url)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("--rule random_view_id: this rule has no mechanical fix; rules that fix: "), "\(unknown.stderr)")

        // A log in which only SettingsScreen's model is made again: only its site is fixed.
        let again = try Workspace()
        let fresh = try app(again)
        _ = try again.write("app.log", "SettingsModel init\nSettingsScreen init\nSettingsModel init\nSettingsScreen init\nSettingsScreen appear\n")
        let logged = try Tool.run(["fix", "App", "--log", "app.log"], in: again.url)
        #expect(logged.status == 0)
        #expect(logged.stderr.hasPrefix("trace-analyze: fixed 1 site in 1 file (observed_object_created 1); 1 site of these rules left for a person"), "\(logged.stderr)")
        #expect(try String(contentsOfFile: fresh.settings, encoding: .utf8).contains(Self.fixedSettingsLine))
        #expect(try String(contentsOfFile: fresh.card, encoding: .utf8) == Self.card)
    }

    /// The fixed app, then instrumented, still compiles against the SwiftUI stand-in.
    @Test func theFixedAndInstrumentedAppCompilesAgainstTheStandIn() throws {
        let workspace = try Workspace()
        let copy = try InstrumentEndToEndTests.copyOfTheApp(in: workspace, named: "App")
        _ = try workspace.write("App/SettingsScreen.swift", Self.settings)
        _ = try workspace.write("App/AccountCard.swift", Self.card)
        let fixed = try Tool.run(["fix", copy.path])
        #expect(fixed.stderr.hasPrefix("trace-analyze: fixed 2 sites in 2 files"), "\(fixed.stderr)")
        let modules = try StandIn()
        try modules.build(copy, debug: false)
        let instrumented = try Tool.run(["instrument", copy.path])
        #expect(instrumented.status == 0, "\(instrumented.stderr)")
        try modules.build(copy, debug: true)
    }

    /// The stand-in with its dynamic properties (`@StateObject`, `@ObservedObject`) as library
    /// `SwiftUI`, and TraceProbe built against it.
    final class StandIn {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fix-e2e-\(UUID().uuidString)")
        var standIn: URL { directory.appendingPathComponent("swiftui") }
        var probe: URL { directory.appendingPathComponent("probe") }

        init() throws {
            for url in [directory, standIn, probe] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
            let root = Tool.packageRoot.appendingPathComponent("Tests/SwiftUIStandIn")
            try InstrumentEndToEndTests.swiftc(["-emit-library", "-emit-module", "-parse-as-library", "-module-name", "SwiftUI", "-swift-version", "5",
                "-emit-module-path", standIn.appendingPathComponent("SwiftUI.swiftmodule").path, "-o", standIn.appendingPathComponent("libSwiftUI.so").path,
                root.appendingPathComponent("SwiftUI.swift").path, root.appendingPathComponent("SwiftUI+Properties.swift").path])
            let probeSources = try FileManager.default.subpathsOfDirectory(atPath: Tool.packageRoot.appendingPathComponent("Sources/TraceProbe").path)
                .filter { $0.hasSuffix(".swift") }.sorted().map { Tool.packageRoot.appendingPathComponent("Sources/TraceProbe/\($0)").path }
            try InstrumentEndToEndTests.swiftc(["-emit-library", "-emit-module", "-parse-as-library", "-module-name", "TraceProbe", "-swift-version", "6",
                "-I", standIn.path, "-L", standIn.path, "-lSwiftUI", "-emit-module-path", probe.appendingPathComponent("TraceProbe.swiftmodule").path,
                "-o", probe.appendingPathComponent("libTraceProbe.so").path] + probeSources)
        }

        func build(_ sources: URL, debug: Bool) throws {
            let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.sorted().map { sources.appendingPathComponent($0).path }
            var arguments = ["-parse-as-library", "-swift-version", "6", "-I", standIn.path, "-L", standIn.path, "-lSwiftUI", "-Xlinker", "-rpath", "-Xlinker", standIn.path]
            if debug { arguments += ["-DDEBUG", "-I", probe.path, "-L", probe.path, "-lTraceProbe", "-Xlinker", "-rpath", "-Xlinker", probe.path] }
            try InstrumentEndToEndTests.swiftc(arguments + ["-o", directory.appendingPathComponent(debug ? "app-debug" : "app-release").path] + files)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    /// The SARIF carrying a fix (`fixes`, `artifactChanges`, `replacements`) is valid SARIF 2.1.0,
    /// against OASIS's own schema.
    @Test(.enabled(if: RequiredTool.jsonschema.shouldRun("FixEndToEndTests.sarifWithFixesValidatesAgainstOASISsSchema")))
    func sarifWithFixesValidatesAgainstOASISsSchema() throws {
        let workspace = try Workspace()
        _ = try app(workspace)
        _ = try workspace.write("app.log", "SettingsModel init\nSettingsScreen init\nSettingsModel init\nSettingsScreen init\nSettingsScreen appear\n")
        let sarif = try Tool.run(["check", "app.log", "--sources", "App", "--format", "sarif"], in: workspace.url)
        #expect(sarif.stdout.contains("\"artifactChanges\""))
        let errors = try SchemaValidators.jsonSchemaErrors(sarif.stdout, schema: "schemas/sarif-schema-2.1.0.json")
        #expect(errors == nil, "\(errors ?? "")")
    }

    /// With `--sources`, a confirmed site's fix is in SARIF (`fixes` with `artifactChanges`) and
    /// in the html card (read back from headless Chromium).
    @Test(.enabled(if: RequiredTool.chromium.shouldRun("FixEndToEndTests.sarifAndHTMLCarryTheFix")))
    func sarifAndHTMLCarryTheFix() throws {
        let workspace = try Workspace()
        _ = try app(workspace)
        _ = try workspace.write("app.log", "SettingsModel init\nSettingsScreen init\nSettingsModel init\nSettingsScreen init\nSettingsScreen appear\n")
        let sarif = try Tool.run(["check", "app.log", "--sources", "App", "--format", "sarif"], in: workspace.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let result = try #require((run["results"] as? [[String: Any]])?.first { $0["ruleId"] as? String == "heavy_initializer" })
        let fix = try #require((result["fixes"] as? [[String: Any]])?.first)
        #expect((fix["description"] as? [String: Any])?["text"] as? String
            == "In `SettingsScreen`, `@ObservedObject var model = SettingsModel()` → `@StateObject private var model = SettingsModel()`, so SettingsScreen makes one SettingsModel per identity and keeps it")
        let change = try #require((fix["artifactChanges"] as? [[String: Any]])?.first)
        #expect((change["artifactLocation"] as? [String: Any])?["uri"] as? String == "App/SettingsScreen.swift")
        let replacements = try #require(change["replacements"] as? [[String: Any]])
        #expect(replacements.count == 2)
        #expect(replacements.first?["deletedRegion"] as? [String: Int] == ["startLine": 9, "startColumn": 5, "endLine": 9, "endColumn": 20])
        #expect((replacements.first?["insertedContent"] as? [String: Any])?["text"] as? String == "@StateObject")
        #expect((replacements.last?["insertedContent"] as? [String: Any])?["text"] as? String == "private ")

        let html = try Tool.run(["check", "app.log", "--sources", "App", "--format", "html", "--output", "report.html"], in: workspace.url)
        #expect(html.status == 0, "\(html.stderr)")
        let dom = try Chromium.dumpDOM(workspace.path("report.html"))
        let drawn = try Chromium.dataAttributes(of: "drawn", in: dom)
        #expect(drawn["errors"] == "0")
        #expect(drawn["fixes"] == "1")
        #expect(drawn["fix-changes"] == "1")
        #expect(dom.contains("- " + "    @ObservedObject var model = SettingsModel()"))
        #expect(dom.contains("+ " + Self.fixedSettingsLine))
    }
}
