extension SwiftFile {
    /// Words that can stand before `(` or `{` without naming a call.
    static let keywords: Set<String> = [
        "if", "guard", "while", "for", "in", "switch", "case", "return", "else", "repeat", "do", "catch",
        "try", "await", "let", "var", "func", "init", "where", "throw", "some", "any", "get", "set",
        "willSet", "didSet", "defer", "is", "as", "subscript", "deinit", "struct", "class", "enum",
        "extension", "protocol", "actor", "import", "typealias", "true", "false", "nil", "self", "Self",
    ]

    /// The name of the call an opener belongs to: `Name` for `Name(`, `Name {`, `Name<T>(`, and
    /// for a trailing closure after `)` or after an earlier closure (`} label: {`), the call's.
    /// Returns the name's token index; nil when the opener is no call's (a condition's body, a
    /// tuple, an array literal).
    func callName(of opener: Int) -> Int? {
        var before = opener - 1
        guard before >= 0 else { return nil }
        if isPunctuation(opener, "{") {
            // `} label: {`: a further trailing closure of the same call.
            if isPunctuation(before, ":"), before >= 2, tokens[before - 1].isIdentifier, isPunctuation(before - 2, "}") {
                let previous = Int(partner[before - 2])
                return previous >= 0 ? callName(of: previous) : nil
            }
            if isPunctuation(before, ")") {
                let previous = Int(partner[before])
                guard previous >= 0, let name = callName(of: previous) else { return nil }
                return inCondition(name) ? nil : name
            }
            if isPunctuation(before, "}") || isPunctuation(before, "]") { return nil }
            if tokens[before].isIdentifier, inCondition(before) { return nil }
        }
        if isPunctuation(before, ">") {
            // `Name<Generic>(`: back over the generic arguments.
            var depth = 0
            while before >= 0 {
                if isPunctuation(before, ">") { depth += 1 }
                if isPunctuation(before, "<") { depth -= 1; if depth == 0 { break } }
                if isPunctuation(before, "{") || isPunctuation(before, ";") { return nil }
                before -= 1
            }
            before -= 1
        }
        guard before >= 0, tokens[before].isIdentifier, !Self.keywords.contains(tokens[before].text) else { return nil }
        if isPunctuation(opener, "{") {
            // `var body: some View {` or `-> some View {`: a declaration's body, not a call.
            if isIdentifier(before - 1, "some") || isPunctuation(before - 1, ":") || isPunctuation(before - 1, ">") { return nil }
            // A type's header or a function's signature ends in a name too: `struct A: B {`.
            if isPunctuation(before - 1, ":") || isPunctuation(before - 1, ",") { return nil }
        }
        return before
    }

    private static let conditionKeywords: Set<String> = ["if", "guard", "while", "for", "switch", "catch", "else"]

    /// True when token `index` is part of an `if`, `guard`, `while`, `for` or `switch` header:
    /// a `{` after it opens the statement's body, never a trailing closure (Swift forbids them there).
    func inCondition(_ index: Int) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let level = Int(parent[index])
        var cursor = index
        while cursor >= 0, cursor > level {
            if Int(parent[cursor]) == level {
                if tokens[cursor].isIdentifier, Self.conditionKeywords.contains(tokens[cursor].text) { return true }
                if isPunctuation(cursor, ";") || (cursor < index && isPunctuation(cursor, "}") && tokens[cursor].line < tokens[cursor + 1].line) { return false }
                if cursor < index, startsStatement(cursor, in: level) { return false }
            }
            cursor -= 1
        }
        return false
    }

    /// The text of token `index`, or "" past the ends.
    func text(_ index: Int) -> String {
        index >= 0 && index < tokens.count ? tokens[index].text : ""
    }

    /// True when the identifier at `index` starts with an uppercase letter: a type's name.
    func isTypeName(_ index: Int) -> Bool {
        guard index >= 0, index < tokens.count, tokens[index].isIdentifier, let first = tokens[index].text.unicodeScalars.first else { return false }
        return first.properties.isUppercase
    }

    /// The argument labelled `label` of the call whose `(` is at `open`: the range of its value's
    /// tokens; nil when the call has no such argument.
    func argument(_ label: String, of open: Int) -> Range<Int>? {
        let close = end(of: open)
        var index = open + 1
        while index < close {
            if Int(parent[index]) == open, tokens[index].isIdentifier, tokens[index].text == label,
               isPunctuation(index + 1, ":"), isPunctuation(index - 1, "(") || isPunctuation(index - 1, ",") {
                var valueEnd = index + 2
                while valueEnd < close, !(Int(parent[valueEnd]) == open && isPunctuation(valueEnd, ",")) { valueEnd += 1 }
                return (index + 2)..<valueEnd
            }
            index += 1
        }
        return nil
    }

    /// The indexes of the tokens directly inside the opener at `open` (not in nested brackets).
    func children(of open: Int) -> [Int] {
        let close = end(of: open)
        guard close > open else { return [] }
        return ((open + 1)..<close).filter { Int(parent[$0]) == open }
    }

    /// The type names that start a statement directly inside the `{` at `open`, and whose name
    /// is followed by `(` or `{`: the views a view builder's block lists (`PlayButton()`,
    /// `VStack {`), not `Color.red` or `let x = Model()`.
    func viewsListed(in open: Int) -> [Int] {
        children(of: open).filter { index in
            guard isTypeName(index), isPunctuation(index + 1, "(") || isPunctuation(index + 1, "{") else { return false }
            return startsStatement(index, in: open)
        }
    }

    /// True when token `index`, directly inside `open`, starts a statement: first in the block,
    /// or on a later line than a token that can end one.
    func startsStatement(_ index: Int, in open: Int) -> Bool {
        let before = index - 1
        if before == open || isPunctuation(before, ";") { return true }
        guard before >= 0, index < tokens.count else { return false }
        if isIdentifier(before, "return") { return true }
        guard tokens[before].line < tokens[index].line else { return false }
        let previous = tokens[before]
        if previous.isIdentifier { return !Self.continuesExpression.contains(previous.text) }
        return [")", "}", "]", "\"", "0", "?", "!"].contains(previous.text)
    }

    /// Words after which a line continues the expression.
    private static let continuesExpression: Set<String> = ["in", "return", "try", "await", "as", "is", "let", "var", "case", "where", "else", "if", "guard"]

    /// The innermost enclosing `{` of `index` that is a type's body, with its scope.
    func enclosingType(of index: Int, in scopes: [Int: TypeScope]) -> (brace: Int, scope: TypeScope)? {
        var outer = Int(parent[index])
        while outer >= 0 {
            if let scope = scopes[outer] { return (outer, scope) }
            outer = Int(parent[outer])
        }
        return nil
    }

    /// The last name component of a type: `Outer.Inner` → `Inner`.
    static func lastComponent(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }
}
