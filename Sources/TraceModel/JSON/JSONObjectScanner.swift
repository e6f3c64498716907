/// Walks the members of one JSON object without building values, for log objects that carry a
/// dozen keys of which a line needs six: nested values are skipped by bracket matching.
///
/// It checks structure (balanced brackets, terminated strings, `key: value` separated by
/// commas), not every number's grammar: enough to tell a whole object from a truncated one.
public enum JSONObjectScanner {
    /// A member's value, as a range into the scanned bytes.
    public enum Value: Equatable, Sendable {
        /// A string, without its quotes; `escaped` when it holds backslash escapes.
        case string(Range<Int>, escaped: Bool)
        /// A number, `true`, `false` or `null`, as written.
        case scalar(Range<Int>)
        /// An object or an array, brackets included.
        case nested(Range<Int>)
    }

    /// Calls `body` with each member's key range (without quotes) and value, in order; false when
    /// `bytes` is not exactly one object (surrounding whitespace allowed).
    @discardableResult
    public static func scan(_ bytes: UnsafeRawBufferPointer, _ body: (Range<Int>, Value) -> Void) -> Bool {
        var index = skipWhitespace(bytes, 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return false }
        index = skipWhitespace(bytes, index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            return skipWhitespace(bytes, index + 1) == bytes.count
        }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = scanString(bytes, index) else { return false }
            index = skipWhitespace(bytes, key.end)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
            index = skipWhitespace(bytes, index + 1)
            guard index < bytes.count else { return false }
            let value: Value
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard let string = scanString(bytes, index) else { return false }
                value = .string(string.content, escaped: string.escaped)
                index = string.end
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard let end = skipNested(bytes, index) else { return false }
                value = .nested(index..<end)
                index = end
            default:
                let start = index
                while index < bytes.count, !isDelimiter(bytes[index]) { index += 1 }
                guard index > start else { return false }
                value = .scalar(start..<index)
            }
            body(key.content, value)
            index = skipWhitespace(bytes, index)
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: ",") {
                index = skipWhitespace(bytes, index + 1)
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { return false }
            return skipWhitespace(bytes, index + 1) == bytes.count
        }
    }

    /// Appends the decoded bytes of an escaped JSON string's content to `output`.
    public static func unescape(_ content: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        var index = 0
        while index < content.count {
            let byte = content[index]
            index += 1
            guard byte == UInt8(ascii: "\\"), index < content.count else {
                output.append(byte)
                continue
            }
            let escape = content[index]
            index += 1
            switch escape {
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "u"):
                var code = readHex4(content, &index) ?? 0xFFFD
                if (0xD800..<0xDC00).contains(code), index + 1 < content.count,
                   content[index] == UInt8(ascii: "\\"), content[index + 1] == UInt8(ascii: "u") {
                    var next = index + 2
                    if let low = readHex4(content, &next), (0xDC00..<0xE000).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        index = next
                    }
                }
                output.append(contentsOf: String(Character(Unicode.Scalar(code) ?? "\u{FFFD}")).utf8)
            default:
                // `\"`, `\\`, `\/` and anything unknown: the character itself.
                output.append(escape)
            }
        }
    }

    private static func readHex4(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let nibble = ByteCursor.hexValue(bytes[index + offset]) else { return nil }
            value = value << 4 | UInt32(nibble)
        }
        index += 4
        return value
    }

    /// A string starting at the quote at `start`: its content range, whether it has escapes, and
    /// the index after the closing quote.
    private static func scanString(_ bytes: UnsafeRawBufferPointer, _ start: Int) -> (content: Range<Int>, escaped: Bool, end: Int)? {
        var index = start + 1
        var escaped = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): return ((start + 1)..<index, escaped, index + 1)
            case UInt8(ascii: "\\"):
                escaped = true
                index += 2
            case 0x00..<0x20:
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// The index after the object or array opening at `start`.
    private static func skipNested(_ bytes: UnsafeRawBufferPointer, _ start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard let string = scanString(bytes, index) else { return nil }
                index = string.end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                // Hostile nesting costs nothing here (no recursion), but a real log never goes deep.
                if depth > 512 { return nil }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private static func skipWhitespace(_ bytes: UnsafeRawBufferPointer, _ start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
        return index
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
