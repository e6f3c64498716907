import TraceRules

/// The rule directory as the MCP server serves it: the `rules` tool's documents and the
/// `trace-analyze://rules/ID` resources, both made from the pages `rules --markdown` writes.
enum MCPRules {
    static let scheme = "trace-analyze://rules/"

    /// `README.md`, then a page per rule, by resource URI.
    static var resources: [(uri: String, name: String, text: String)] {
        RuleMarkdown.pages(.builtIn, lint: .builtIn).map { page in
            let id = page.name.hasSuffix(".md") ? String(page.name.dropLast(3)) : page.name
            return (scheme + (id == "README" ? "index" : id), id == "README" ? "rules" : id, page.text)
        }
    }

    /// The `resources/list` entries.
    static var listing: [String] {
        resources.map { resource in
            MCPJSON.object([
                ("uri", JSONText.quote(resource.uri)), ("name", JSONText.quote(resource.name)),
                ("title", JSONText.quote(resource.name == "rules" ? "The rule directory" : "Rule \(resource.name)")),
                ("mimeType", "\"text/markdown\""),
            ])
        }
    }

    /// The page at `uri`, or nil when there is none.
    static func page(_ uri: String) -> String? {
        resources.first { $0.uri == uri }?.text
    }

    /// The rule list, or rule `id`'s page, as a JSON document.
    static func document(id: String?) throws -> String {
        var entries: [String] = []
        var known: [String] = []
        for rule in RuleRegistry.builtIn.rules {
            let description: RuleDescription = rule.description
            entries.append(entry(description.identifier, "runtime", description.defaultSeverity, description.summary))
            known.append(description.identifier)
        }
        for rule in LintRegistry.builtIn.rules {
            let description: LintRuleDescription = rule.description
            entries.append(entry(description.identifier, "lint", description.defaultSeverity, description.summary))
            known.append(description.identifier)
        }
        guard let id else { return MCPJSON.object([("rules", MCPJSON.array(entries))]) }
        guard let page = page(scheme + id) else {
            throw MCPTool.ArgumentError(message: "unknown rule '\(id)'; valid rules: \(known.joined(separator: ", "))")
        }
        return MCPJSON.object([("id", JSONText.quote(id)), ("resource", JSONText.quote(scheme + id)), ("markdown", JSONText.quote(page))])
    }

    private static func entry(_ id: String, _ kind: String, _ severity: Severity, _ summary: String) -> String {
        MCPJSON.object([
            ("id", JSONText.quote(id)), ("kind", JSONText.quote(kind)), ("severity", JSONText.quote(severity.rawValue)),
            ("summary", JSONText.quote(summary)), ("resource", JSONText.quote(scheme + id)),
        ])
    }
}
