import TraceRules

/// The Swift a runtime rule's page and `trace-analyze rules ID` show under "How to fix it", in
/// one list so the two say the same: the rule's own before/after pairs (type-checked by
/// `RuleSwiftPairTests`), then each lint rule that explains it, with its `fix` pair when it has
/// one that changes code, else the shape of its first triggering example.
struct RuleSwift {
    enum Source {
        /// The rule's own pair, with its note.
        case pair(note: String)
        /// A lint rule's correction, which `trace-analyze fix` makes.
        case correction(lintRule: String)
        /// A lint rule's shape, which `fix` leaves alone.
        case shape(lintRule: String)
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
                items.append(RuleSwift(source: .shape(lintRule: lint.identifier), before: nil, code: example.code))
            }
        }
        return items
    }

    /// The sentence that introduces the code, naming a lint rule with `name` (a link on a page).
    func intro(_ name: (String) -> String) -> String {
        switch source {
        case .pair(let note): "In Swift: " + note
        case .correction(let rule): "In Swift (static rule \(name(rule)); `trace-analyze fix` makes this change):"
        case .shape(let rule): "The shape in Swift (static rule \(name(rule)), not changed by `fix`):"
        }
    }
}
