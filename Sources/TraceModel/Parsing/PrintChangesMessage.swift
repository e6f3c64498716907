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

    /// Parses a message, ignoring leading whitespace; nil when it is not printChanges output.
    public static func parse(_ message: UnsafeRawBufferPointer) -> Parsed? {
        var cursor = ByteCursor(message)
        cursor.skipSpaces()
        let typeStart = cursor.position
        guard let typeEnd = scanTypeName(&cursor), typeEnd > typeStart else { return nil }
        guard cursor.skip(": ") else { return nil }
        let body = cursor.rest
        let view = string(message, typeStart..<typeEnd)
        if equals(body, "unchanged.") {
            return Parsed(view: view, tokens: [])
        }
        let suffix = " changed."
        guard body.count > suffix.utf8.count, hasSuffix(body, suffix) else { return nil }
        let list = UnsafeRawBufferPointer(rebasing: body[0..<(body.count - suffix.utf8.count)])
        guard let tokens = splitTokens(list) else { return nil }
        return Parsed(view: view, tokens: tokens)
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
        var depth = 0
        var start = 0
        var index = 0
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
                let token = UnsafeRawBufferPointer(rebasing: list[start..<index])
                guard isToken(token) else { return nil }
                tokens.append(String(decoding: token, as: UTF8.self))
                start = index + 1
                if start < list.count, list[start] == UInt8(ascii: " ") { start += 1 }
                index = start
                continue
            }
            index += 1
        }
        return tokens
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

    private static func equals(_ bytes: UnsafeRawBufferPointer, _ literal: String) -> Bool {
        bytes.elementsEqual(literal.utf8)
    }

    private static func hasSuffix(_ bytes: UnsafeRawBufferPointer, _ literal: String) -> Bool {
        let utf8 = literal.utf8
        return bytes.count >= utf8.count && bytes[(bytes.count - utf8.count)...].elementsEqual(utf8)
    }

    private static func string(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
