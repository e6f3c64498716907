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
            later passes another `id` sees no change (the stale-detail-screen bug). A value \
            copied into `@State` is judged by what the view does with it, whatever expression \
            made it: edited (bound with `$`, assigned, toggled) it is an edit draft and is left \
            alone; only shown, it is a stale copy of a value the parent keeps changing (a star \
            that no longer follows the model), and the finding says so. No runtime \
            rule can see a value that did not change, so the static finding keeps the `warning` \
            a runtime rule would have.
            """,
        fix: "Tie the view's identity to the parameter (`.id(id)` where the parent builds it) so new values start over deliberately, or keep the value outside state and react with `.onChange(of: id)` / `.task(id: id)`.",
        swiftFix: [
            SwiftPair(
                note: "`OrderDetail` makes its model from `orderID` in its init, but SwiftUI keeps the first model for the view's identity: after \"Next order\" the parent passes another id and the screen goes on showing the first order. Keep the id a plain property and load with `.task(id: orderID)`, which runs again whenever the id changes; whether the screen should instead start over (`.id(orderID)` where the parent builds it) is a person's call.",
                before: #"""
                    import SwiftUI

                    @MainActor final class OrderDetailModel: ObservableObject {
                        let orderID: Int
                        @Published var status = "Loading…"

                        init(orderID: Int) { self.orderID = orderID }

                        func load() async { status = "Order \(orderID): shipped" }
                    }

                    struct OrderDetail: View {
                        @StateObject private var model: OrderDetailModel

                        init(orderID: Int) {
                            // Read for the first init only: later order ids are ignored.
                            _model = StateObject(wrappedValue: OrderDetailModel(orderID: orderID))
                        }

                        var body: some View {
                            Text(model.status)
                                .task { await model.load() }
                        }
                    }

                    struct OrdersScreen: View {
                        @State private var selectedOrder = 1041

                        var body: some View {
                            VStack {
                                Button("Next order") { selectedOrder += 1 }
                                OrderDetail(orderID: selectedOrder)
                            }
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    @MainActor final class OrderDetailModel: ObservableObject {
                        @Published var status = "Loading…"

                        func load(orderID: Int) async { status = "Order \(orderID): shipped" }
                    }

                    struct OrderDetail: View {
                        let orderID: Int
                        @StateObject private var model = OrderDetailModel()

                        var body: some View {
                            Text(model.status)
                                // Runs when the view appears and again whenever the parent passes another id.
                                .task(id: orderID) { await model.load(orderID: orderID) }
                        }
                    }

                    struct OrdersScreen: View {
                        @State private var selectedOrder = 1041

                        var body: some View {
                            VStack {
                                Button("Next order") { selectedOrder += 1 }
                                OrderDetail(orderID: selectedOrder)
                            }
                        }
                    }
                    """#,
                lintRules: ["state_from_init_parameter"]
            ),
        ],
        seed: "a @StateObject or @State whose initial value uses init parameters that later change (fixtures/sources-realworld)",
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
            LintExample(note: "`.init(wrappedValue: .init(…))`: the wrapper and the type are the declaration's.", """
                struct DetailView: View {
                    @StateObject private var model: DetailModel
                    init(id: Int) {
                        ↓_model = .init(wrappedValue: .init(id: id))
                    }
                    var body: some View { Text(model.title) }
                }
                """),
            LintExample(note: "A copy the view only shows goes stale when the parent changes the value (judged a stale copy: never edited).", """
                struct StarButton: View {
                    @State private var isFavorite: Bool
                    init(isFavorite: Bool) {
                        ↓_isFavorite = State(initialValue: isFavorite)
                    }
                    var body: some View { Image(systemName: isFavorite ? "star.fill" : "star") }
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample(note: "An edit draft is a draft whatever expression makes it: the view edits it and writes it back.", """
                struct PriceEditor: View {
                    @State private var text: String
                    @State private var isOn: Bool
                    let onSave: (Double) -> Void
                    init(value: Double, enabled: Bool, onSave: @escaping (Double) -> Void) {
                        _text = State(initialValue: String(format: "%.2f", value))
                        _isOn = .init(initialValue: enabled)
                        self.onSave = onSave
                    }
                    var body: some View {
                        TextField("Price", text: $text)
                        Button("Save") { isOn.toggle(); onSave(Double(text) ?? 0) }
                    }
                }
                """),
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

    /// Value types a view keeps copies of (a draft, a flag): what such a copy becomes depends
    /// on what the view does with it, not on the expression that made it.
    static let valueTypes: Set<String> = [
        "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "CGFloat", "Bool", "Decimal", "Date", "DateComponents", "TimeInterval", "URL", "UUID", "Data", "Array",
        "Set", "Dictionary", "Optional", "CGSize", "CGPoint", "CGRect", "Color", "AttributedString", "IndexSet", "Measurement",
    ]

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
                guard let seeding = seeding(file, at: at, view: view.brace) else { continue }
                let value = file.argument("initialValue", of: seeding.open) ?? file.argument("wrappedValue", of: seeding.open)
                    ?? ((seeding.open + 1)..<file.end(of: seeding.open))
                guard let used = value.first(where: { file.tokens[$0].isIdentifier && parameters.contains(file.tokens[$0].text) && !file.isPunctuation($0 - 1, ".") && !file.isPunctuation($0 + 1, ":") }) else { continue }
                let name = file.text(at), parameter = file.text(used), wrapper = seeding.wrapper
                if wrapper == "State", !makesModel(file, value: value, annotation: seeding.annotation, source) {
                    // A value copied into state: an edit draft when the view edits it (binds
                    // it, assigns it, mutates it), a stale copy when it only shows it. A
                    // parameter with a default (`details: Loadable = .notRequested`) injects a
                    // starting state for previews and tests, not a value the parent keeps changing.
                    if defaultedParameters(file, list: index + 1).contains(parameter) { continue }
                    let property = String(name.dropFirst())
                    if file.firstEdit(of: property, in: (view.brace + 1)..<file.end(of: view.brace), skipping: body..<close) != nil { continue }
                    violations.append(LintViolation(
                        token: at, view: view.name,
                        message: "\(name) = State(…) copies the init parameter '\(parameter)', and \(view.name) only shows '\(property)', never edits it: judged a stale copy, not an edit draft; when the parent passes a new '\(parameter)' the view goes on showing the first"
                    ))
                    continue
                }
                violations.append(LintViolation(
                    token: at, view: view.name,
                    message: "\(name) = \(wrapper)(…) reads the init parameter '\(parameter)' once: \(view.name) keeps its first \(wrapper == "State" ? "model" : "object"), so later values of '\(parameter)' are ignored"
                ))
            }
        }
        return violations
    }

    /// The wrapper `_name = …` at `at` seeds, with the opener of its arguments: `State(…)`,
    /// `StateObject(…)`, or `.init(…)` with the wrapper the property is declared with
    /// (`@StateObject private var model: Model`), whose type then names what `.init` makes.
    static func seeding(_ file: SwiftFile, at: Int, view brace: Int) -> (wrapper: String, open: Int, annotation: Int?)? {
        let declared = declaration(file, property: String(file.text(at).dropFirst()), in: brace)
        if ["State", "StateObject"].contains(file.text(at + 2)), file.isPunctuation(at + 3, "(") {
            return (file.text(at + 2), at + 3, declared?.annotation)
        }
        guard file.isPunctuation(at + 2, "."), file.isIdentifier(at + 3, "init"), file.isPunctuation(at + 4, "("),
              let declared, ["State", "StateObject"].contains(declared.wrapper) else { return nil }
        return (declared.wrapper, at + 4, declared.annotation)
    }

    /// The `@State`/`@StateObject` declaration of `property` directly in the type body at `brace`.
    static func declaration(_ file: SwiftFile, property: String, in brace: Int) -> SwiftFile.WrappedProperty? {
        for member in file.children(of: brace) where file.isPunctuation(member, "@") {
            if let wrapped = file.wrappedProperty(at: member), file.text(wrapped.name) == property { return wrapped }
        }
        return nil
    }

    /// True when `value` makes an object rather than a value: a constructor (or `.init(…)` of the
    /// declared type) of anything but a known value type or a struct or enum of the project.
    static func makesModel(_ file: SwiftFile, value: Range<Int>, annotation: Int?, _ source: LintSource) -> Bool {
        guard let type = file.constructedType(value, annotation: annotation) else { return false }
        let name = file.text(type)
        if source.project.classes[name] != nil { return true }
        return !valueTypes.contains(name) && !source.project.values.contains(name)
    }

    /// The internal names of an init's parameters that have a default value.
    static func defaultedParameters(_ file: SwiftFile, list open: Int) -> Set<String> {
        var names: Set<String> = []
        var name: String?
        for child in file.children(of: open) {
            if file.isPunctuation(child, ":"), file.tokens[child - 1].isIdentifier, name == nil { name = file.text(child - 1) }
            if file.isPunctuation(child, "="), let current = name { names.insert(current) }
            if file.isPunctuation(child, ",") { name = nil }
        }
        return names
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
