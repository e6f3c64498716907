/// Each bracket's partner in a file's tokens, for a reader that must not guess: a rewriter
/// inserts code between a `{` and its `}`, so a file whose brackets do not pair up is refused
/// with the place where they stopped pairing, never read "as far as it goes".
package struct SwiftBrackets: Sendable {
    /// For `(`, `[` and `{`: the index of its closing partner; for a closer, its opener's; -1
    /// for every other token.
    package let partner: [Int32]

    /// Pairs the brackets of `tokens`; throws where the first one fails to pair, or where they
    /// nest deeper than `maxDepth` (no source a person wrote does; a generated or hostile one
    /// would make every reader after this one slow).
    package init(_ tokens: [SwiftToken], maxDepth: Int = .max) throws(SwiftReadError) {
        var partner = [Int32](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where !token.isIdentifier {
            switch token.text {
            case "(", "[", "{":
                open.append(index)
                if open.count > maxDepth {
                    throw SwiftReadError(line: token.line, column: token.column, "brackets nest more than \(maxDepth) deep")
                }
            case ")", "]", "}":
                guard let opener = open.popLast() else {
                    throw SwiftReadError(line: token.line, column: token.column, "'\(token.text)' closes nothing")
                }
                guard Self.closer(of: tokens[opener].text) == token.text else {
                    let unclosed = tokens[opener]
                    throw SwiftReadError(line: unclosed.line, column: unclosed.column, "'\(unclosed.text)' is closed by '\(token.text)' at \(token.line):\(token.column)")
                }
                partner[index] = Int32(opener)
                partner[opener] = Int32(index)
            default:
                break
            }
        }
        if let unclosed = open.last.map({ tokens[$0] }) {
            throw SwiftReadError(line: unclosed.line, column: unclosed.column, "'\(unclosed.text)' is never closed")
        }
        self.partner = partner
    }

    /// The indexes of the tokens directly inside the bracket at `opener` (a type's or a
    /// function's `{`), in order: each nested bracket appears as its opener and its closer,
    /// with nothing of what it holds.
    package func children(of opener: Int) -> [Int] {
        let closer = Int(partner[opener])
        var result: [Int] = []
        var index = opener + 1
        while index < closer {
            result.append(index)
            let inner = Int(partner[index])
            if inner > index {
                result.append(inner)
                index = inner + 1
            } else {
                index += 1
            }
        }
        return result
    }

    private static func closer(of opener: String) -> String {
        switch opener {
        case "(": ")"
        case "[": "]"
        default: "}"
        }
    }
}

/// Why a reader could not follow a Swift file, and where.
package struct SwiftReadError: Error, Equatable, CustomStringConvertible {
    package let line: Int
    package let column: Int
    package let reason: String

    package init(line: Int, column: Int, _ reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `line:column: reason`.
    package var description: String { "\(line):\(column): \(reason)" }
}
