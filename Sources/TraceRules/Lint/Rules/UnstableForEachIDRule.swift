/// `ForEach` over ids that change: a range that grows, positions, fresh UUIDs.
public enum UnstableForEachIDRule: LintRule {
    public static let description = LintRuleDescription(
        identifier: "unstable_foreach_id",
        title: "Unstable ForEach ids",
        runtimeRule: "identity_churn",
        summary: "A `ForEach` identifies its rows by something that changes when the data does (a non-constant range without `id:`, `\\.offset` of `enumerated()`, a fresh `UUID()`), so rows are re-created, or mixed up, instead of updated.",
        rationale: """
            `ForEach` gives each row the identity of its id. `ForEach(0..<items.count)` promises \
            a constant range (SwiftUI warns `count (5) != its initial count (4)` and keeps the \
            old rows); `id: \\.offset` gives a row's identity to its position, so inserting at the \
            top shifts every row's state to its neighbour; an id computed as `UUID()` is new on \
            every evaluation, so every row is destroyed and rebuilt on every update. Traces show \
            re-created rows as `identity_churn`.
            """,
        fix: "Identify rows by a stable property of the element (`ForEach(items) { … }` with `Identifiable`, or `id: \\.id`), and take ids from the data (a database key, a server id); a `UUID()` in a value that a body or computed property rebuilds (`items.map { Row(id: UUID(), …) }`) is new every time.",
        seed: "000/001 (`@identity` for rows), SwiftUI's ForEach range warning",
        triggeringExamples: [
            LintExample("""
                struct TodoList: View {
                    @State private var todos: [Todo] = []
                    var body: some View {
                        List {
                            ↓ForEach(0..<todos.count) { index in
                                TodoRow(todo: todos[index])
                            }
                        }
                    }
                }
                """),
            LintExample(note: "Positions and fresh UUIDs as ids.", """
                struct Feed: View {
                    let posts: [Post]
                    var body: some View {
                        ↓ForEach(Array(posts.enumerated()), id: \\.offset) { pair in PostRow(post: pair.element) }
                        ↓ForEach(0..<posts.count) { index in PostRow(post: posts[index]) }
                        ↓ForEach(posts.map { ($0, UUID()) }, id: \\.1) { pair in PostRow(post: pair.0) }
                    }
                }
                struct Post: Hashable {
                    ↓var id: UUID { UUID() }
                }
                """),
            LintExample(note: "Positions as ids (`indices`, `0..<count` with `id: \\.self`) over data that is inserted into or deleted from.", """
                struct Checklist: View {
                    @State private var items: [String] = []
                    var body: some View {
                        List {
                            ↓ForEach(items.indices, id: \\.self) { index in
                                TextField("Item", text: $items[index])
                            }
                            .onDelete { items.remove(atOffsets: $0) }
                            ↓ForEach(0..<items.count, id: \\.self) { index in Text(items[index]) }
                        }
                        Button("Add") { items.insert("new", at: 0) }
                    }
                }
                """),
            LintExample(note: "Rows made in a computed property with `UUID()`: new ids on every body, however the `ForEach` names them.", """
                struct AccountList: View {
                    let accounts: [Account]
                    var rows: [AccountRowModel] { accounts.map { AccountRowModel(id: UUID(), name: $0.name) } }
                    var body: some View {
                        List {
                            ↓ForEach(rows) { row in AccountRow(model: row) }
                        }
                    }
                }
                """),
            LintExample(note: "Rows made in a computed property as values of a struct that stores `let id = UUID()`: as new.", """
                struct AccountList: View {
                    let accounts: [Account]
                    var rows: [AccountRowModel] { accounts.map { AccountRowModel(name: $0.name) } }
                    var body: some View {
                        List {
                            ↓ForEach(rows) { row in Text(row.name) }
                        }
                    }
                }
                struct AccountRowModel: Identifiable { let id = UUID(); let name: String }
                """),
        ],
        nonTriggeringExamples: [
            LintExample(note: "Stable ids, a constant range, a stored UUID.", """
                struct Feed: View {
                    let posts: [Post]
                    let tabs = ["New", "Top"]
                    var body: some View {
                        ForEach(posts) { post in PostRow(post: post) }
                        ForEach(posts, id: \\.id) { post in PostRow(post: post) }
                        ForEach(0..<5) { index in Text("\\(index)") }
                        ForEach(0..<posts.count, id: \\.self) { index in Text("\\(index)") }
                        ForEach(posts.indices, id: \\.self) { index in Text("\\(index)") }
                        ForEach(0..<tabs.count) { index in Text(tabs[index]) }
                        ForEach(Array(posts.enumerated()), id: \\.element.id) { pair in PostRow(post: pair.element) }
                    }
                }
                struct Post: Identifiable { let id = UUID() }
                """),
            LintExample(note: "Rows made in a computed property with the element's id.", """
                struct AccountList: View {
                    let accounts: [Account]
                    var rows: [AccountRowModel] { accounts.map { AccountRowModel(id: $0.id, name: $0.name) } }
                    var body: some View {
                        ForEach(rows) { row in Text(row.name) }
                    }
                }
                struct AccountRowModel: Identifiable { var id = UUID(); let name: String }
                """),
        ],
        corrections: corrections
    )

    static let corrections: [LintCorrection] = [
        LintCorrection("""
            struct AccountList: View {
                let accounts: [Account]
                var rows: [AccountRowModel] { accounts.map { AccountRowModel(id: UUID(), name: $0.name) } }
                var body: some View {
                    List {
                        ForEach(rows) { row in AccountRow(model: row) }
                    }
                }
            }
            struct Account: Identifiable { let id: UUID; let name: String }
            struct AccountRowModel: Identifiable { let id: UUID; let name: String }
            struct AccountRow: View { let model: AccountRowModel; var body: some View { Text(model.name) } }
            """, """
            struct AccountList: View {
                let accounts: [Account]
                var rows: [AccountRowModel] { accounts.map { AccountRowModel(id: $0.id, name: $0.name) } }
                var body: some View {
                    List {
                        ForEach(rows) { row in AccountRow(model: row) }
                    }
                }
            }
            struct Account: Identifiable { let id: UUID; let name: String }
            struct AccountRowModel: Identifiable { let id: UUID; let name: String }
            struct AccountRow: View { let model: AccountRowModel; var body: some View { Text(model.name) } }
            """),
        LintCorrection(note: "Rows made in the `ForEach`'s data, from a named element whose id is stored once.", """
            struct Inbox: View {
                @State private var mails: [Mail] = []
                var body: some View {
                    ForEach(mails.map { mail in MailRowModel(id: UUID(), subject: mail.subject) }) { row in
                        Text(row.subject)
                    }
                }
            }
            struct Mail { var id = UUID(); var subject: String }
            struct MailRowModel: Identifiable { var id: UUID; var subject: String }
            """, """
            struct Inbox: View {
                @State private var mails: [Mail] = []
                var body: some View {
                    ForEach(mails.map { mail in MailRowModel(id: mail.id, subject: mail.subject) }) { row in
                        Text(row.subject)
                    }
                }
            }
            struct Mail { var id = UUID(); var subject: String }
            struct MailRowModel: Identifiable { var id: UUID; var subject: String }
            """),
        LintCorrection(note: "A row struct that stores `let id = UUID()`: the call passes the element's id, and `let` becomes `var` so the memberwise init takes it (other callers keep the default).", """
            struct AccountList: View {
                let accounts: [Account]
                var rows: [AccountRowModel] { accounts.map { account in AccountRowModel(name: account.name) } }
                var body: some View {
                    ForEach(rows) { row in Text(row.name) }
                }
            }
            struct Account: Identifiable { let id = UUID(); let name: String }
            struct AccountRowModel: Identifiable { let id = UUID(); let name: String }
            """, """
            struct AccountList: View {
                let accounts: [Account]
                var rows: [AccountRowModel] { accounts.map { account in AccountRowModel(id: account.id, name: account.name) } }
                var body: some View {
                    ForEach(rows) { row in Text(row.name) }
                }
            }
            struct Account: Identifiable { let id = UUID(); let name: String }
            struct AccountRowModel: Identifiable { var id = UUID(); let name: String }
            """),
        LintCorrection.unchanged(note: "Left with the advice: a `Codable` row (a `var id` would be decoded), one that writes its own `init`, one whose `id` is not its first stored property.", """
            struct Boards: View {
                let accounts: [Account]
                var saved: [SavedRow] { accounts.map { SavedRow(name: $0.name) } }
                var built: [BuiltRow] { accounts.map { BuiltRow(name: $0.name) } }
                var named: [NamedRow] { accounts.map { NamedRow(name: $0.name) } }
                var body: some View {
                    ForEach(saved) { row in Text(row.name) }
                    ForEach(built) { row in Text(row.name) }
                    ForEach(named) { row in Text(row.name) }
                }
            }
            struct Account: Identifiable { let id: UUID; let name: String }
            struct SavedRow: Identifiable, Codable { let id = UUID(); let name: String }
            struct BuiltRow: Identifiable { let id = UUID(); let name: String; init(name: String) { self.name = name } }
            struct NamedRow: Identifiable { let name: String; let id = UUID() }
            """),
        LintCorrection.unchanged(note: "Left with the advice: an element with no `id` in the file, an `id` of another type than the row's, data that is not the view's property.", """
            struct Lists: View {
                let tags: [Tag]
                let users: [User]
                let model: Model
                var tagRows: [Row] { tags.map { Row(id: UUID(), title: $0.name) } }
                var userRows: [Row] { users.map { Row(id: UUID(), title: $0.name) } }
                var modelRows: [Row] { model.items.map { Row(id: UUID(), title: $0.name) } }
                var body: some View {
                    ForEach(tagRows) { row in Text(row.title) }
                    ForEach(userRows) { row in Text(row.title) }
                    ForEach(modelRows) { row in Text(row.title) }
                }
            }
            struct Tag { let name: String }
            struct User: Identifiable { let id: Int; let name: String }
            struct Row: Identifiable { let id: UUID; let title: String }
            """),
    ]

    public static func check(_ source: LintSource) -> [LintViolation] {
        let file = source.file
        var violations: [LintViolation] = []
        for index in file.tokens.indices {
            if file.isIdentifier(index, "ForEach"), file.isPunctuation(index + 1, "("), !file.isPunctuation(index - 1, ".") {
                if let problem = problem(file, forEach: index, scopes: source.scopes) {
                    let row = rowView(file, forEach: index)
                    var violation = LintViolation(token: index, view: row, message: problem)
                    let enclosing = source.enclosingView(of: index)
                    let owner = enclosing.map { "In `\($0.name)`, " } ?? ""
                    // Where the rows are made: the computed property the data comes from, or the data argument itself.
                    let rebuilt = rebuiltData(file, forEach: index, scopes: source.scopes)
                    let made = rebuilt?.getter ?? ((index + 2)..<file.end(of: index + 1))
                    let change = enclosing.map { StableRowIDs.change(file, in: made, view: $0.brace, scopes: source.scopes) }
                    if case .success(let stable)? = change {
                        violation.edits = stable.edits
                        violation.fix = "\(owner)\(stable.shown.joined(separator: ", ")), so each \(row ?? "row") keeps the identity of the element it is made from"
                    } else if let rebuilt {
                        let refusal = if case .failure(let refusal)? = change { "; `fix` leaves it: \(refusal.reason)" } else { "" }
                        violation.fix = "\(owner)give the elements of `\(rebuilt.name)` (line \(rebuilt.line)) ids from the data they are made from (`id: item.id`, a database key) instead of `UUID()`, or store them once where the data is loaded, so each \(row ?? "row") keeps its identity" + refusal
                    }
                    violations.append(violation)
                }
            } else if file.isIdentifier(index, "var"), file.isIdentifier(index + 1, "id"), file.isPunctuation(index + 2, ":") {
                // `var id: UUID { UUID() }`: a computed id, new on every read.
                var cursor = index + 3
                while cursor < file.tokens.count, file.tokens[cursor].isIdentifier || file.isPunctuation(cursor, ".") { cursor += 1 }
                guard file.isPunctuation(cursor, "{"), file.isIdentifier(cursor + 1, "UUID"), file.isPunctuation(cursor + 2, "(") else { continue }
                let owner = file.enclosingType(of: index, in: source.scopes).map { SwiftFile.lastComponent($0.scope.name) }
                violations.append(LintViolation(token: index, view: owner, message: "'var id' computes a new UUID() on every read, so no \(owner ?? "element") keeps its identity in a ForEach or List"))
            }
        }
        return violations
    }

    /// What makes the ids of the `ForEach` at `index` unstable, or nil.
    static func problem(_ file: SwiftFile, forEach index: Int, scopes: [Int: SwiftFile.TypeScope]) -> String? {
        let open = index + 1
        let close = file.end(of: open)
        let idArgument = file.argument("id", of: open)
        if let id = idArgument {
            let shown = file.code(id)
            if shown == "\\.offset" { return "ForEach identifies rows by 'id: \\.offset', their position: inserting or removing an element moves every later row's state to its neighbour" }
        }
        if let id = idArgument, file.code(id) == "\\.self", let data = positions(file, in: (open + 1)..<close),
           let edit = reordering(file, of: data, forEach: index) {
            return "ForEach over the positions of '\(data)' with 'id: \\.self' identifies rows by position, and '\(data)' is \(edit.verb) (line \(file.tokens[edit.token].line)): each row's state moves to whichever element takes its place"
        }
        if idArgument == nil, let range = ((open + 1)..<close).first(where: { file.isPunctuation($0, ".") && file.isPunctuation($0 + 1, ".") }) {
            // `0..<items.count`: a name after the range operator makes it change with the data.
            var after = range + 2
            if file.isPunctuation(after, "<") { after += 1 }
            if file.isIdentifier(after, "self"), file.isPunctuation(after + 1, ".") { after += 2 }
            if after < close, file.tokens[after].isIdentifier, !isConstant(file, file.text(after), around: index, scopes: scopes) {
                return "ForEach(\(file.code((open + 1)..<close, limit: 30))) ranges over a count that changes, without 'id:': SwiftUI keeps the first range's rows (constant data only)"
            }
        }
        if ((open + 1)..<close).contains(where: { file.isIdentifier($0, "UUID") && file.isPunctuation($0 + 1, "(") }) {
            return "ForEach's ids are made with UUID() on every evaluation, so every row is re-created on every update"
        }
        if let rebuilt = rebuiltData(file, forEach: index, scopes: scopes) {
            if let via = rebuilt.via {
                return "ForEach's data '\(rebuilt.name)' is a computed property (line \(rebuilt.line)) that makes new \(via) values on every read, each with a new 'id = UUID()', so every row gets a new id, and fresh state, on every update"
            }
            return "ForEach's data '\(rebuilt.name)' is a computed property (line \(rebuilt.line)) that makes its elements with UUID() on every read, so every row gets a new id, and fresh state, on every update"
        }
        return nil
    }

    /// The computed property the `ForEach` at `index` takes its data from (`ForEach(rows)`,
    /// `ForEach(self.rows, id: \.id)`) when its getter calls `UUID()`, or makes values of a
    /// struct of the file whose stored `id` is `UUID()` without passing one: its name, line,
    /// getter's tokens, and that struct's name (`via`).
    static func rebuiltData(_ file: SwiftFile, forEach index: Int, scopes: [Int: SwiftFile.TypeScope]) -> (name: String, line: Int, getter: Range<Int>, via: String?)? {
        let open = index + 1
        var first = open + 1
        if file.isIdentifier(first, "self"), file.isPunctuation(first + 1, ".") { first += 2 }
        guard file.tokens.indices.contains(first), file.tokens[first].isIdentifier,
              file.isPunctuation(first + 1, ",") || file.isPunctuation(first + 1, ")") else { return nil }
        let name = file.text(first)
        guard let (brace, _) = file.enclosingType(of: index, in: scopes) else { return nil }
        for member in file.children(of: brace) where file.isIdentifier(member, "var") && file.isIdentifier(member + 1, name) && file.isPunctuation(member + 2, ":") {
            // The type annotation, then the getter's `{` on the member's level.
            var cursor = member + 3
            while cursor < file.tokens.count, Int(file.parent[cursor]) == brace, !file.isPunctuation(cursor, "{"), !file.isPunctuation(cursor, "=") {
                if file.isPunctuation(cursor, "(") || file.isPunctuation(cursor, "[") || file.isPunctuation(cursor, "<") { cursor = max(cursor, file.end(of: cursor)) }
                cursor += 1
            }
            guard file.isPunctuation(cursor, "{") else { return nil }
            let getter = file.end(of: cursor)
            if ((cursor + 1)..<getter).contains(where: { file.isIdentifier($0, "UUID") && file.isPunctuation($0 + 1, "(") }) {
                return (name, file.tokens[member].line, (cursor + 1)..<getter, nil)
            }
            // `Row(name: …)` where the file's `struct Row` stores `let id = UUID()`: as new.
            if let made = StableRowIDs.defaultedIDCalls(file, in: (cursor + 1)..<getter, scopes: scopes).first {
                return (name, file.tokens[member].line, (cursor + 1)..<getter, file.text(made.name))
            }
        }
        return nil
    }

    /// The collection whose positions the data argument at `range` lists: `items` in
    /// `items.indices`, `0..<items.count`, `model.items.indices`; nil for anything else.
    static func positions(_ file: SwiftFile, in range: Range<Int>) -> String? {
        for index in range where file.tokens[index].isIdentifier && file.isPunctuation(index + 1, ".") {
            let member = file.text(index + 2)
            guard member == "indices" || member == "count", index + 3 == range.upperBound || file.isPunctuation(index + 3, ",") else { continue }
            return file.text(index)
        }
        return nil
    }

    /// Edits that move elements to other positions: an insertion, a deletion or a move, by a
    /// call on `name` anywhere in the file or by `onDelete`/`onMove` (which hand out offsets).
    /// Appending at the end keeps every position: not counted.
    static let reorderingCalls: [String: String] = [
        "insert": "inserted into", "remove": "deleted from", "removeAll": "deleted from", "removeFirst": "deleted from",
        "move": "moved", "swapAt": "moved", "sort": "sorted", "shuffle": "shuffled", "reverse": "reversed",
        "onDelete": "deleted from", "onMove": "moved",
    ]

    static func reordering(_ file: SwiftFile, of name: String, forEach: Int) -> (verb: String, token: Int)? {
        // `onDelete`/`onMove` chained to this ForEach hand its rows' offsets to an edit.
        var cursor = file.end(of: forEach + 1) + 1
        if file.isPunctuation(cursor, "{") { cursor = file.end(of: cursor) + 1 }
        while file.isPunctuation(cursor, "."), file.tokens.indices.contains(cursor + 1), file.tokens[cursor + 1].isIdentifier {
            let modifier = file.text(cursor + 1)
            if modifier == "onDelete" || modifier == "onMove", let verb = reorderingCalls[modifier] { return (verb, cursor + 1) }
            cursor += 2
            while file.isPunctuation(cursor, "(") || file.isPunctuation(cursor, "{") { cursor = file.end(of: cursor) + 1 }
        }
        for index in file.tokens.indices where file.isIdentifier(index, name) && file.isPunctuation(index + 1, ".") {
            let call = file.text(index + 2)
            guard call != "onDelete", call != "onMove", let verb = reorderingCalls[call], file.isPunctuation(index + 3, "(") else { continue }
            return (verb, index + 2)
        }
        return nil
    }

    /// True when `name` is a `let` of the type around `index` with its value given there
    /// (`let tabs = ["a", "b"]`): its count never changes, so a range over it is constant data.
    static func isConstant(_ file: SwiftFile, _ name: String, around index: Int, scopes: [Int: SwiftFile.TypeScope]) -> Bool {
        guard let (brace, _) = file.enclosingType(of: index, in: scopes) else { return false }
        let members = file.children(of: brace)
        // `let tabs = [...]` is fixed for the type; `let posts: [Post]` is whatever the parent
        // passes, and a new parent value can have another count.
        return members.contains { member in
            guard file.isIdentifier(member, "let"), file.isIdentifier(member + 1, name) else { return false }
            return members.contains { $0 > member && file.isPunctuation($0, "=") && file.tokens[$0].line == file.tokens[member].line }
        }
    }

    /// The first view the `ForEach`'s row closure lists: what the rows are made of.
    static func rowView(_ file: SwiftFile, forEach index: Int) -> String? {
        let brace = file.end(of: index + 1) + 1
        guard file.isPunctuation(brace, "{") else { return nil }
        let close = file.end(of: brace)
        return ((brace + 1)..<close).first(where: { file.isTypeName($0) && file.isPunctuation($0 + 1, "(") && file.parent[$0] == Int32(brace) }).map { file.text($0) }
    }
}
