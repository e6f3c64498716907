import Foundation
import Testing

/// The SwiftPM command plugin, used as an app team would: `fixtures/plugin-sample` is a package
/// that depends on this one by path; copied to a temporary directory and pointed at this
/// checkout, `swift package trace-analyze check ui-test.log` builds the tool and runs it there.
///
/// One test, since it builds this package again from nothing (about a minute alone).
@Suite struct PluginEndToEndTests {
    @Test func swiftPackageTraceAnalyzeChecksTheSamplePackagesLog() throws {
        let swift = try #require(installedProgram("swift"), "swift is not on PATH")
        let workspace = try Workspace()
        let package = workspace.url.appendingPathComponent("plugin-sample")
        try FileManager.default.copyItem(atPath: Tool.fixture("plugin-sample"), toPath: package.path)
        // A build left by running the sample in place would only be built over.
        try? FileManager.default.removeItem(at: package.appendingPathComponent(".build"))
        let manifest = package.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        #expect(text.contains(#"path: "../..""#))
        try text.replacingOccurrences(of: #"path: "../..""#, with: "path: \"\(Tool.packageRoot.path)\"")
            .write(to: manifest, atomically: true, encoding: .utf8)

        // Findings at the fail level: the tool exits 2, which the plugin passes on; SwiftPM then
        // fails (exit 1) and names the plugin's code.
        let strict = try run(swift, ["package", "trace-analyze", "check", "ui-test.log", "--strict", "--format", "summary"], in: package)
        #expect(strict.status == 1, "\(strict.stderr)")
        #expect(strict.stdout == """
            rule                             error  warning  info  total
            -------------------------------  -----  -------  ----  -----
            heavy_initializer                    0        0     3      3
            non_lazy_navigation_destination      0        1     0      1
            repeated_appear                      0        0     1      1
            -------------------------------  -----  -------  ----  -----
            total                                0        1     4      5

            ui-test.log: recognised 16 of 16 lines as lifecycle events
            5 findings (1 warning, 4 info) in 1 trace

            """)
        #expect(strict.stderr.contains("error: Plugin ended with exit code 2"))

        // Below the fail level the plugin succeeds; the package's configuration file is read.
        _ = try workspace.write("plugin-sample/.trace-analyze.json", #"{"disabled_rules": ["heavy_initializer"]}"#)
        let passing = try run(swift, ["package", "trace-analyze", "check", "ui-test.log", "--format", "github-actions-logging"], in: package)
        #expect(passing.status == 0, "\(passing.stderr)")
        #expect(passing.stdout.hasPrefix("::warning file=ui-test.log,line=1,"))
        #expect(!passing.stdout.contains("heavy_initializer"))
    }

    /// Runs `program` with a watchdog long enough for a build on a shared machine.
    private func run(_ program: String, _ arguments: [String], in directory: URL) throws -> Tool.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.removeValue(forKey: "TRACE_ANALYZE_DB")
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = ReadAll(output.fileHandleForReading)
        let errData = ReadAll(errors.fileHandleForReading)
        Watchdog.kill(process, after: 1800)
        process.waitUntilExit()
        return Tool.Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData.wait(), as: UTF8.self),
            stderr: String(decoding: errData.wait(), as: UTF8.self)
        )
    }
}
