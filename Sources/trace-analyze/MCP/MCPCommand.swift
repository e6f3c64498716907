import Foundation

/// `trace-analyze mcp`: a Model Context Protocol server on stdin and stdout, for coding agents.
enum MCPCommand: Command {
    static let spec = CommandSpec(
        name: "mcp",
        summary: "Serve the tool to coding agents: a Model Context Protocol server over stdio (JSON-RPC 2.0).",
        usage: "",
        options: [],
        positionals: [],
        maxPositionals: 0,
        discussion: """
        Speaks MCP (protocol revision 2025-06-18; 2025-03-26 and 2024-11-05 clients are answered
        in theirs) as newline-delimited JSON-RPC 2.0 on stdin and stdout, until stdin ends. Tools:
        check, why, views, rules, lint, query; each runs the command of that name as a child
        process with --format json, so a result is the JSON reporter's document, an error is the
        command's own message, a long log streams from its path in flat memory, and
        notifications/cancelled ends the call's child. Results name the next calls to make
        (`why` on a finding's view). Resources: the rule directory, trace-analyze://rules/ID.
        No tool writes anywhere but an output path the caller names (check's `output`, a `db`).
        docs/agents.md shows the configuration for common clients.

        EXAMPLES:
          trace-analyze mcp
          claude mcp add trace-analyze -- trace-analyze mcp
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        MCPServer(executable: executablePath).serve()
        return ExitCode.success
    }

    /// This binary, for the children that run each call.
    static var executablePath: String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}
