import SwiftSource

/// Where a statement of a body starts, read from tokens and line breaks: Swift ends a statement
/// at a line break unless the line before or the line after clearly continues it (a leading `.`
/// or operator, a trailing `,` or `=`, `else`). Good enough to find a body's last statement,
/// which is all instrument asks; when in doubt it says "not an expression" and adds nothing.
enum StatementBoundary {
    /// Declaration modifiers that may stand before `class`, `init` and friends.
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "override", "required",
        "convenience", "nonisolated", "static", "dynamic", "indirect", "distributed",
    ]

    /// The statements whose blocks are the enclosing function's own code, not a closure's.
    static let controlFlow: Set<String> = ["if", "else", "guard", "switch", "for", "while", "repeat", "do", "catch", "defer"]

    /// Functions that never return: code after a call to one is dead.
    static let neverReturning: Set<String> = ["fatalError", "preconditionFailure", "abort", "exit"]

    private static let operators: Set<String> = ["+", "-", "*", "/", "%", "=", "<", ">", "&", "|", "^", "~", ":", "?", ".", ","]
    private static let continuingWords: Set<String> = ["else", "catch", "where", "as", "is", "in"]
    private static let leadingWords: Set<String> = ["return", "try", "await", "in", "as", "is"]
    private static let statementWords: Set<String> = [
        "if", "guard", "switch", "for", "while", "repeat", "do", "defer", "let", "var", "func", "struct", "class",
        "enum", "actor", "typealias", "break", "continue", "throw", "fallthrough", "import", "extension", "protocol",
    ]

    /// Whether `token`, first on its line, continues the statement that `previous` is in.
    static func continues(_ previous: SwiftToken, _ token: SwiftToken) -> Bool {
        if !token.isIdentifier, operators.contains(token.text) || token.text == "{" { return true }
        if token.isIdentifier, continuingWords.contains(token.text) { return true }
        if !previous.isIdentifier, operators.contains(previous.text) || previous.text == "(" || previous.text == "[" { return true }
        return previous.isIdentifier && leadingWords.contains(previous.text)
    }

    /// Whether a statement starting with `token` is no expression: a keyword statement, a
    /// declaration, an attribute or a compiler directive.
    static func startsNonExpression(_ token: SwiftToken) -> Bool {
        if !token.isIdentifier { return token.text == "#" || token.text == "@" || token.text == "}" }
        return statementWords.contains(token.text) || modifiers.contains(token.text)
    }
}
