import TraceStore

/// Minimal JSON text: string quoting and SQL values.
enum JSONText {
    /// `text` as a JSON string literal. Works on UTF-8 bytes: only ASCII needs escaping, and
    /// appending scalar by scalar cost over 100 ns a byte on large values.
    static func quote(_ text: String) -> String {
        var result: [UInt8] = [UInt8(ascii: "\"")]
        result.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): result += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): result += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: result += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: result += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: result += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20: result += Array(("\\u" + String(String(byte, radix: 16)).leftPadded(to: 4)).utf8)
            default: result.append(byte)
            }
        }
        result.append(UInt8(ascii: "\""))
        return String(decoding: result, as: UTF8.self)
    }

    static func value(_ value: SQLValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let int): String(int)
        case .real(let double): double.isFinite ? String(double) : "null"
        case .text(let text): quote(text)
        case .blob(let bytes): "\"" + Hex.encode(bytes) + "\""
        }
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

extension JSONText {
    /// `json` on one line: whitespace outside strings removed (a newline inside a string is
    /// already `\n`), so a document can be one record of an NDJSON stream.
    static func compact(_ json: String) -> String {
        var compactor = Compactor()
        return compactor.compact(json)
    }

    /// Drops the whitespace between JSON tokens of a document handed over in pieces; a piece
    /// may end inside a string or just after a backslash.
    struct Compactor {
        private var inString = false
        private var escaped = false

        /// `piece` without the whitespace outside strings.
        mutating func compact(_ piece: String) -> String {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(piece.utf8.count)
            for byte in piece.utf8 {
                if inString {
                    bytes.append(byte)
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"): continue
                case UInt8(ascii: "\""): inString = true
                default: break
                }
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
