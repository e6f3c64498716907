/// `items.map { Row(id: UUID(), …) }` in a value a body rebuilds, made into
/// `items.map { Row(id: $0.id, …) }`: the row takes the id of the element it is made from.
///
/// Only where the file shows that id: the mapped collection is a property of the view declared
/// `[Item]`, `Item` is declared in the same file with a stored `id`, and the row type is too,
/// with an `id` of the same type (so the call still type-checks). Anything else keeps the advice.
enum StableRowIDs {
    /// The edits and how the fix reads.
    struct Change {
        let edits: [LintEdit]
        /// "`Row(id: UUID(), …)` → `Row(id: item.id, …)` (line 4)", for each site.
        let shown: [String]
    }

    /// The changes for every `id: UUID()` argument in `range`, or why there are none.
    static func change(_ file: SwiftFile, in range: Range<Int>, view brace: Int, scopes: [Int: SwiftFile.TypeScope]) -> Result<Change, ValueNavigationLink.Refusal> {
        var edits: [LintEdit] = []
        var shown: [String] = []
        for index in range where file.isIdentifier(index, "UUID") && file.isPunctuation(index + 1, "(") && file.isPunctuation(index + 2, ")") {
            guard file.isPunctuation(index - 1, ":"), file.isIdentifier(index - 2, "id"),
                  file.isPunctuation(index - 3, "(") || file.isPunctuation(index - 3, ","),
                  file.isPunctuation(index + 3, ",") || file.isPunctuation(index + 3, ")"),
                  let open = callOpen(file, of: index), let row = file.callName(of: open), file.isTypeName(row) else {
                return .failure("its `UUID()` is not a row's `id:` argument")
            }
            guard let closure = mapClosure(file, around: index) else { return .failure("its rows are not made in a `.map { … }` over a property") }
            guard let elementType = elementType(file, data: closure.data, members: brace) else {
                return .failure("the type of `\(closure.data)`'s elements is not written in the view")
            }
            guard let elementID = storedIDType(file, elementType, scopes: scopes) else {
                return .failure("the file shows no stored `id` of `\(elementType)` to take")
            }
            guard let rowID = storedIDType(file, file.text(row), scopes: scopes), rowID == elementID else {
                return .failure("`\(file.text(row))`'s `id` is not declared as a `\(elementID)`, the type of `\(elementType).id`")
            }
            let id = "\(closure.element).id"
            edits.append(LintEdit(range: file.tokens[index].offset..<file.endOffset(of: index + 2), replacement: id))
            let more = file.isPunctuation(index + 3, ",") ? ", …" : ""
            shown.append("`\(file.text(row))(id: UUID()\(more))` → `\(file.text(row))(id: \(id)\(more))` (line \(file.tokens[index].line))")
        }
        guard !edits.isEmpty else { return .failure("no `id: UUID()` argument is there to replace") }
        return .success(Change(edits: edits, shown: shown))
    }

    /// The `(` of the call whose argument list holds token `index`.
    private static func callOpen(_ file: SwiftFile, of index: Int) -> Int? {
        let open = Int(file.parent[index])
        return open >= 0 && file.isPunctuation(open, "(") ? open : nil
    }

    /// The nearest enclosing `data.map { … }` (or `self.data.map`) closure of `index`, with the
    /// name its element goes by: `$0`, or the one parameter it names (`{ item in`).
    private static func mapClosure(_ file: SwiftFile, around index: Int) -> (data: String, element: String)? {
        var outer = Int(file.parent[index])
        while outer >= 0, !file.isPunctuation(outer, "{") { outer = Int(file.parent[outer]) }
        guard outer >= 3, file.isIdentifier(outer - 1, "map"), file.isPunctuation(outer - 2, "."), file.tokens[outer - 3].isIdentifier else { return nil }
        let data = outer - 3
        if file.isPunctuation(data - 1, ".") && !(file.isIdentifier(data - 2, "self") && !file.isPunctuation(data - 3, ".")) { return nil }
        let header = file.children(of: outer).first { file.isIdentifier($0, "in") }
        if let header {
            guard header == outer + 2, file.tokens[outer + 1].isIdentifier, file.text(outer + 1) != "_" else { return nil }
            return (file.text(data), file.text(outer + 1))
        }
        return (file.text(data), "$0")
    }

    /// `Item` for a property `data` declared `: [Item]` in the type whose body opens at `brace`.
    static func elementType(_ file: SwiftFile, data: String, members brace: Int) -> String? {
        for index in file.children(of: brace) where (file.isIdentifier(index, "var") || file.isIdentifier(index, "let")) && file.isIdentifier(index + 1, data) {
            guard file.isPunctuation(index + 2, ":"), file.isPunctuation(index + 3, "["), file.isTypeName(index + 4), file.isPunctuation(index + 5, "]") else { return nil }
            return file.text(index + 4)
        }
        return nil
    }

    /// The type of the stored `id` the file's struct or class `name` declares: `UUID` for
    /// `let id: UUID` or `var id = UUID()`; nil when it declares none, or only a computed one.
    private static func storedIDType(_ file: SwiftFile, _ name: String, scopes: [Int: SwiftFile.TypeScope]) -> String? {
        let bodies = scopes.filter { SwiftFile.lastComponent($0.value.name) == name && ["struct", "class"].contains($0.value.keyword) }
        guard bodies.count == 1, let brace = bodies.first?.key else { return nil }
        for index in file.children(of: brace) where (file.isIdentifier(index, "var") || file.isIdentifier(index, "let")) && file.isIdentifier(index + 1, "id") {
            if file.isPunctuation(index + 2, ":"), file.isTypeName(index + 3), !file.isPunctuation(index + 4, "{"), !file.isPunctuation(index + 4, "."), !file.isPunctuation(index + 4, "<"), !file.isPunctuation(index + 4, "?") {
                return file.text(index + 3)
            }
            if file.isPunctuation(index + 2, "="), file.isTypeName(index + 3), file.isPunctuation(index + 4, "("), file.end(of: index + 4) == index + 5 {
                return file.text(index + 3)
            }
            return nil
        }
        return nil
    }
}
