import TraceStore

/// RFC 4180 CSV with a header row; NULL is an empty field, the empty string is `""`.
struct CSVWriter: ResultWriter {
    mutating func begin(columns: [String]) {
        Console.out(columns.map(Self.quote).joined(separator: ","))
    }

    mutating func add(row: [SQLValue]) {
        Console.out(row.map(Self.field).joined(separator: ","))
    }

    mutating func finish() {}

    static func field(_ value: SQLValue) -> String {
        switch value {
        case .null: ""
        case .integer(let int): String(int)
        case .real(let double): String(double)
        case .text(let text): text.isEmpty ? "\"\"" : quote(text)
        case .blob(let bytes): Hex.encode(bytes)
        }
    }

    static func quote(_ text: String) -> String {
        guard needsQuotes(text) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// True when `text` holds a comma, a quote or any newline Swift knows (CR, LF, VT, FF, U+0085,
    /// U+2028, U+2029). Reads bytes, not Characters: grapheme breaking a multi-megabyte value
    /// would dominate printing it.
    static func needsQuotes(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0x0B, 0x0C, 0x0D: return true
            case 0x85 where previous == 0xC2: return true
            // (A `where` binds to the last pattern of a case only, hence two cases.)
            case 0xA8 where previous == 0x80 && beforePrevious == 0xE2: return true
            case 0xA9 where previous == 0x80 && beforePrevious == 0xE2: return true
            default: break
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }
}
