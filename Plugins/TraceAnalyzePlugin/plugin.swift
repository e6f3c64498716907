import Foundation
import PackagePlugin

/// `swift package trace-analyze ARGUMENTS...`: runs this package's `trace-analyze` in a package
/// that depends on it, so a team runs `swift package trace-analyze check ui-test.log` without
/// installing anything.
///
/// SwiftPM builds the tool for the host, then the plugin runs it in the package's directory
/// (where `.trace-analyze.json` and relative log paths are looked for) with the arguments as
/// given, its output and errors passed straight through. The tool's exit status ends the
/// plugin: 2 for findings at the fail level, as SwiftLint's does, so CI fails the same way.
@main
struct TraceAnalyzePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "trace-analyze")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments.isEmpty ? ["--help"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        // `check` keeps its store in a temporary file: in the plugin's own work directory, the
        // one place a sandboxed plugin (macOS) may surely write.
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = context.pluginWorkDirectoryURL.path
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit else {
            Diagnostics.error("trace-analyze was stopped by signal \(process.terminationStatus)")
            exit(128 + process.terminationStatus)
        }
        // The tool has said what failed on stderr; a second message here would only repeat it.
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }
}
