/// A small strict JSON parser over bytes (RFC 8259), for configuration files and JSON log lines.
///
/// Errors name the 1-based line and column. Nesting is bounded so hostile input cannot
/// exhaust the stack.
public struct JSONParser {
    /// Why parsing failed, and where.
    public struct Failure: Error, CustomStringConvertible, Sendable, Equatable {
        public let line: Int
        public let column: Int
        public let reason: String
        public var description: String { "line \(line), column \(column): \(reason)" }
    }

    /// The deepest nesting accepted.
    public static let maxDepth = 256

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    private var depth = 0

    private init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Parses one JSON document; only whitespace may follow it.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    /// Parses JSON text.
    public static func parse(_ text: String) throws(Failure) -> JSONValue {
        let bytes = Array(text.utf8)
        var result: Result<JSONValue, Failure> = .success(.null)
        bytes.withUnsafeBytes { buffer in
            do throws(Failure) { result = .success(try parse(buffer)) } catch { result = .failure(error) }
        }
        return try result.get()
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard position < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character '\(Character(UnicodeScalar(bytes[position])))'")
        }
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enter()
        position += 1
        var members: [String: JSONValue] = [:]
        var order: [String] = []
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { depth -= 1; return .object(members, order: order) }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw failure("expected ':' after key \"\(key)\"") }
            skipWhitespace()
            let value = try parseValue()
            if members.updateValue(value, forKey: key) == nil { order.append(key) }
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { break }
            throw failure("expected ',' or '}' in object")
        }
        depth -= 1
        return .object(members, order: order)
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enter()
        position += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { depth -= 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { break }
            throw failure("expected ',' or ']' in array")
        }
        depth -= 1
        return .array(items)
    }

    private mutating func parseString() throws(Failure) -> String {
        position += 1  // the opening quote
        let start = position
        // Fast path: no escapes, take the bytes as they are.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let string = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("control character in string") }
            position += 1
        }
        var scalars = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { throw failure("unterminated escape") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try readHex4()
                    if (0xD800..<0xDC00).contains(code), position + 1 < bytes.count,
                       bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                        position += 2
                        let low = try readHex4()
                        if (0xDC00..<0xE000).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                    }
                    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw failure("invalid escape '\\\(Character(UnicodeScalar(escape)))'")
                }
            default:
                if byte < 0x20 { throw failure("control character in string") }
                scalars.append(byte)
            }
        }
        throw failure("unterminated string")
    }

    private mutating func readHex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let nibble = ByteCursor.hexValue(bytes[position]) else { throw failure("invalid \\u escape") }
            value = value * 16 + UInt32(nibble)
            position += 1
        }
        return value
    }

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
                 UInt8(ascii: "+"), UInt8(ascii: "-"):
                position += 1
            default:
                break
            }
            if position < bytes.count, !Self.isNumberByte(bytes[position]) { break }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else { throw failure("invalid number '\(text)'") }
        return value
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x65 || byte == 0x45 || byte == 0x2B || byte == 0x2D
    }

    private mutating func expect(_ word: StaticString) throws(Failure) {
        var cursor = ByteCursor(bytes, position: position)
        guard cursor.skip(word) else { throw failure("invalid literal") }
        position = cursor.position
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maxDepth { throw failure("nesting deeper than \(Self.maxDepth)") }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func failure(_ reason: String) -> Failure {
        var line = 1
        var column = 1
        for index in 0..<min(position, bytes.count) {
            if bytes[index] == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return Failure(line: line, column: column, reason: reason)
    }
}
