/// `NavigationLink(destination: Heavy(...))` in a list: every row builds its destination.
public enum EagerNavigationDestinationRule: LintRule {
    /// Containers that repeat their content when given data (`List(items) { … }`): a link
    /// inside builds one destination per row. `ForEach` always repeats; a `List { … }` of fixed
    /// rows (a settings screen) builds each of its few destinations once, as a `Form` does.
    static let repeatingContainers: Set<String> = ["List", "ForEach", "Table", "OutlineGroup"]
    /// Destinations cheap enough to build eagerly, or built lazily by design.
    static let cheapDestinations: Set<String> = ["Text", "EmptyView", "Image", "Label", "Color", "LazyView", "LazyDestination", "Lazy", "Spacer"]

    public static let description = LintRuleDescription(
        identifier: "eager_navigation_destination",
        title: "Eager navigation destination",
        runtimeRule: "non_lazy_navigation_destination",
        summary: "A `NavigationLink` inside a `List` or `ForEach` builds its destination view when the row is built, so every row initialises its destination (and what that init creates) before anyone taps it.",
        rationale: """
            `NavigationLink(destination: DetailView(item: item))` and `NavigationLink { \
            DetailView(item: item) } label: { … }` evaluate the destination when the link is \
            created. In a list that is once per row, every time the list's body runs: destination \
            inits, their view models, coordinators and network calls all happen up front. \
            `non_lazy_navigation_destination` sees the burst of inits in a trace.
            """,
        fix: "Use `NavigationLink(value:)` with `.navigationDestination(for:)` (iOS 16+), or wrap the destination so it is built on demand (a `LazyView { DetailView(item: item) }`), and keep destination inits light.",
        seed: "004 (all three destinations initialised when `MyRootView` appears)",
        triggeringExamples: [
            LintExample("""
                struct MyRootView: View {
                    let names = ["First", "Second"]
                    var body: some View {
                        NavigationView {
                            List(names, id: \\.self) { name in
                                ↓NavigationLink(destination: self.containedView(name: name)) {
                                    Text(name)
                                }
                            }
                        }
                    }
                }
                """),
            LintExample(note: "The closure form builds its destination as eagerly.", """
                struct Inbox: View {
                    let mails: [Mail]
                    var body: some View {
                        List {
                            ForEach(mails) { mail in
                                ↓NavigationLink {
                                    MailDetail(mail: mail)
                                } label: {
                                    MailRow(mail: mail)
                                }
                                ↓NavigationLink(mail.subject) { MailDetail(mail: mail) }
                            }
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample(note: "Value-based links build the destination when it is pushed; one link outside a list is one init.", """
                struct Inbox: View {
                    let mails: [Mail]
                    var body: some View {
                        NavigationStack {
                            List(mails) { mail in
                                NavigationLink(value: mail) { MailRow(mail: mail) }
                            }
                            .navigationDestination(for: Mail.self) { mail in MailDetail(mail: mail) }
                            NavigationLink(destination: SettingsView()) { Text("Settings") }
                        }
                    }
                }
                """),
            LintExample(note: "A list of fixed rows builds each destination once, as a Form does.", """
                struct Settings: View {
                    var body: some View {
                        List {
                            NavigationLink(destination: AccountSettings()) { Text("Account") }
                            NavigationLink(destination: PrivacySettings()) { Text("Privacy") }
                        }
                    }
                }
                """),
            LintExample(note: "A lazy wrapper, or a plain text, costs nothing up front.", """
                struct Menu: View {
                    var body: some View {
                        List(items) { item in
                            NavigationLink(destination: LazyView(Detail(item: item))) { Text(item.name) }
                            NavigationLink(destination: Text(item.name)) { Text(item.name) }
                        }
                    }
                }
                """),
        ]
    )

    public static func check(_ source: LintSource) -> [LintViolation] {
        let file = source.file
        var violations: [LintViolation] = []
        for index in file.tokens.indices where file.isIdentifier(index, "NavigationLink") && !file.isPunctuation(index - 1, ".") {
            guard let destination = destination(file, link: index), isEager(file, destination) else { continue }
            guard let container = repeatingContainer(file, around: index) else { continue }
            let view = source.enclosingView(of: index)?.name
            let shown = file.code(destination, limit: 40)
            violations.append(LintViolation(
                token: index, view: view,
                message: "NavigationLink inside \(file.text(container)) builds its destination '\(shown)' with every row: before anyone taps it",
                fix: "\(view.map { "In `\($0)`, " } ?? "")give the rows `NavigationLink(value:)` with the row's value and the list one `.navigationDestination(for:)` that builds `\(shown)` from it (iOS 16+), so the destination is built when the link is opened"
            ))
        }
        return violations
    }

    /// The destination's tokens: the `destination:` argument; or the first trailing closure's
    /// content when a `label:` closure follows it, or when the parentheses hold only a title
    /// (`NavigationLink("Title") { Detail() }`). A `value:` link has no destination of its own.
    static func destination(_ file: SwiftFile, link: Int) -> Range<Int>? {
        var cursor = link + 1
        var titled = false
        if file.isPunctuation(cursor, "(") {
            if let argument = file.argument("destination", of: cursor) { return argument }
            if file.argument("value", of: cursor) != nil { return nil }
            titled = file.end(of: cursor) > cursor + 1
            cursor = file.end(of: cursor) + 1
        }
        guard file.isPunctuation(cursor, "{") else { return nil }
        let close = file.end(of: cursor)
        let labelled = file.isIdentifier(close + 1, "label") && file.isPunctuation(close + 2, ":")
        guard labelled || titled else { return nil }
        return (cursor + 1)..<close
    }

    /// True when the destination builds a view other than a cheap or lazy one: `Detail(...)`,
    /// `makeDetail(...)`, `self.containedView(...)`.
    static func isEager(_ file: SwiftFile, _ destination: Range<Int>) -> Bool {
        var start = destination.lowerBound
        if file.isIdentifier(start, "self"), file.isPunctuation(start + 1, ".") { start += 2 }
        guard start < destination.upperBound, file.tokens[start].isIdentifier, file.isPunctuation(start + 1, "(") || file.isPunctuation(start + 1, "{") else { return false }
        return !cheapDestinations.contains(file.text(start))
    }

    /// The nearest enclosing call that repeats its content, if any.
    static func repeatingContainer(_ file: SwiftFile, around index: Int) -> Int? {
        var outer = Int(file.parent[index])
        while outer >= 0 {
            if let name = file.callName(of: outer), repeatingContainers.contains(file.text(name)),
               file.text(name) == "ForEach" || (file.isPunctuation(name + 1, "(") && file.end(of: name + 1) > name + 2) {
                return name
            }
            outer = Int(file.parent[outer])
        }
        return nil
    }
}
