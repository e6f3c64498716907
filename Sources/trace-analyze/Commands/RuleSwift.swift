import TraceRules

/// The Swift a rule's page and `trace-analyze rules ID` show under "How to fix it", in one list
/// so the two say the same. For a runtime rule: its own before/after pairs (type-checked by
/// `RuleSwiftPairTests`), then each lint rule that explains it, with its `fix` pair when it has
/// one that changes code, else the shape of its first triggering example. For a lint rule: its
/// before/after pairs that need a person's judgement (its corrections, which `fix` makes, are
/// shown as its tests before them).
struct RuleSwift {
    enum Source {
        /// The rule's own pair, with its note.
        case pair(note: String)
        /// A lint rule's correction, which `trace-analyze fix` makes.
        case correction(lintRule: String)
        /// A lint rule's shape, which `fix` leaves alone; `byHand` when the lint rule's page
        /// shows the change a person makes.
        case shape(lintRule: String, byHand: Bool)
        /// A lint rule's own pair, a change `fix` does not make, with its note.
        case byHand(note: String)
    }

    let source: Source
    /// The code before the fix; nil for a shape alone.
    let before: String?
    /// The code after the fix, or the shape.
    let code: String

    static func items(for description: RuleDescription, lint statics: [LintRuleDescription]) -> [RuleSwift] {
        var items = description.swiftFix.map { RuleSwift(source: .pair(note: $0.note), before: $0.before, code: $0.after) }
        for lint in statics where lint.explains.contains(description.identifier) {
            if let pair = lint.corrections.first(where: { $0.before != $0.after }) {
                items.append(RuleSwift(source: .correction(lintRule: lint.identifier), before: pair.before, code: pair.after))
            } else if let example = lint.triggeringExamples.first {
                items.append(RuleSwift(source: .shape(lintRule: lint.identifier, byHand: !lint.swiftFix.isEmpty), before: nil, code: example.code))
            }
        }
        return items
    }

    static func items(for description: LintRuleDescription) -> [RuleSwift] {
        description.swiftFix.map { RuleSwift(source: .byHand(note: $0.note), before: $0.before, code: $0.after) }
    }

    /// The items as `rules ID` prints them: each sentence wrapped, then its code indented under
    /// "Before:" and "After:" (a shape alone unlabelled).
    static func terminal(_ items: [RuleSwift]) -> String {
        var text = ""
        for item in items {
            text += "\n" + item.intro { $0 }.wrapped(indent: "  ") + "\n\n"
            if let before = item.before {
                text += "  Before:\n" + indented(before) + "  After:\n" + indented(item.code)
            } else {
                text += indented(item.code)
            }
        }
        return text
    }

    /// Swift source indented under its heading, blank lines left empty.
    private static func indented(_ source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0.isEmpty ? "" : "      " + $0 }.joined(separator: "\n") + "\n"
    }

    /// The sentence that introduces the code, naming a lint rule with `name` (a link on a page).
    func intro(_ name: (String) -> String) -> String {
        switch source {
        case .pair(let note): "In Swift: " + note
        case .correction(let rule): "In Swift (static rule \(name(rule)); `trace-analyze fix` makes this change):"
        case .shape(let rule, let byHand):
            "The shape in Swift (static rule \(name(rule)), not changed by `fix`\(byHand ? "; that rule's before/after shows the change by hand" : "")):"
        case .byHand(let note): "In Swift, by hand (`trace-analyze fix` does not make this change: it needs a person's judgement): " + note
        }
    }
}
