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
            LintExample(note: "`@State` holding a model built from an external parameter name, through `self`.", """
                struct Counter: View {
                    @State private var model: CounterModel
                    init(start value: Int) {
                        self.↓_model = State(initialValue: CounterModel(start: value))
                    }
                    var body: some View { Text("\\(model.count)") }
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample(note: "A factory handed in, and a draft value copied for editing, are deliberate.", """
                struct EditView: View {
                    @StateObject private var model: EditModel
                    @State private var name: String
                    init(model: @autoclosure @escaping () -> EditModel, item: Item) {
                        _model = StateObject(wrappedValue: model())
                        _name = State(initialValue: item.name)
                    }
                    var body: some View { TextField("Name", text: $name) }
                }
                """),
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
                // `@State` seeded with a plain value from a parameter is the usual draft copy of
                // an edit form; a model built from one is the stale-model shape.
                if wrapper == "State", !arguments.contains(where: { file.isTypeName($0) && file.isPunctuation($0 + 1, "(") }) { continue }
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
        // A closure or `@autoclosure` parameter is a factory the caller hands in on purpose
        // (`init(model: @autoclosure @escaping () -> Model)`): the documented way to inject.
        let children = file.children(of: open)
        for (offset, child) in children.enumerated() where file.isPunctuation(child, ":") && file.tokens[child - 1].isIdentifier {
            let typeEnd = children[(offset + 1)...].first { file.isPunctuation($0, ",") } ?? file.end(of: open)
            let isFactory = (child..<typeEnd).contains { file.isIdentifier($0, "autoclosure") || (file.isPunctuation($0, "-") && file.isPunctuation($0 + 1, ">")) }
            if !isFactory { names.insert(file.text(child - 1)) }
        }
        return names
    }
}
