import TraceModel

/// The calls an agent would make next after a tool's result: `why` on a finding's view,
/// `rules` on its rule, `views` after `why`. Each is `{"tool", "arguments", "reason"}`, its
/// arguments reading the same log the call read.
enum MCPNextCalls {
    /// At most this many suggestions per result.
    static let limit = 5

    static func suggest(tool: String, document: JSONValue, invocation: MCPTool.Invocation) -> [String] {
        // The same log again: its path, or (for text) nothing to point at.
        var logArguments: [(String, String)] = []
        // `check PATH …`, `views PATH …`, `why VIEW PATH …`: the first positional that is a path.
        let positionals = invocation.arguments.dropFirst(tool == "why" ? 2 : 1)
        if invocation.stdin == nil, let path = positionals.first, !path.hasPrefix("-") {
            logArguments = [("path", JSONText.quote(path))]
        }
        var suggestions: [String] = []
        var seen: Set<String> = []
        func add(_ next: String, _ arguments: [(String, String)], _ reason: String) {
            let key = next + MCPJSON.object(arguments)
            guard suggestions.count < limit, seen.insert(key).inserted else { return }
            suggestions.append(MCPJSON.object([
                ("tool", JSONText.quote(next)), ("arguments", MCPJSON.object(arguments)), ("reason", JSONText.quote(reason)),
            ]))
        }
        switch tool {
        case "check":
            guard case .array(let findings)? = document["findings"] else { return [] }
            for finding in findings {
                guard let view = finding["view"]?.stringValue, let rule = finding["rule"]?.stringValue else { continue }
                if !logArguments.isEmpty, tool == "check" {
                    add("why", [("view", JSONText.quote(view))] + logArguments, "the causes of \(view)'s body evaluations behind its \(rule) finding")
                }
                if rule != "budget" { add("rules", [("id", JSONText.quote(rule))], "what \(rule) means and how to fix it") }
            }
        case "views":
            guard case .array(let rows) = document else { return [] }
            let ranked = rows.filter { ($0["avoidable"]?.numberValue ?? 0) > 0 } + rows
            if let view = ranked.first?["view"]?.stringValue, !logArguments.isEmpty {
                add("why", [("view", JSONText.quote(view))] + logArguments, "the chains behind \(view)'s body evaluations")
            }
        case "lint":
            guard case .array(let findings)? = document["findings"] else { return [] }
            for finding in findings {
                if let rule = finding["rule"]?.stringValue { add("rules", [("id", JSONText.quote(rule))], "what \(rule) flags and how to fix it") }
            }
        case "why":
            if !logArguments.isEmpty { add("views", logArguments, "every view's account, to compare") }
        default:
            break
        }
        return suggestions
    }
}
