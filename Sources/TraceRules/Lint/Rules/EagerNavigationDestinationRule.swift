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
        ],
        corrections: corrections
    )

    static let corrections: [LintCorrection] = [
        LintCorrection("""
            struct Inbox: View {
                let mails: [Mail]
                var body: some View {
                    NavigationStack {
                        List(mails) { mail in
                            NavigationLink(destination: MailDetail(mail: mail)) {
                                MailRow(mail: mail)
                            }
                        }
                        .navigationTitle("Inbox")
                    }
                }
            }
            struct Mail: Identifiable, Hashable {
                let id: Int
                let subject: String
            }
            struct MailRow: View { let mail: Mail; var body: some View { Text(mail.subject) } }
            struct MailDetail: View { let mail: Mail; var body: some View { Text(mail.subject) } }
            """, """
            struct Inbox: View {
                let mails: [Mail]
                var body: some View {
                    NavigationStack {
                        List(mails) { mail in
                            NavigationLink(value: mail) {
                                MailRow(mail: mail)
                            }
                        }
                        .navigationDestination(for: Mail.self) { mail in
                            MailDetail(mail: mail)
                        }
                        .navigationTitle("Inbox")
                    }
                }
            }
            struct Mail: Identifiable, Hashable {
                let id: Int
                let subject: String
            }
            struct MailRow: View { let mail: Mail; var body: some View { Text(mail.subject) } }
            struct MailDetail: View { let mail: Mail; var body: some View { Text(mail.subject) } }
            """),
        LintCorrection(note: "A `ForEach` in a `List`: the modifier goes on the `List`, outside the lazy container; the view's own properties may be passed along.", """
            struct Library: View {
                @State private var books: [Book] = []
                let store: BookStore
                var body: some View {
                    NavigationStack {
                        List {
                            ForEach(books, id: \\.isbn) { book in
                                NavigationLink(destination: BookDetail(book: book, store: store)) { Text(book.title) }
                            }
                        }
                    }
                }
            }
            struct Book { let isbn: String; let title: String }
            extension Book: Hashable {}
            final class BookStore {}
            struct BookDetail: View { let book: Book; let store: BookStore; var body: some View { Text(book.title) } }
            """, """
            struct Library: View {
                @State private var books: [Book] = []
                let store: BookStore
                var body: some View {
                    NavigationStack {
                        List {
                            ForEach(books, id: \\.isbn) { book in
                                NavigationLink(value: book) { Text(book.title) }
                            }
                        }
                        .navigationDestination(for: Book.self) { book in
                            BookDetail(book: book, store: store)
                        }
                    }
                }
            }
            struct Book { let isbn: String; let title: String }
            extension Book: Hashable {}
            final class BookStore {}
            struct BookDetail: View { let book: Book; let store: BookStore; var body: some View { Text(book.title) } }
            """),
        LintCorrection(note: "The closure form, in a lazy stack in a scroll view: the label closure stays, the modifier goes on the `LazyVStack`, before its other modifiers.", """
            struct MissionGrid: View {
                let missions: [Mission]
                let crew: Crew
                var body: some View {
                    NavigationStack {
                        ScrollView {
                            LazyVStack {
                                ForEach(missions) { mission in
                                    NavigationLink {
                                        MissionDetail(mission: mission, crew: crew)
                                    } label: {
                                        Text(mission.name)
                                    }
                                }
                            }
                            .padding(8)
                        }
                    }
                }
            }
            struct Mission: Identifiable, Hashable { let id: Int; let name: String }
            struct Crew {}
            struct MissionDetail: View { let mission: Mission; let crew: Crew; var body: some View { Text(mission.name) } }
            """, """
            struct MissionGrid: View {
                let missions: [Mission]
                let crew: Crew
                var body: some View {
                    NavigationStack {
                        ScrollView {
                            LazyVStack {
                                ForEach(missions) { mission in
                                    NavigationLink(value: mission) {
                                        Text(mission.name)
                                    }
                                }
                            }
                            .navigationDestination(for: Mission.self) { mission in
                                MissionDetail(mission: mission, crew: crew)
                            }
                            .padding(8)
                        }
                    }
                }
            }
            struct Mission: Identifiable, Hashable { let id: Int; let name: String }
            struct Crew {}
            struct MissionDetail: View { let mission: Mission; let crew: Crew; var body: some View { Text(mission.name) } }
            """),
        LintCorrection.unchanged(note: "Left as they are: a `NavigationView` (no `navigationDestination`), an element that is not `Hashable` here, a destination made from a property of the element or from a name the row defines, two links in one list.", """
            struct Feeds: View {
                let mails: [Mail]
                let notes: [Note]
                var body: some View {
                    NavigationView {
                        List(mails) { mail in
                            NavigationLink(destination: MailDetail(mail: mail)) { Text(mail.subject) }
                        }
                    }
                    NavigationStack {
                        List(notes) { note in
                            NavigationLink(destination: NoteDetail(note: note)) { Text(note.title) }
                        }
                        List(mails) { mail in
                            NavigationLink(destination: Thread(id: mail.id)) { Text(mail.subject) }
                        }
                        List(mails) { mail in
                            let read = mail.isRead
                            NavigationLink(destination: MailDetail(mail: mail, read: read)) { Text(mail.subject) }
                        }
                        List(mails) { mail in
                            NavigationLink(destination: MailDetail(mail: mail)) { Text(mail.subject) }
                            NavigationLink(destination: ReplyView(mail: mail)) { Text("Reply") }
                        }
                    }
                }
            }
            struct Mail: Identifiable, Hashable { let id: Int; let subject: String; let isRead: Bool }
            struct Note: Identifiable { let id: Int; let title: String }
            """),
        LintCorrection.unchanged(note: "Two lists in one stack that link to the same type: each would get its own `.navigationDestination(for:)`, and a stack uses one per type.", """
            struct Mailboxes: View {
                let inbox: [Mail]
                let sent: [Mail]
                var body: some View {
                    NavigationStack {
                        List(inbox) { mail in
                            NavigationLink(destination: MailDetail(mail: mail)) { Text(mail.subject) }
                        }
                        List(sent) { mail in
                            NavigationLink(destination: SentDetail(mail: mail)) { Text(mail.subject) }
                        }
                    }
                }
            }
            struct Mail: Identifiable, Hashable { let id: Int; let subject: String }
            """),
        LintCorrection.unchanged(note: "No `NavigationStack` around the list in the file, or one with a path: a value link needs a stack, and the value must fit its path.", """
            struct MailList: View {
                let mails: [Mail]
                @State private var path: [Int] = []
                var body: some View {
                    List(mails) { mail in
                        NavigationLink(destination: MailDetail(mail: mail)) { Text(mail.subject) }
                    }
                    NavigationStack(path: $path) {
                        List(mails) { mail in
                            NavigationLink(destination: MailDetail(mail: mail)) { Text(mail.subject) }
                        }
                    }
                }
            }
            struct Mail: Identifiable, Hashable { let id: Int; let subject: String }
            """),
    ]

    public static func check(_ source: LintSource) -> [LintViolation] {
        let file = source.file
        var violations: [LintViolation] = []
        for index in file.tokens.indices where file.isIdentifier(index, "NavigationLink") && !file.isPunctuation(index - 1, ".") {
            guard let destination = destination(file, link: index), isEager(file, destination) else { continue }
            guard let container = repeatingContainer(file, around: index) else { continue }
            let view = source.enclosingView(of: index)?.name
            let shown = file.code(destination, limit: 40)
            var violation = LintViolation(
                token: index, view: view,
                message: "NavigationLink inside \(file.text(container)) builds its destination '\(shown)' with every row: before anyone taps it"
            )
            let place = view.map { "In `\($0)`, " } ?? ""
            switch ValueNavigationLink.change(source, link: index) {
            case .success(let change):
                violation.edits = change.edits
                violation.fix = "\(place)`\(change.before)` → `\(change.link)`, and `\(change.modifier)` on the `\(change.container)`, so the destination is built when the link is activated"
            case .failure(let refusal):
                violation.fix = "\(place)give the rows `NavigationLink(value:)` with the row's value and the list one `.navigationDestination(for:)` that builds `\(shown)` from it (iOS 16+), so the destination is built when the link is activated; `fix` leaves it: \(refusal.reason)"
            }
            violations.append(violation)
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
