import Foundation
import Testing

/// `instrument` on a small app in the shapes real SwiftUI code has (`fixtures/instrument-app`):
/// the app is instrumented by the built binary, compiled with swiftc against the SwiftUI
/// stand-in (a renderer that keeps `@State` per identity) and TraceProbe, run, and `check` on
/// what it printed finds exactly the planted problems with their true counts and durations.
/// The same sources uninstrumented compile as they are, and `--remove` gives them back.
@Suite(.serialized) struct InstrumentEndToEndTests {
    static let app = Tool.fixture("instrument-app/App")

    /// The stand-in as library `SwiftUI`, and TraceProbe built against it, in a directory each.
    final class Modules {
        let directory: URL
        var standIn: URL { directory.appendingPathComponent("swiftui") }
        var probe: URL { directory.appendingPathComponent("probe") }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("instrument-e2e-\(UUID().uuidString)")
            for url in [directory, standIn, probe] { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
            // Swift 5 mode for the stand-in only (see SwiftUILayerTypeCheckTests); the probe and the app are Swift 6.
            try swiftc(["-emit-library", "-emit-module", "-parse-as-library", "-module-name", "SwiftUI", "-swift-version", "5",
                        "-emit-module-path", standIn.appendingPathComponent("SwiftUI.swiftmodule").path,
                        "-o", standIn.appendingPathComponent("libSwiftUI.so").path,
                        Tool.packageRoot.appendingPathComponent("Tests/SwiftUIStandIn/SwiftUI.swift").path])
            let probeSources = try FileManager.default.subpathsOfDirectory(atPath: Tool.packageRoot.appendingPathComponent("Sources/TraceProbe").path)
                .filter { $0.hasSuffix(".swift") }.sorted()
                .map { Tool.packageRoot.appendingPathComponent("Sources/TraceProbe/\($0)").path }
            try swiftc(["-emit-library", "-emit-module", "-parse-as-library", "-module-name", "TraceProbe", "-swift-version", "6",
                        "-I", standIn.path, "-L", standIn.path, "-lSwiftUI",
                        "-emit-module-path", probe.appendingPathComponent("TraceProbe.swiftmodule").path,
                        "-o", probe.appendingPathComponent("libTraceProbe.so").path] + probeSources)
        }

        /// Builds the app in `sources` (a debug build with TraceProbe, or a release-like one
        /// without it and without `DEBUG`) and returns the program.
        func build(_ sources: URL, debug: Bool) throws -> URL {
            let program = directory.appendingPathComponent(debug ? "app-debug" : "app-release")
            let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }.sorted()
                .map { sources.appendingPathComponent($0).path }
            var arguments = ["-parse-as-library", "-swift-version", "6", "-I", standIn.path, "-L", standIn.path, "-lSwiftUI",
                             "-Xlinker", "-rpath", "-Xlinker", standIn.path]
            if debug {
                arguments += ["-DDEBUG", "-I", probe.path, "-L", probe.path, "-lTraceProbe", "-Xlinker", "-rpath", "-Xlinker", probe.path]
            }
            try swiftc(arguments + ["-o", program.path] + files)
            return program
        }

        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    /// Runs `swiftc` (`SWIFTC`, else the one on PATH); throws with its output when it fails.
    static func swiftc(_ arguments: [String]) throws {
        let compiler = ProcessInfo.processInfo.environment["SWIFTC"]
        let result = try Tool.run((compiler == nil ? ["swiftc"] : []) + arguments, program: URL(fileURLWithPath: compiler ?? "/usr/bin/env"))
        if result.status != 0 { throw CompileError(output: result.stdout + result.stderr) }
    }

    struct CompileError: Error, CustomStringConvertible {
        let output: String
        var description: String { "swiftc failed:\n\(output)" }
    }

    /// A copy of the fixture app in `workspace`.
    static func copyOfTheApp(in workspace: Workspace, named name: String) throws -> URL {
        let copy = workspace.url.appendingPathComponent(name)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: app), to: copy)
        return copy
    }

    static func files(in directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return files
    }

    /// The command as a user types it: a dry run prints the diff on stdout and changes
    /// nothing; wrong options and missing paths are one line and exit 1.
    @Test func dryRunPrintsADiffAndBadInputIsOneLine() throws {
        let workspace = try Workspace()
        let view = try workspace.write("Card.swift", "import SwiftUI\nstruct Card: View {\n    var body: some View { Text(\"card\") }\n}\n")
        let before = try String(contentsOfFile: view, encoding: .utf8)
        let dry = try Tool.run(["instrument", "--dry-run", workspace.url.path])
        #expect(dry.status == 0)
        #expect(dry.stdout.hasPrefix("--- \(view)\n+++ \(view)\n@@ -1,4 +1,"), "\(dry.stdout)")
        #expect(dry.stdout.contains("+    @State private var traceProbe = ViewProbe(Card.self) // trace-analyze:instrument\n"))
        #expect(dry.stderr == "trace-analyze: instrument would change 1 of 1 Swift file: 1 view (1 with appear/disappear), 0 models\n")
        #expect(try String(contentsOfFile: view, encoding: .utf8) == before)
        let printChanges = try Tool.run(["instrument", "--print-changes", "--condition", "TRACE_VIEWS", view])
        #expect(printChanges.stderr == "trace-analyze: instrument changed 1 of 1 Swift file: Self._printChanges() in 1 view\n")
        #expect(try String(contentsOfFile: view, encoding: .utf8).contains("#if TRACE_VIEWS // trace-analyze:instrument\n"))
        #expect(try Tool.run(["instrument", "--remove", view]).status == 0)
        #expect(try String(contentsOfFile: view, encoding: .utf8) == before)

        let badCondition = try Tool.run(["instrument", "--condition", "DEBUG || X", view])
        #expect(badCondition.status == 1)
        #expect(badCondition.stderr == "trace-analyze: error: --condition 'DEBUG || X' is not a compilation condition (letters, digits and _) (see 'trace-analyze instrument --help')\n")
        let both = try Tool.run(["instrument", "--remove", "--print-changes", view])
        #expect(both.status == 1 && both.stderr.hasPrefix("trace-analyze: error: --remove takes out whatever was inserted"))
        let missing = try Tool.run(["instrument", workspace.path("Nowhere")])
        #expect(missing.status == 1)
        #expect(missing.stderr == "trace-analyze: error: \(workspace.path("Nowhere")): no such file or directory\n")
    }

    /// `--only` and `--exclude` limit what changes and say how many files they left out; a
    /// limit that names nothing is a usage error, before any file is touched.
    @Test func onlyAndExcludeLimitTheChangeFromTheCommandLine() throws {
        let workspace = try Workspace()
        let view = { (name: String) in "import SwiftUI\nstruct \(name): View {\n    var body: some View { Text(\"x\") }\n}\n" }
        try FileManager.default.createDirectory(atPath: workspace.path("Feature/Old"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: workspace.path("Other"), withIntermediateDirectories: true)
        let kept = try ["Feature/Old/B.swift", "Other/C.swift"].map { try workspace.write($0, view(($0 as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: ""))) }
        let changed = try workspace.write("Feature/A.swift", view("A"))
        let run = try Tool.run(["instrument", workspace.url.path, "--only", workspace.path("Feature"), "--exclude", workspace.path("Feature/Old")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("trace-analyze: instrument changed 1 of 1 Swift file (and read 2 more, left out by --only/--exclude): 1 view"), "\(run.stderr)")
        #expect(try String(contentsOfFile: changed, encoding: .utf8).contains("ViewProbe(A.self)"))
        for file in kept { #expect(!(try String(contentsOfFile: file, encoding: .utf8)).contains("trace-analyze:instrument"), "\(file)") }
        let nowhere = try Tool.run(["instrument", workspace.url.path, "--only", workspace.path("Nowhere")])
        #expect(nowhere.status == 1)
        #expect(nowhere.stderr == "trace-analyze: error: --only/--exclude \(workspace.path("Nowhere")): no such file or directory (see 'trace-analyze instrument --help')\n")
    }

    #if !canImport(SwiftUI)
    @Test func anInstrumentedAppRunsAndCheckFindsExactlyThePlantedProblems() throws {
        let modules = try Modules()
        let workspace = try Workspace()
        let original = try Self.files(in: URL(fileURLWithPath: Self.app))

        // The app as it is: it compiles and, with no view instrumented, writes no probe line.
        let plain = try Self.copyOfTheApp(in: workspace, named: "Plain")
        let plainRun = try Tool.run([], program: try modules.build(plain, debug: true))
        #expect(plainRun.status == 0 && plainRun.stdout.isEmpty, "\(plainRun.stdout)\(plainRun.stderr)")

        let sources = try Self.copyOfTheApp(in: workspace, named: "App")
        let instrument = try Tool.run(["instrument", sources.path])
        #expect(instrument.status == 0)
        #expect(instrument.stdout.isEmpty)
        #expect(instrument.stderr.contains("instrument changed 4 of 5 Swift files: 12 views (12 with appear/disappear), 1 model"), "\(instrument.stderr)")
        #expect(instrument.stderr.contains(".product(name: \"TraceProbe\", package: \"trace-analyze\")"))
        // Main.swift declares no view: left as it was.
        #expect(try Data(contentsOf: sources.appendingPathComponent("Main.swift")) == original["Main.swift"])
        // A second run changes nothing.
        let again = try Tool.run(["instrument", sources.path])
        #expect(again.stderr.contains("instrument changed 0 of 5 Swift files"), "\(again.stderr)")

        // Without DEBUG the inserted code is gone: it builds with no TraceProbe in reach.
        _ = try modules.build(sources, debug: false)
        let run = try Tool.run([], program: try modules.build(sources, debug: true))
        #expect(run.status == 0, "\(run.stderr)")
        let log = workspace.url.appendingPathComponent("app.log")
        try Data(run.stdout.utf8).write(to: log)

        let check = try Tool.run(["check", "--format", "json", "--fail-on", "never", log.path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any], "\(check.stderr)")
        let findings = (json["findings"] as? [[String: Any]] ?? []).map {
            "\($0["rule"] as? String ?? "") \($0["view"] as? String ?? "") \($0["count"] as? Int ?? -1)"
        }
        // The truth the app was written to: PlayButton hidden and shown twice; five counts each
        // make StatsPanel (and a StatsModel that spends 2.5 ms) again inside CounterHost's body:
        // six StatsPanel values, the first one shown, five dropped unread (the finding's count is
        // the dropped values, as its message and fix first say).
        #expect(findings.sorted() == [
            "heavy_initializer StatsPanel 6",
            "identity_churn PlayButton 2",
            "long_body_update CounterHost 6",
            "redundant_instance_creation StatsPanel 5",
            "state_model_reinit StatsPanel 5",
        ], "\(findings)")
        let messages = (json["findings"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        // The app's `if` hides the button in one update and shows it in the next: shown again.
        #expect(messages.contains { $0.hasPrefix("PlayButton was removed and shown again 2 times (exact, from TraceProbe's state tokens") })
        #expect(messages.contains { $0.hasPrefix("StatsPanel's init created StatsModel (6 times; measured: 15 ms in all, up to 2.5 ms each)") })
        #expect(messages.contains { $0.hasPrefix("StatsPanel was initialised 6 times but its body was evaluated only once (exact") })
        #expect(messages.contains { $0.hasPrefix("CounterHost's body took 2.5 ms at most (measured): 6 of 6 measured evaluations") })
        let coverage = try #require((json["coverage"] as? [[String: Any]])?.first)
        #expect(coverage["lines"] as? Int == coverage["lifecycle_events"] as? Int, "every line the app wrote is an event")
        // Every view that was shown wrote its first body, and appeared once.
        for view in ["Dashboard", "Header", "ToggleHost", "PlayButton", "CounterHost", "StatsPanel", "Gallery", "Badge<Int>", "Titled", "Caption", "Highlighted", "Footer"] {
            #expect(run.stdout.contains("kind=body view=\(view) "), "\(view) wrote no body line")
        }
        // Header's body ends in an #if, which no modifier can follow; its first Text reports for it.
        #expect(run.stdout.components(separatedBy: "kind=appear view=Header ").count - 1 == 1)

        // --remove gives every file back byte for byte.
        let remove = try Tool.run(["instrument", "--remove", sources.path])
        #expect(remove.status == 0)
        #expect(remove.stderr.contains("instrument --remove changed 4 of 5 Swift files"), "\(remove.stderr)")
        #expect(try Self.files(in: sources) == original)
    }
    #endif
}
