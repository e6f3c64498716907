/// One identifier, punctuation character or literal of Swift source, with where it starts.
package struct SwiftToken: Equatable, Sendable {
    /// The identifier (without backticks), the punctuation character, or for a literal its
    /// stand-in: `"` for a string, `0` for a number (their contents never matter to a reader
    /// of declarations, but that an argument is there does).
    package let text: String
    package let isIdentifier: Bool
    /// 1-based line.
    package let line: Int
    /// 1-based column, counted in Unicode scalars.
    package let column: Int
    /// Byte offset of the token's first byte in the source (a literal's opening quote or digit,
    /// a backticked name's backtick): where a rewriter may cut.
    package let offset: Int
}

/// Splits Swift source into identifiers, punctuation and literal stand-ins, dropping
/// whitespace, comments and the insides of string literals (with their interpolations), so that
/// a `struct` in a comment or a `{` in a string cannot confuse the declaration scanner.
///
/// Not a Swift lexer: operators come out one character at a time, which is all the scanner
/// needs. But its literals are Swift's, since a literal misread hides or invents brackets: raw
/// strings with any number of `#` (and `#"""#`, a one-line raw string holding a quote),
/// multi-line strings, and regex literals (`#/…/#` and bare `/…/` where Swift reads one), each
/// a `"` stand-in.
package struct SwiftTokenizer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var tokens: [SwiftToken] = []
    /// The last column counted: its line, byte offset and column.
    private var counted = (line: 0, offset: 0, column: 1)

    /// The tokens of `source`.
    package static func tokens(_ source: [UInt8]) -> [SwiftToken] {
        var tokenizer = SwiftTokenizer(bytes: source)
        tokenizer.run()
        return tokenizer.tokens
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func byte(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func run() {
        // A byte order mark is no part of the first line's text: without this it would glue
        // itself to the first word (`\u{FEFF}import`) and hide a declaration there.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
        while let byte = byte() {
            switch byte {
            case UInt8(ascii: "\n"):
                newline()
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "/") where self.byte(1) == UInt8(ascii: "/"):
                while let next = self.byte(), next != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where self.byte(1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                literal("\"")
                skipString(hashes: 0)
            case UInt8(ascii: "#"):
                var hashes = 0
                while self.byte(hashes) == UInt8(ascii: "#") { hashes += 1 }
                if self.byte(hashes) == UInt8(ascii: "\"") {
                    literal("\"")
                    index += hashes
                    skipString(hashes: hashes)
                } else if self.byte(hashes) == UInt8(ascii: "/") {
                    literal("\"")
                    index += hashes
                    skipExtendedRegex(hashes: hashes)
                } else {
                    punctuation()
                }
            case UInt8(ascii: "/") where startsBareRegex():
                literal("\"")
                skipBareRegex()
            case UInt8(ascii: "`"):
                let start = index
                index += 1
                while let next = self.byte(), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") { index += 1 }
                let inside = bytes[(start + 1)..<index]
                let closed = self.byte() == UInt8(ascii: "`")
                if closed { index += 1 }
                // `default` is the name default. Anything else in backticks (a raw identifier
                // such as `{`, or a backtick never closed) keeps its backticks in the text: an
                // identifier's text must never read as the punctuation a reader looks for.
                if closed, let first = inside.first, Self.startsIdentifier(first), inside.allSatisfy({ Self.startsIdentifier($0) || Self.isDigit($0) }) {
                    emit(from: start, text: String(decoding: inside, as: UTF8.self))
                } else {
                    emit(from: start, text: String(decoding: bytes[start..<index], as: UTF8.self))
                }
            case _ where Self.startsIdentifier(byte):
                let start = index
                while let next = self.byte(), Self.startsIdentifier(next) || Self.isDigit(next) { index += 1 }
                emit(from: start, text: String(decoding: bytes[start..<index], as: UTF8.self))
            case _ where Self.isDigit(byte):
                literal("0")
                while let next = self.byte(), Self.startsIdentifier(next) || Self.isDigit(next) { index += 1 }
            default:
                punctuation()
            }
        }
    }

    private mutating func newline() {
        index += 1
        line += 1
        lineStart = index
    }

    private mutating func punctuation() {
        let start = index
        index += 1
        tokens.append(SwiftToken(text: String(UnicodeScalar(bytes[start])), isIdentifier: false, line: line, column: column(of: start), offset: start))
    }

    private mutating func literal(_ standIn: String) {
        tokens.append(SwiftToken(text: standIn, isIdentifier: false, line: line, column: column(of: index), offset: index))
    }

    private mutating func emit(from start: Int, text: String) {
        tokens.append(SwiftToken(text: text, isIdentifier: true, line: line, column: column(of: start), offset: start))
    }

    private mutating func column(of offset: Int) -> Int {
        // Counted on from the last token of the line, so a long line (a minified or binary
        // file is one) costs its length once, not once per token.
        if counted.line != line || counted.offset > offset { counted = (line, lineStart, 1) }
        // UTF-8 continuation bytes do not start a scalar.
        let column = bytes[counted.offset..<offset].reduce(counted.column) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        counted = (line, offset, column)
        return column
    }

    /// Skips `/* … */`, which nests in Swift.
    private mutating func skipBlockComment() {
        var depth = 0
        while let byte = byte() {
            if byte == UInt8(ascii: "/"), self.byte(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if byte == UInt8(ascii: "*"), self.byte(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else if byte == UInt8(ascii: "\n") {
                newline()
            } else {
                index += 1
            }
        }
    }

    /// Skips a string literal whose opening quote is at `index`, after `hashes` `#`s.
    private mutating func skipString(hashes: Int) {
        let multiline = byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"") && !closesOnItsLine(hashes: hashes)
        let quotes = multiline ? 3 : 1
        index += quotes
        while let byte = byte() {
            switch byte {
            case UInt8(ascii: "\\"):
                var delimiter = 0
                while delimiter < hashes, self.byte(1 + delimiter) == UInt8(ascii: "#") { delimiter += 1 }
                guard delimiter == hashes else { index += 1; continue }
                index += 1 + hashes
                if self.byte() == UInt8(ascii: "(") {
                    index += 1
                    skipInterpolation()
                } else if self.byte() != UInt8(ascii: "\n") {
                    index += 1
                }
            case UInt8(ascii: "\""):
                if closes(quotes: quotes, hashes: hashes) {
                    index += quotes + hashes
                    return
                }
                index += 1
            case UInt8(ascii: "\n"):
                newline()
                // An unterminated one-line string ends at its line; the rest of the file is code.
                if !multiline { return }
            default:
                index += 1
            }
        }
    }

    /// Swift's rule for `#"""#` and the like: a raw string whose opening `"` is followed on the
    /// same line by a `"` and its `#`s is a one-line string, not the start of a multi-line one.
    private func closesOnItsLine(hashes: Int) -> Bool {
        guard hashes > 0 else { return false }
        var offset = 1
        while let byte = byte(offset), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
            offset += 1
            if byte == UInt8(ascii: "\""), (0..<hashes).allSatisfy({ self.byte(offset + $0) == UInt8(ascii: "#") }) { return true }
        }
        return false
    }

    private func closes(quotes: Int, hashes: Int) -> Bool {
        (0..<quotes).allSatisfy { byte($0) == UInt8(ascii: "\"") }
            && (0..<hashes).allSatisfy { byte(quotes + $0) == UInt8(ascii: "#") }
    }

    /// Skips `#/ … /#` from its `/`: one line, or several when the `/` ends its line; the
    /// literal ends at the first `/` followed by as many `#` as it opened with.
    private mutating func skipExtendedRegex(hashes: Int) {
        var rest = 1
        while byte(rest) == UInt8(ascii: " ") || byte(rest) == UInt8(ascii: "\t") { rest += 1 }
        let multiline = byte(rest) == UInt8(ascii: "\n") || byte(rest) == UInt8(ascii: "\r")
        index += 1
        while let byte = byte() {
            if byte == UInt8(ascii: "\\") {
                index += self.byte(1) == UInt8(ascii: "\n") ? 1 : 2
            } else if byte == UInt8(ascii: "/"), (0..<hashes).allSatisfy({ self.byte(1 + $0) == UInt8(ascii: "#") }) {
                index += 1 + hashes
                return
            } else if byte == UInt8(ascii: "\n") {
                newline()
                if !multiline { return }
            } else {
                index += 1
            }
        }
    }

    /// Words after which an expression starts, so a `/` after them may open a regex literal.
    private static let expressionKeywords: Set<String> = [
        "return", "case", "in", "where", "if", "guard", "while", "throw", "try", "await", "switch", "else", "yield", "is", "some", "any",
    ]

    /// Swift's rules (SE-0354) for a `/` that opens a bare regex literal: where an expression
    /// starts (not after a name, a literal or a closing bracket, which make it division); not
    /// followed by a space or tab; closed by an unescaped `/` on the same line; with no
    /// unbalanced `)` outside escapes and character classes (`foo(/, /)` passes two operators).
    private func startsBareRegex() -> Bool {
        if let last = tokens.last {
            if last.isIdentifier, !Self.expressionKeywords.contains(last.text) { return false }
            if !last.isIdentifier, ["\"", "0", ")", "]", "}"].contains(last.text) { return false }
            // `a/b`: a name glued to the `/` was read above; an operator glued to it (`x+/y/`) is
            // a longer operator, and Swift reads a regex only when the `/` starts a token.
            if !last.isIdentifier, last.offset + 1 == index, !["(", "[", "{", ",", ":", ";", "="].contains(last.text) { return false }
        }
        guard let first = byte(1), first != UInt8(ascii: " "), first != UInt8(ascii: "\t"), first != UInt8(ascii: "\n"),
              first != UInt8(ascii: "\r"), first != UInt8(ascii: ")"), first != UInt8(ascii: ",") else { return false }
        var offset = 1
        var depth = 0
        var inClass = 0
        while let byte = byte(offset), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r") {
            switch byte {
            case UInt8(ascii: "\\"): offset += 1
            case UInt8(ascii: "["): inClass += 1
            case UInt8(ascii: "]") where inClass > 0: inClass -= 1
            case UInt8(ascii: "(") where inClass == 0: depth += 1
            case UInt8(ascii: ")") where inClass == 0:
                if depth == 0 { return false }
                depth -= 1
            case UInt8(ascii: "/"):
                return true
            default: break
            }
            offset += 1
        }
        return false
    }

    /// Skips a bare regex literal from its `/` to the first unescaped `/` (one in a character
    /// class ends it too, as swiftc reads it); `startsBareRegex` found it on this line.
    private mutating func skipBareRegex() {
        index += 1
        while let byte = byte() {
            switch byte {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "/"):
                index += 1
                return
            default: index += 1
            }
        }
    }

    /// Skips `\( … )` after its `(`: an expression that may hold parentheses, strings and comments.
    private mutating func skipInterpolation() {
        var depth = 1
        while let byte = byte() {
            switch byte {
            case UInt8(ascii: "("): depth += 1; index += 1
            case UInt8(ascii: ")"):
                depth -= 1
                index += 1
                if depth == 0 { return }
            case UInt8(ascii: "\""): skipString(hashes: 0)
            case UInt8(ascii: "\n"): newline()
            case UInt8(ascii: "/") where self.byte(1) == UInt8(ascii: "*"): skipBlockComment()
            default: index += 1
            }
        }
    }

    private static func startsIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
