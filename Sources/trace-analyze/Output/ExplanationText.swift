import Foundation
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
        // Avoidable first: what the developer can act on.
        let verdicts = [Verdict.avoidable, .expected, .unknown].compactMap { verdict in
            explanation.verdicts.first { $0.verdict == verdict && $0.count > 0 }.map { "\($0.count) \(verdict.rawValue)" }
        }
        text += verdicts.isEmpty ? "" : "; " + verdicts.joined(separator: ", ")
        let measured = explanation.groups.compactMap(\.measured)
        if !measured.isEmpty {
            let count = measured.reduce(0) { $0 + $1.count }
            text += "; measured: \(milliseconds(measured.reduce(0) { $0 + $1.totalMs })) in \(plural(count, "evaluation")), "
                + "up to \(milliseconds(measured.map(\.maxMs).max() ?? 0))"
        }
        text += explanation.groups.count > 1 ? "; \(explanation.groups.count) distinct chains\n" : "\n"
        for group in explanation.groups.prefix(maxGroups) {
            text += "\n" + (group.lines.count > 1 ? "\(group.lines.count)× " : "") + verdictMark(group) + group.sentence
            if let measured = group.measured {
                text += measured.count == 1 ? " [\(milliseconds(measured.totalMs))]"
                    : " [\(milliseconds(measured.totalMs)) in all, up to \(milliseconds(measured.maxMs))]"
            }
            text += "\n"
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

    /// `[avoidable] ` when the group's evaluations share a verdict, `[2 unknown, 1 expected] `
    /// when not; nothing for a group of inits (`--line` on an init).
    static func verdictMark(_ group: ChainGroup) -> String {
        guard !group.verdicts.isEmpty else { return "" }
        if group.verdicts.count == 1 { return "[\(group.verdicts[0].verdict.rawValue)] " }
        return "[" + group.verdicts.sorted { $0.count > $1.count }.map { "\($0.count) \($0.verdict.rawValue)" }.joined(separator: ", ") + "] "
    }

    /// `0.612 ms`: microsecond digits, trailing zeros dropped.
    static func milliseconds(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " ms"
    }

    /// The group's measured time in all, for JSON; null when none was measured.
    private static func measuredTotal(_ group: ChainGroup) -> JSONDocument {
        guard let measured = group.measured else { return .null }
        return .number(measured.totalMs)
    }

    /// The group's longest measured evaluation, for JSON.
    private static func measuredMax(_ group: ChainGroup) -> JSONDocument {
        guard let measured = group.measured else { return .null }
        return .number(measured.maxMs)
    }

    static func json(_ explanation: Explanation) -> String {
        JSONDocument.object([
            ("trace", .int(explanation.traceID)),
            ("source", .string(explanation.source)),
            ("view", .string(explanation.view)),
            ("line", explanation.line.map { .int($0) } ?? .null),
            ("evaluations", .int(explanation.evaluations)),
            ("causes", .object(explanation.causes.map { ($0.cause.rawValue, .int($0.count)) })),
            ("verdicts", .object(explanation.verdicts.map { ($0.verdict.rawValue, .int($0.count)) })),
            ("chains", .array(explanation.groups.map { group in
                .object([
                    ("count", .int(group.lines.count)),
                    ("verdicts", .object(group.verdicts.map { ($0.verdict.rawValue, .int($0.count)) })),
                    ("summary", .string(group.summary)),
                    ("chain", .string(group.sentence)),
                    ("lines", .array(group.lines.map { .int($0) })),
                    ("measured_ms", measuredTotal(group)),
                    ("max_ms", measuredMax(group)),
                    ("links", .array(group.links.map { link in
                        .object([
                            ("line", .int(link.line)),
                            ("kind", .string(link.kind.rawValue)),
                            ("view", .string(link.view)),
                            ("cause", .string(link.cause?.rawValue)),
                            ("property", .string(link.property)),
                            ("basis", .string(link.basis?.rawValue)),
                            ("verdict", .string(link.verdict?.rawValue)),
                            ("step", .string(link.phrase)),
                            ("text", .string(link.text)),
                        ])
                    })),
                ])
            })),
        ]).text
    }
}
