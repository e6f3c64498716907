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
        if edits.isEmpty {
            // `Row(name: …)` whose struct stores `let id = UUID()`: pass the element's id, and
            // make the property a `var` so the memberwise init takes it (other callers keep the default).
            for call in defaultedIDCalls(file, in: range, scopes: scopes) {
                let row = file.text(call.name)
                guard let closure = mapClosure(file, around: call.name) else { return .failure("its rows are not made in a `.map { … }` over a property") }
                guard let elementType = elementType(file, data: closure.data, members: brace) else {
                    return .failure("the type of `\(closure.data)`'s elements is not written in the view")
                }
                guard storedIDType(file, elementType, scopes: scopes) == "UUID" else {
                    return .failure("the file shows no stored `id: UUID` of `\(elementType)` to take")
                }
                if let reason = call.refusal { return .failure(ValueNavigationLink.Refusal(reason)) }
                let id = "\(closure.element).id"
                let open = call.name + 1
                let hasArguments = file.end(of: open) > open + 1
                edits.append(LintEdit(range: file.endOffset(of: open)..<file.endOffset(of: open), replacement: "id: \(id)" + (hasArguments ? ", " : "")))
                if file.isIdentifier(call.keyword, "let") {
                    let edit = LintEdit(range: file.tokens[call.keyword].offset..<file.endOffset(of: call.keyword), replacement: "var")
                    if !edits.contains(edit) { edits.append(edit) }
                }
                shown.append("`\(row)(\(hasArguments ? "…" : ""))` → `\(row)(id: \(id)\(hasArguments ? ", …" : ""))` (line \(file.tokens[call.name].line))"
                    + (file.isIdentifier(call.keyword, "let") ? " and `let id = UUID()` → `var id = UUID()` in `\(row)` (line \(file.tokens[call.keyword].line)), a default its other callers keep" : ""))
            }
        }
        guard !edits.isEmpty else { return .failure("no `id: UUID()` argument is there to replace") }
        return .success(Change(edits: edits, shown: shown))
    }

    /// The calls `Row(…)` in `range` that pass no `id:`, where the file's `struct Row` stores
    /// `let id = UUID()` (or `var`): each call's name token, the `let`/`var` of that `id`, and
    /// why `fix` cannot pass an id (nil when it can: `id` is the first stored property, so it
    /// comes first in the memberwise init; the struct writes no `init`; it is not `Codable`,
    /// whose decoding a `var id` would change).
    static func defaultedIDCalls(_ file: SwiftFile, in range: Range<Int>, scopes: [Int: SwiftFile.TypeScope]) -> [(name: Int, keyword: Int, refusal: String?)] {
        var calls: [(name: Int, keyword: Int, refusal: String?)] = []
        for index in range where file.isTypeName(index) && file.isPunctuation(index + 1, "(") && !file.isPunctuation(index - 1, ".") {
            guard file.argument("id", of: index + 1) == nil else { continue }
            let name = file.text(index)
            let bodies = scopes.filter { SwiftFile.lastComponent($0.value.name) == name && $0.value.keyword == "struct" }
            guard bodies.count == 1, let (brace, scope) = bodies.first else { continue }
            let members = file.children(of: brace)
            guard let keyword = members.first(where: { (file.isIdentifier($0, "let") || file.isIdentifier($0, "var")) && file.isIdentifier($0 + 1, "id") }),
                  file.isPunctuation(keyword + 2, "="), file.isIdentifier(keyword + 3, "UUID"), file.isPunctuation(keyword + 4, "("), file.isPunctuation(keyword + 5, ")") else { continue }
            var refusal: String?
            if (scope.keywordIndex..<brace).contains(where: { ["Codable", "Decodable"].contains(file.text($0)) }) {
                refusal = "`\(name)` is `Codable`, and a `var id` would be decoded"
            } else if members.contains(where: { file.isIdentifier($0, "init") }) {
                refusal = "`\(name)` writes its own `init`"
            } else if members.first(where: { (file.isIdentifier($0, "let") || file.isIdentifier($0, "var")) && !file.isIdentifier($0 - 1, "static") }) != keyword {
                refusal = "`id` is not the first stored property of `\(name)`"
            }
            calls.append((index, keyword, refusal))
        }
        return calls
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
