extension SwiftFile {
    /// A type or extension body: what the `{` after its header opens.
    struct TypeScope: Sendable, Equatable {
        /// The name with its enclosing types' names: `Outer.Inner`.
        let name: String
        /// `struct`, `class`, `enum`, `actor` or `extension`.
        let keyword: String
        /// True when the header names `View` or `ViewModifier` among its conformances.
        let conformsToView: Bool
        /// The index of the keyword.
        let keywordIndex: Int
    }

    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "extension", "protocol"]

    /// Every type and extension body in the file, by the index of its `{`.
    ///
    /// Read the way `SwiftDeclarationScanner` reads headers, but keyed by brace, so a rule can
    /// ask which type encloses a token by walking `parent`.
    func typeScopes() -> [Int: TypeScope] {
        var scopes: [Int: TypeScope] = [:]
        for index in tokens.indices where tokens[index].isIdentifier && Self.typeKeywords.contains(tokens[index].text) {
            guard index + 1 < tokens.count, tokens[index + 1].isIdentifier, !isPunctuation(index - 1, ".") else { continue }
            // `class func`, `class var`: a member, not a type.
            if tokens[index].text == "class", ["func", "var", "let", "override", "final", "static", "private", "public", "internal", "fileprivate", "open", "subscript", "init"].contains(tokens[index + 1].text) { continue }
            var name = tokens[index + 1].text
            var cursor = index + 2
            while isPunctuation(cursor, "."), cursor + 1 < tokens.count, tokens[cursor + 1].isIdentifier {
                name += "." + tokens[cursor + 1].text
                cursor += 2
            }
            var conformsToView = false
            var afterColon = false
            var angles = 0
            while cursor < tokens.count, Int(parent[cursor]) == Int(parent[index]) {
                let token = tokens[cursor]
                if !token.isIdentifier {
                    if token.text == "{" { break }
                    if token.text == "}" || token.text == "=" || token.text == ";" { cursor = tokens.count; break }
                    if token.text == ":" && angles == 0 { afterColon = true }
                    if token.text == "<" { angles += 1 }
                    if token.text == ">" { angles -= 1 }
                } else if afterColon, angles == 0, token.text == "View" || token.text == "ViewModifier",
                          !isPunctuation(cursor + 1, ".") {
                    conformsToView = true
                } else if token.text == "where" {
                    afterColon = false
                }
                cursor += 1
            }
            guard cursor < tokens.count, isPunctuation(cursor, "{") else { continue }
            scopes[cursor] = TypeScope(name: name, keyword: tokens[index].text, conformsToView: conformsToView, keywordIndex: index)
        }
        // Qualify nested names by their enclosing types, outermost first.
        var qualified: [Int: TypeScope] = [:]
        for (brace, scope) in scopes {
            var names = [scope.name]
            var outer = Int(parent[brace])
            while outer >= 0 {
                if let enclosing = scopes[outer] { names.insert(enclosing.name, at: 0) }
                outer = Int(parent[outer])
            }
            qualified[brace] = TypeScope(name: names.joined(separator: "."), keyword: scope.keyword, conformsToView: scope.conformsToView, keywordIndex: scope.keywordIndex)
        }
        return qualified
    }
}
