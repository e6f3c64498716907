/// `_model = StateObject(wrappedValue: Model(id: id))` in an init: later values of `id` are ignored.
public enum StateFromInitParameterRule: LintRule {
    public static let description = LintRuleDescription(
        identifier: "state_from_init_parameter",
        title: "State seeded from an init parameter",
        runtimeRule: nil,
        defaultSeverity: .warning,
        summary: "A view's init seeds a `@StateObject` or `@State` from one of its parameters; SwiftUI keeps the first value for the view's lifetime, so when the parent passes a new value the view goes on showing the old one.",
        rationale: """
            `init(id: Int) { _model = StateObject(wrappedValue: Model(id: id)) }` reads `id` \
            once: state is created with the view's identity and never again, so a parent that \
            later passes another `id` sees no change (the stale-detail-screen bug). No runtime \
            rule can see a value that did not change, so the static finding keeps the `warning` \
            a runtime rule would have.
            """,
        fix: "Tie the view's identity to the parameter (`.id(id)` where the parent builds it) so new values start over deliberately, or keep the value outside state and react with `.onChange(of: id)` / `.task(id: id)`.",
        seed: "issue 32 (a @StateObject whose initial value uses init parameters that later change)",
        triggeringExamples: [
            LintExample("""
                struct DetailView: View {
                    @StateObject private var model: DetailModel
                    init(itemID: Int) {
                        ↓_model = StateObject(wrappedValue: DetailModel(id: itemID))
                    }
                    var body: some View { Text(model.title) }
                }
                """),
            LintExample(note: "`@State` seeded from an external parameter name, through `self`.", """
                struct Counter: View {
                    @State private var count: Int
                    init(start value: Int) {
                        self.↓_count = State(initialValue: value)
                    }
                    var body: some View { Text("\\(count)") }
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample(note: "State from constants, and plain properties from parameters, are fine.", """
                struct DetailView: View {
                    @StateObject private var model: DetailModel
                    @State private var draft: String
                    let itemID: Int
                    init(itemID: Int) {
                        self.itemID = itemID
                        _model = StateObject(wrappedValue: DetailModel())
                        _draft = State(initialValue: "")
                    }
                    var body: some View { Text("x") }
                }
                """),
        ]
    )

    public static func check(_ source: LintSource) -> [LintViolation] {
        let file = source.file
        var violations: [LintViolation] = []
        for index in file.tokens.indices where file.isIdentifier(index, "init") && file.isPunctuation(index + 1, "(") {
            guard !file.isPunctuation(index - 1, "."), let view = source.enclosingView(of: index) else { continue }
            let parameters = parameterNames(file, list: index + 1)
            guard !parameters.isEmpty else { continue }
            var body = file.end(of: index + 1) + 1
            while body < file.tokens.count, !file.isPunctuation(body, "{"), !file.isPunctuation(body, "}") { body += 1 }
            guard file.isPunctuation(body, "{") else { continue }
            let close = file.end(of: body)
            for at in (body + 1)..<close where file.tokens[at].isIdentifier && file.tokens[at].text.hasPrefix("_") && file.isPunctuation(at + 1, "=") {
                let wrapper = file.text(at + 2)
                guard wrapper == "StateObject" || wrapper == "State", file.isPunctuation(at + 3, "(") else { continue }
                let arguments = (at + 4)..<file.end(of: at + 3)
                guard let used = arguments.first(where: { file.tokens[$0].isIdentifier && parameters.contains(file.tokens[$0].text) && !file.isPunctuation($0 - 1, ".") && !file.isPunctuation($0 + 1, ":") }) else { continue }
                violations.append(LintViolation(
                    token: at, view: view.name,
                    message: "\(file.text(at)) = \(wrapper)(…) reads the init parameter '\(file.text(used))' once: \(view.name) keeps its first \(wrapper == "State" ? "value" : "object"), so later values of '\(file.text(used))' are ignored"
                ))
            }
        }
        return violations
    }

    /// The internal names of an init's parameters: the identifier before each top-level `:`.
    static func parameterNames(_ file: SwiftFile, list open: Int) -> Set<String> {
        var names: Set<String> = []
        for child in file.children(of: open) where file.isPunctuation(child, ":") && file.tokens[child - 1].isIdentifier {
            names.insert(file.text(child - 1))
        }
        return names
    }
}
