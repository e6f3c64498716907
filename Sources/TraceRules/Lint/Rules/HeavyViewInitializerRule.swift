/// A view's init (or a stored property's initial value) builds coordinators, formatters, services.
public enum HeavyViewInitializerRule: LintRule {
    /// Name endings of types that are costly to make or do work when made.
    static let heavySuffixes = [
        "Coordinator", "Formatter", "Service", "Manager", "Client", "Repository", "Controller", "Provider",
        "Engine", "Loader", "Fetcher", "Database", "Session", "Cache", "Decoder", "Encoder", "Monitor", "Tracker",
        "Scheduler", "ViewModel", "Player", "Recorder", "Downloader", "Uploader", "Synchronizer",
    ]

    public static let description = LintRuleDescription(
        identifier: "heavy_view_initializer",
        title: "Heavy view initializer",
        runtimeRule: "heavy_initializer",
        summary: "A view's init, or a stored property's initial value, creates a coordinator, formatter, service or other object whose init does work; a view's init runs on every update of its parent.",
        rationale: """
            A view is a value SwiftUI re-creates whenever the parent's body runs: every stored \
            property's initial value and every statement of `init` runs again, for views that \
            may never be shown (navigation destinations, rows scrolled past). An object made \
            there is made again each time and thrown away with the value. `heavy_initializer` \
            sees the helper inits in a trace. Flagged for types named like helpers \
            (`…Coordinator`, `…Formatter`, `…Service`, `…Manager`, `…ViewModel`…) and classes of \
            the project whose init does work (a `…Store` counts only as such a class: TCA's \
            `ViewStore` is made in view inits by design).
            """,
        fix: "Keep view inits to storing their arguments: make helpers `static let`, own `ObservableObject` models with `@StateObject` (its autoclosure runs once per identity; a `@State` initial value runs on every init), create work in `.task`, or pass the object in from an owner.",
        swiftFix: [
            SwiftPair(
                note: "`CheckoutButton` makes its `CheckoutCoordinator` as a stored property's initial value, so every update of the cart (each tap on \"Add one\") makes a new button value and with it a new coordinator, which sets up routes and analytics again while the previous one is thrown away. The cart owns one coordinator with `@StateObject` (its autoclosure runs once per identity) and passes it to the button, whose init now only stores it.",
                before: #"""
                    import SwiftUI

                    /// Sets up checkout routes and analytics when made.
                    @MainActor final class CheckoutCoordinator: ObservableObject {
                        init() { print("CheckoutCoordinator init: routes and analytics set up") }

                        func start() {}
                    }

                    struct CheckoutButton: View {
                        // Made again on every update of the cart.
                        private let coordinator = CheckoutCoordinator()

                        var body: some View {
                            Button("Check out") { coordinator.start() }
                        }
                    }

                    struct CartScreen: View {
                        @State private var quantity = 1

                        var body: some View {
                            VStack {
                                Text("\(quantity) items")
                                Button("Add one") { quantity += 1 }
                                CheckoutButton()
                            }
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    /// Sets up checkout routes and analytics when made.
                    @MainActor final class CheckoutCoordinator: ObservableObject {
                        init() { print("CheckoutCoordinator init: routes and analytics set up") }

                        func start() {}
                    }

                    struct CheckoutButton: View {
                        // Handed in by the cart; the init only stores it.
                        let coordinator: CheckoutCoordinator

                        var body: some View {
                            Button("Check out") { coordinator.start() }
                        }
                    }

                    struct CartScreen: View {
                        @State private var quantity = 1
                        // Made once per identity of the cart.
                        @StateObject private var checkout = CheckoutCoordinator()

                        var body: some View {
                            VStack {
                                Text("\(quantity) items")
                                Button("Add one") { quantity += 1 }
                                CheckoutButton(coordinator: checkout)
                            }
                        }
                    }
                    """#,
                lintRules: ["heavy_view_initializer"]
            ),
        ],
        seed: "004 (`FirstCoordinator` made in `FirstView`'s init), 000 (keep init light)",
        triggeringExamples: [
            LintExample("""
                struct FirstView: View {
                    private let coordinator = ↓FirstCoordinator()
                    init() {
                        NSLog("FirstView init")
                    }
                    var body: some View { Text("first") }
                }
                """),
            LintExample(note: "A closure called at once runs with the init just the same.", """
                struct Receipt: View {
                    let date: Date
                    private let formatter: DateFormatter = {
                        let f = ↓DateFormatter()
                        f.dateStyle = .long
                        return f
                    }()
                    var body: some View { Text(formatter.string(from: date)) }
                }
                """),
            LintExample(note: "Work in the init's body.", """
                struct Receipt: View {
                    let text: String
                    init(date: Date) {
                        let formatter = ↓DateFormatter()
                        formatter.dateStyle = .long
                        self.text = formatter.string(from: date)
                    }
                    var body: some View { Text(text) }
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample(note: "Static helpers are made once; wrapped state and plain values are not helpers.", """
                struct Receipt: View {
                    static let formatter = DateFormatter()
                    static let long: DateFormatter = { let f = DateFormatter(); f.dateStyle = .long; return f }()
                    private let columns: [String] = { ["a", "b"] }()
                    @StateObject private var model = ReceiptViewModel()
                    private let id = UUID()
                    let title: String
                    init(title: String) { self.title = title }
                    var body: some View { Text(title) }
                }
                class Service { func load() {} }
                struct NotAView { let service = NetworkService() }
                """),
        ]
    )

    public static func check(_ source: LintSource) -> [LintViolation] {
        let file = source.file
        var violations: [LintViolation] = []
        for (brace, scope) in source.scopes.sorted(by: { $0.key < $1.key }) {
            let name = SwiftFile.lastComponent(scope.name)
            guard scope.keyword != "extension" || source.project.views.contains(name), scope.conformsToView || (scope.keyword == "struct" && source.project.views.contains(name)) else { continue }
            guard scope.keyword == "struct" || scope.keyword == "extension" else { continue }
            for member in file.children(of: brace) {
                if (file.isIdentifier(member, "let") || file.isIdentifier(member, "var")), !isStaticOrWrapped(file, keyword: member, in: brace),
                   file.tokens.indices.contains(member + 1), file.tokens[member + 1].isIdentifier {
                    // `let name (: Type)? = Heavy()` at the type's level.
                    var cursor = member + 2
                    while cursor < file.tokens.count, file.parent[cursor] == Int32(brace), !file.isPunctuation(cursor, "="), file.tokens[cursor].line == file.tokens[member].line {
                        if file.isPunctuation(cursor, "{") { break }
                        cursor += 1
                    }
                    guard file.isPunctuation(cursor, "="), let type = madeType(file, value: cursor + 1, declaration: member, source) else { continue }
                    let property = file.text(member + 1), made = file.text(type)
                    violations.append(LintViolation(
                        token: type, view: name,
                        message: "\(name)'s init creates \(made): the initial value of '\(property)' is made again on every update of its parent",
                        fix: "In `\(name)`, stop making `\(made)` in `\(property)`'s initial value: pass it in from the view that owns it (`\(name)(\(property): …)`), make it `static let` if one is shared, or for an `ObservableObject` own it with `@StateObject private var \(property) = \(made)()` (its autoclosure runs once per identity)"
                    ))
                } else if file.isIdentifier(member, "init"), file.isPunctuation(member + 1, "(") {
                    var body = file.end(of: member + 1) + 1
                    while body < file.tokens.count, !file.isPunctuation(body, "{"), !file.isPunctuation(body, "}") { body += 1 }
                    guard file.isPunctuation(body, "{") else { continue }
                    for at in (body + 1)..<file.end(of: body) where file.isPunctuation(at, "=") {
                        guard let type = file.constructedType((at + 1)..<(at + 8)), isHeavy(file.text(type), source) else { continue }
                        // `_model = StateObject(wrappedValue: Model())` is `@StateObject`'s own autoclosure.
                        if ["StateObject", "State", "ObservedObject"].contains(file.text(type)) { continue }
                        violations.append(LintViolation(
                            token: type, view: name, message: "\(name)'s init creates \(file.text(type)): again on every update of its parent",
                            fix: "In `\(name).init`, take `\(file.text(type))` as a parameter from the view that owns it, or create it in `.task` when \(name) appears"
                        ))
                    }
                }
            }
        }
        return violations
    }

    /// The heavy type the initial value starting at `value` makes: `Heavy()`, or a closure
    /// called at once (`= { let f = DateFormatter(); …; return f }()`), which runs as part of
    /// the init just the same; nil when it makes nothing heavy.
    static func madeType(_ file: SwiftFile, value: Int, declaration: Int, _ source: LintSource) -> Int? {
        if let type = file.constructedType(value..<(value + 8)), isHeavy(file.text(type), source) { return type }
        guard file.isPunctuation(value, "{") else { return nil }
        let close = file.end(of: value)
        guard file.isPunctuation(close + 1, "("), file.isPunctuation(close + 2, ")") else { return nil }
        // What the closure makes, by its first heavy constructor; else the declared type.
        for index in (value + 1)..<close where file.isTypeName(index) && !file.isPunctuation(index - 1, ".") {
            if let type = file.constructedType(index..<close), isHeavy(file.text(type), source) { return type }
        }
        var annotation = declaration + 2
        while annotation < value, !file.isPunctuation(annotation, ":") { annotation += 1 }
        let type = annotation + 1
        return type < value && file.isTypeName(type) && isHeavy(file.text(type), source) ? type : nil
    }

    static func isHeavy(_ type: String, _ source: LintSource) -> Bool {
        if source.project.classes[type] == true { return true }
        return heavySuffixes.contains { type.hasSuffix($0) }
    }

    private static let modifiers: Set<String> = ["private", "fileprivate", "internal", "public", "open", "package", "final", "nonisolated", "weak", "unowned", "override", "dynamic"]

    /// True when the declaration at `keyword` is `static`/`class`, `lazy`, or carries an
    /// attribute (`@State`, `@StateObject`…), on its line or the lines before: those are not
    /// made per view value, or are another rule's.
    private static func isStaticOrWrapped(_ file: SwiftFile, keyword: Int, in brace: Int) -> Bool {
        var cursor = keyword - 1
        while cursor > brace {
            if file.isPunctuation(cursor, ")") {
                // An attribute's arguments: `@AppStorage("key")`.
                cursor = Int(file.partner[cursor]) - 1
                continue
            }
            guard file.tokens[cursor].isIdentifier else { return false }
            let word = file.text(cursor)
            if file.isPunctuation(cursor - 1, "@") || ["static", "class", "lazy"].contains(word) { return true }
            guard modifiers.contains(word) else { return false }
            cursor -= 1
        }
        return false
    }
}
