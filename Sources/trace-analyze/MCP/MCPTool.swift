import TraceModel

/// One tool the MCP server offers: its name, description and argument schema, and the
/// `trace-analyze` command line a call runs. Each call runs the tool's own binary as a child, so
/// a result is exactly what the CLI prints (the JSON reporter's document), an error carries the
/// CLI's message, a large log streams from its path in the child's flat memory, and a cancelled
/// call ends its child.
struct MCPTool: Sendable {
    /// What a call runs: the arguments after `trace-analyze`, and text for the child's stdin.
    struct Invocation: Sendable {
        var arguments: [String]
        var stdin: String?
    }

    /// A call's arguments are wrong: a JSON-RPC `invalid params` error.
    struct ArgumentError: Error {
        let message: String
    }

    let name: String
    let title: String
    let description: String
    /// The input schema's `properties`, as JSON text.
    let properties: [(String, String)]
    let required: [String]
    /// Runs in-process instead of as a child (the rules, which need no input): the document.
    let answer: (@Sendable (JSONValue) throws -> String)?
    /// The command line of a call; nil for `answer` tools.
    let invocation: (@Sendable (JSONValue) throws -> Invocation)?

    /// The `tools/list` entry.
    var listing: String {
        let schema = MCPJSON.object([
            ("type", "\"object\""),
            ("properties", MCPJSON.object(properties)),
            ("required", MCPJSON.array(required.map(JSONText.quote))),
            ("additionalProperties", "false"),
        ])
        return MCPJSON.object([
            ("name", JSONText.quote(name)), ("title", JSONText.quote(title)),
            ("description", JSONText.quote(description)), ("inputSchema", schema),
        ])
    }

    /// Rejects arguments the schema does not name, and required ones that are missing.
    func check(_ arguments: JSONValue) throws {
        guard case .object(let members, let order) = arguments else {
            throw ArgumentError(message: "\(name): arguments must be an object")
        }
        let known = properties.map(\.0)
        for key in order where !known.contains(key) {
            throw ArgumentError(message: "\(name): unknown argument '\(key)'; valid: \(known.joined(separator: ", "))")
        }
        for key in required where members[key] == nil {
            throw ArgumentError(message: "\(name): missing required argument '\(key)'")
        }
    }
}

extension MCPTool {
    static func string(_ arguments: JSONValue, _ key: String, tool: String) throws -> String? {
        guard let value = arguments[key], value != .null else { return nil }
        guard let text = value.stringValue else {
            throw ArgumentError(message: "\(tool): '\(key)' must be a string, not \(value.typeName)")
        }
        return text
    }

    /// `path` or `text`, exactly one: the log a tool reads.
    static func log(_ arguments: JSONValue, tool: String, optional: Bool = false) throws -> Invocation {
        let path = try string(arguments, "path", tool: tool)
        let text = try string(arguments, "text", tool: tool)
        switch (path, text) {
        case (let path?, nil): return Invocation(arguments: [path], stdin: nil)
        case (nil, let text?): return Invocation(arguments: ["-"], stdin: text)
        case (.some, .some): throw ArgumentError(message: "\(tool): give 'path' or 'text', not both")
        case (nil, nil):
            if optional { return Invocation(arguments: [], stdin: nil) }
            throw ArgumentError(message: "\(tool): give the log as 'path' (a file, read as it streams) or 'text'")
        }
    }

    /// `--name value` for each string argument given.
    static func options(_ arguments: JSONValue, _ keys: [(key: String, option: String)], tool: String) throws -> [String] {
        var options: [String] = []
        for (key, option) in keys {
            if let value = try string(arguments, key, tool: tool) { options += ["--\(option)", value] }
        }
        return options
    }

    static let pathProperty = ("path", #"{"type":"string","description":"A log file (or an Instruments export) to read; streamed, so a long UI-test log costs no more memory than a short one."}"#)
    static let textProperty = ("text", #"{"type":"string","description":"The log's text itself, instead of a path."}"#)
    static let configProperty = ("config", #"{"type":"string","description":"A .trace-analyze.json to read (default: the one in the server's working directory)."}"#)
    static let dbProperty = ("db", #"{"type":"string","description":"A trace database (trace-analyze ingest --db): read its stored trace instead of a log."}"#)
    static let traceProperty = ("trace", #"{"type":"string","description":"The stored trace's id in db (default: the latest)."}"#)

    /// Every tool, in `tools/list` order.
    static let all: [MCPTool] = [check, why, views, rules, lint, query]

    static let check = MCPTool(
        name: "check", title: "Check a log",
        description: "Parse a SwiftUI app's console log and report lifecycle problems (identity churn, redundant inits, heavy initializers, eager navigation destinations...), as `trace-analyze check --format json`: findings with rule, view, message, evidence lines and, with sources, the Swift line that causes each; budgets; coverage. exit_code 2 means a finding reached fail_on. Next: `why` on a finding's view.",
        properties: [
            pathProperty, textProperty,
            ("sources", #"{"type":"string","description":"The app's Swift sources: findings then point at the line that causes them."}"#),
            configProperty,
            ("fail_on", #"{"type":"string","enum":["error","warning","info","never"],"description":"The level at which exit_code is 2 (default error)."}"#),
            ("evaluations", #"{"type":"string","enum":["avoidable","all"]}"#),
            ("format", #"{"type":"string","description":"A reporter other than json (sarif, junit, markdown, xcode...): the result is then its text."}"#),
            ("output", #"{"type":"string","description":"Write the report to this file instead of returning it; the only place the tool writes."}"#),
        ],
        required: [], answer: nil,
        invocation: { arguments in
            var call = try log(arguments, tool: "check")
            call.arguments = ["check"] + call.arguments + ["--format", try string(arguments, "format", tool: "check") ?? "json"]
                + (try options(arguments, [("sources", "sources"), ("config", "config"), ("fail_on", "fail-on"), ("evaluations", "evaluations"), ("output", "output")], tool: "check"))
            return call
        }
    )

    static let why = MCPTool(
        name: "why", title: "Why did a view's body run",
        description: "The chain from each update's root cause down to every body evaluation (or init) of a view, with verdicts (expected, avoidable, unknown) and log lines, as `trace-analyze why VIEW --format json`. Next: `views` for the whole account, `check` for findings.",
        properties: [
            ("view", #"{"type":"string","description":"The view type as the log names it, e.g. PlayButton."}"#),
            ("line", #"{"type":"integer","minimum":1,"description":"Explain the body evaluation or init on this line instead."}"#),
            pathProperty, textProperty, dbProperty, traceProperty, configProperty,
        ],
        required: [], answer: nil,
        invocation: { arguments in
            var call = try log(arguments, tool: "why", optional: true)
            let view = try string(arguments, "view", tool: "why")
            var line: [String] = []
            if let value = arguments["line"] {
                guard let number = value.numberValue, number >= 1, number == number.rounded() else {
                    throw ArgumentError(message: "why: 'line' must be a line number (a positive integer)")
                }
                line = ["--line", String(Int(number))]
            }
            guard view != nil || !line.isEmpty else { throw ArgumentError(message: "why: give 'view' (e.g. PlayButton) or 'line'") }
            call.arguments = ["why"] + (view.map { [$0] } ?? []) + call.arguments + line + ["--format", "json"]
                + (try options(arguments, [("db", "db"), ("trace", "trace"), ("config", "config")], tool: "why"))
            return call
        }
    )

    static let views = MCPTool(
        name: "views", title: "Per-view account",
        description: "One row per view (and named instance): inits, body evaluations split by cause (state, observed_object, environment, dependency, parent, identity, unknown), avoidable ones, appears, deinits, measured time, findings; as `trace-analyze views --format json`. Next: `why` on the view with the most avoidable evaluations.",
        properties: [pathProperty, textProperty, dbProperty, traceProperty, configProperty],
        required: [], answer: nil,
        invocation: { arguments in
            var call = try log(arguments, tool: "views", optional: true)
            call.arguments = ["views"] + call.arguments + ["--format", "json"]
                + (try options(arguments, [("db", "db"), ("trace", "trace"), ("config", "config")], tool: "views"))
            return call
        }
    )

    static let lint = MCPTool(
        name: "lint", title: "Lint Swift sources",
        description: "Find the code shapes behind lifecycle problems in Swift sources, without a log (the same view in both branches of an if, .id(UUID()), @ObservedObject created in place...), as `trace-analyze lint --format json`; honours `// trace-analyze:disable` comments. Next: `rules` on a finding's rule.",
        properties: [
            ("paths", #"{"type":"array","items":{"type":"string"},"minItems":1,"description":"Swift files or directories."}"#),
            configProperty,
        ],
        required: ["paths"], answer: nil,
        invocation: { arguments in
            guard case .array(let items)? = arguments["paths"], !items.isEmpty else {
                throw ArgumentError(message: "lint: 'paths' must be a non-empty array of file or directory paths")
            }
            let paths = try items.map { item -> String in
                guard let path = item.stringValue else { throw ArgumentError(message: "lint: each of 'paths' must be a string, not \(item.typeName)") }
                return path
            }
            return Invocation(arguments: ["lint"] + paths + ["--format", "json"] + (try options(arguments, [("config", "config")], tool: "lint")), stdin: nil)
        }
    )

    static let query = MCPTool(
        name: "query", title: "Query stored traces (read-only SQL)",
        description: "Run read-only SQL on a trace database (schema: `trace-analyze schema`; tables traces, events, changes, findings, evidence, causes, view_summary...), as `trace-analyze query --format json`. A statement that would write is refused, as the CLI refuses it.",
        properties: [
            ("sql", #"{"type":"string","description":"One SELECT (or WITH ... SELECT) statement."}"#),
            ("db", #"{"type":"string","description":"The database (default: $TRACE_ANALYZE_DB, else ./traces.sqlite)."}"#),
        ],
        required: ["sql"], answer: nil,
        invocation: { arguments in
            let sql = try string(arguments, "sql", tool: "query") ?? ""
            return Invocation(arguments: ["query", sql, "--format", "json"] + (try options(arguments, [("db", "db")], tool: "query")), stdin: nil)
        }
    )

    static let rules = MCPTool(
        name: "rules", title: "Rules",
        description: "The rules (runtime and lint) with id, severity and summary; with 'id', that rule's page: why it matters in SwiftUI terms, how to fix it, thresholds and examples (also the resources trace-analyze://rules/ID).",
        properties: [("id", #"{"type":"string","description":"A rule id, e.g. identity_churn."}"#)],
        required: [],
        answer: { arguments in try MCPRules.document(id: try string(arguments, "id", tool: "rules")) },
        invocation: nil
    )
}
