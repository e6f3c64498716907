/// Recognises `Self._printChanges()` / `Self._logChanges()` messages.
///
/// The grammar is `<Type>: unchanged.` or `<Type>: <token>, <token>, ... changed.`, where the
/// type may be nested, generic (spaces and commas inside `<>`) or mangled, and a token is `@self`,
/// `@identity`, `@dependencies`, `@<offset>`, a dynamic property (`_name`, `__name`) or a key
/// path (`\Storage<Optional<Status>>.output`, `\Coordinator.<computed> (Optional<Spread>)`).
public enum PrintChangesMessage {
    /// A recognised message: the view type and its tokens (empty for `unchanged.`).
    public struct Parsed: Equatable, Sendable {
        /// The view type as printed.
        public var view: String
        /// The tokens in printed order.
        public var tokens: [String]

        /// Creates a parsed message.
        public init(view: String, tokens: [String]) {
            self.view = view
            self.tokens = tokens
        }
    }

    /// Parses a message, ignoring leading whitespace and a short preamble (`📺 `, `[12:01:33Z] `,
    /// `// `); nil when it is not printChanges output. A remark after `changed.` is allowed
    /// (`… changed. // first tap`), and so are backticks copied from Markdown: around tokens, around
    /// the line, or a fence glued to its start.
    public static func parse(_ message: UnsafeRawBufferPointer) -> Parsed? {
        var start = 0
        // At most three preamble words, and only when the line does not start with a letter:
        // almost every line that is not printChanges output fails on its first try.
        for _ in 0..<4 {
            if let parsed = parse(message, from: start) { return parsed }
            guard start < message.count, !isIdentifierStart(message[start]) || message[start] >= 0x80,
                  let next = skipPreambleWord(message, from: start)
            else { return nil }
            start = next
        }
        return nil
    }

    private static func parse(_ message: UnsafeRawBufferPointer, from start: Int) -> Parsed? {
        let base = UnsafeRawBufferPointer(rebasing: message[start...])
        var cursor = ByteCursor(base)
        cursor.skipSpaces()
        // Backticks copied from Markdown: one opens a code span (`` `ContentView: …` ``), three a
        // fence the author opened on the line itself (```` ```ContentView: … ````).
        while cursor.skip(UInt8(ascii: "`")) {}
        let typeStart = cursor.position
        guard var typeEnd = scanTypeName(&cursor), typeEnd > typeStart else { return nil }
        // `ListView body: @self changed.` and `ListView.body: …`: the type printed with `body`.
        if !cursor.skip(" body"), hasSuffix(UnsafeRawBufferPointer(rebasing: base[typeStart..<typeEnd]), ".body") { typeEnd -= 5 }
        guard typeEnd > typeStart, cursor.skip(": ") else { return nil }
        let body = cursor.rest
        // The name becomes a string only once the line is known to be printChanges output: many
        // messages start with `Word: ` too.
        if hasPrefix(body, "unchanged."), isRemark(body, after: 10) {
            return Parsed(view: string(base, typeStart..<typeEnd), tokens: [])
        }
        // The first ` changed` that closes a list of tokens; a remark may follow it.
        var search = 0
        while let found = find(body, " changed", from: search) {
            let end = found + 8
            // `changed.`, `changed` (pasted without its stop), `changed...` or `changed…` (the
            // author saying it goes on), then the end or a remark.
            var after = end
            while after < body.count, body[after] == UInt8(ascii: ".") { after += 1 }
            if after == end, hasPrefix(UnsafeRawBufferPointer(rebasing: body[end...]), "…") { after += 3 }
            let closes = after == body.count || (isRemark(body, after: after) && (after > end || body[end] == 0x20))
            if closes, found > 0, let tokens = splitTokens(UnsafeRawBufferPointer(rebasing: body[0..<found])) {
                return Parsed(view: string(base, typeStart..<typeEnd), tokens: tokens)
            }
            search = found + 1
        }
        return nil
    }

    /// True when `bytes` ends at `index` or continues with a space and a remark.
    private static func isRemark(_ bytes: UnsafeRawBufferPointer, after index: Int) -> Bool {
        index >= bytes.count || bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == UInt8(ascii: "`")
    }

    /// The start of the word after the preamble word at `start` (spaces, emoji, a bracketed
    /// time or tag, a comment marker); nil when there is none.
    private static func skipPreambleWord(_ message: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var index = start
        while index < message.count, message[index] == 0x20 || message[index] == 0x09 { index += 1 }
        while index < message.count, message[index] != 0x20, message[index] != 0x09 { index += 1 }
        while index < message.count, message[index] == 0x20 || message[index] == 0x09 { index += 1 }
        return index < message.count && index > start ? index : nil
    }

    private static func find(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString, from start: Int) -> Int? {
        let count = literal.utf8CodeUnitCount
        guard bytes.count >= count, start <= bytes.count - count else { return nil }
        let first = literal.utf8Start[0]
        var index = start
        while index <= bytes.count - count {
            if bytes[index] == first, hasPrefix(UnsafeRawBufferPointer(rebasing: bytes[index...]), literal) { return index }
            index += 1
        }
        return nil
    }

    /// Advances past a type name and returns its end; the name stops at `:` outside brackets.
    private static func scanTypeName(_ cursor: inout ByteCursor) -> Int? {
        guard let first = cursor.peek, isIdentifierStart(first) else { return nil }
        var depth = 0
        while let byte = cursor.peek {
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                depth -= 1
                if depth < 0 { return nil }
            case UInt8(ascii: ":") where depth == 0:
                return cursor.position
            case UInt8(ascii: " ") where depth == 0:
                return hasPrefix(cursor.rest, " body: ") ? cursor.position : nil
            case UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: ":"):
                // Spaces and commas only appear between generic arguments.
                if depth == 0 { return nil }
            default:
                guard isTypeByte(byte) else { return nil }
            }
            cursor.position += 1
        }
        return nil
    }

    /// Splits `a, b, c` at top-level commas; nil when a token is not a printChanges token.
    private static func splitTokens(_ list: UnsafeRawBufferPointer) -> [String]? {
        var tokens: [String] = []
        // One allocation of the right size instead of the doublings of appending one by one:
        // there are at most as many tokens as commas, plus one.
        tokens.reserveCapacity(list.reduce(1) { $1 == UInt8(ascii: ",") ? $0 + 1 : $0 })
        var depth = 0
        var start = 0
        var index = 0
        var elided = false
        while index <= list.count {
            let atEnd = index == list.count
            let byte: UInt8 = atEnd ? 0 : list[index]
            if !atEnd {
                switch byte {
                case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
                default: break
                }
            }
            if atEnd || (byte == UInt8(ascii: ",") && depth == 0) {
                var token = UnsafeRawBufferPointer(rebasing: list[start..<index])
                if token.count >= 3, token.first == UInt8(ascii: "`"), token.last == UInt8(ascii: "`") {
                    token = UnsafeRawBufferPointer(rebasing: token[1..<(token.count - 1)])
                }
                // `@self … changed`, `… _focus, _cardTops … changed.`: the author cut tokens out.
                // The mark is no token (it names no property); the tokens around it are kept.
                if let first = token.first, first == 0xE2 || first == UInt8(ascii: "."), let rest = dropElision(token, fromStart: true) {
                    token = rest
                }
                if let last = token.last, last == 0xA6 || last == UInt8(ascii: "."), let rest = dropElision(token, fromStart: false) {
                    token = rest
                }
                if token.isEmpty {
                    elided = true
                } else {
                    guard isToken(token) else { return nil }
                    tokens.append(String(decoding: token, as: UTF8.self))
                }
                start = index + 1
                if start < list.count, list[start] == UInt8(ascii: " ") { start += 1 }
                index = start
                continue
            }
            index += 1
        }
        // An elision alone (`DetailPanel: … changed`) says something changed but not what:
        // no tokens would read as `unchanged.`, so the line is not taken.
        guard !tokens.isEmpty || !elided else { return nil }
        return tokens
    }

    /// `token` without an elision mark (`…` or `...`) and the spaces beside it, at its start or
    /// its end; nil when there is no mark there.
    private static func dropElision(_ token: UnsafeRawBufferPointer, fromStart: Bool) -> UnsafeRawBufferPointer? {
        let marks: [StaticString] = ["…", "..."]
        for mark in marks {
            let length = mark.utf8CodeUnitCount
            guard token.count >= length else { continue }
            let range = fromStart ? 0..<length : (token.count - length)..<token.count
            guard hasPrefix(UnsafeRawBufferPointer(rebasing: token[range]), mark) else { continue }
            var lower = fromStart ? length : 0
            var upper = fromStart ? token.count : token.count - length
            while lower < upper, token[lower] == 0x20 { lower += 1 }
            while upper > lower, token[upper - 1] == 0x20 { upper -= 1 }
            return UnsafeRawBufferPointer(rebasing: token[lower..<upper])
        }
        return nil
    }

    /// `@self`, `@identity`, `@dependencies`, `@16`, `_name`, `__name` or a key path.
    private static func isToken(_ token: UnsafeRawBufferPointer) -> Bool {
        guard let first = token.first, token.count >= 2 else { return false }
        switch first {
        case UInt8(ascii: "@"), UInt8(ascii: "_"), UInt8(ascii: "\\"): break
        default: return false
        }
        if first == UInt8(ascii: "\\") { return true }
        // Sigil tokens are single words.
        return !token.contains(UInt8(ascii: " "))
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private static func isTypeByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ".")
    }

    private static func hasPrefix(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        let start = literal.utf8Start
        for index in 0..<count where bytes[index] != start[index] { return false }
        return true
    }

    private static func hasSuffix(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        return bytes.count >= count && hasPrefix(UnsafeRawBufferPointer(rebasing: bytes[(bytes.count - count)...]), literal)
    }

    private static func string(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
