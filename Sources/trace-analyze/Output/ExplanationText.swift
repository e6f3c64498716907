import TraceRules

/// How `why` prints an explanation: text for people, JSON for tools.
enum ExplanationText {
    /// Chains printed in text; JSON lists them all.
    static let maxGroups = 20
    /// Further lines of a group listed after its first occurrence.
    static let maxLines = 10

    static func text(_ explanation: Explanation) -> String {
        let subject = explanation.line.map { "line \($0)" + (explanation.view.map { " (\($0))" } ?? "") }
            ?? explanation.view ?? "?"
        let what = explanation.line == nil ? plural(explanation.evaluations, "body evaluation") : plural(explanation.evaluations, "event")
        let causes = explanation.causes.map { "\($0.cause.words) \($0.count)" }.joined(separator: ", ")
        var text = "\(subject) in \(explanation.source) (trace \(explanation.traceID)): \(what)"
        text += causes.isEmpty ? "" : "; causes: \(causes)"
        text += explanation.groups.count > 1 ? "; \(explanation.groups.count) distinct chains\n" : "\n"
        for group in explanation.groups.prefix(maxGroups) {
            text += "\n" + (group.lines.count > 1 ? "\(group.lines.count)× " : "") + group.sentence + "\n"
            let width = String(group.links.map(\.line).max() ?? 0).count
            var shown = Set<Int>()
            for link in group.links where shown.insert(link.line).inserted {
                text += "    " + String(repeating: " ", count: width - String(link.line).count) + "\(link.line)  \(link.text)\n"
            }
            if group.lines.count > 1 {
                let more = group.lines.dropFirst()
                text += "    also at line\(more.count == 1 ? "" : "s") " + more.prefix(maxLines).map(String.init).joined(separator: ", ")
                text += more.count > maxLines ? " and \(more.count - maxLines) more\n" : "\n"
            }
        }
        if explanation.groups.count > maxGroups {
            text += "\n… and \(plural(explanation.groups.count - maxGroups, "more chain")) (--format json lists all)\n"
        }
        return text
    }

    static func json(_ explanation: Explanation) -> String {
        JSONDocument.object([
            ("trace", .int(explanation.traceID)),
            ("source", .string(explanation.source)),
            ("view", .string(explanation.view)),
            ("line", explanation.line.map { .int($0) } ?? .null),
            ("evaluations", .int(explanation.evaluations)),
            ("causes", .object(explanation.causes.map { ($0.cause.rawValue, .int($0.count)) })),
            ("chains", .array(explanation.groups.map { group in
                .object([
                    ("count", .int(group.lines.count)),
                    ("summary", .string(group.summary)),
                    ("chain", .string(group.sentence)),
                    ("lines", .array(group.lines.map { .int($0) })),
                    ("links", .array(group.links.map { link in
                        .object([
                            ("line", .int(link.line)),
                            ("kind", .string(link.kind.rawValue)),
                            ("view", .string(link.view)),
                            ("cause", .string(link.cause?.rawValue)),
                            ("property", .string(link.property)),
                            ("basis", .string(link.basis?.rawValue)),
                            ("step", .string(link.phrase)),
                            ("text", .string(link.text)),
                        ])
                    })),
                ])
            })),
        ]).text
    }
}
