import TraceStore

/// Minimal JSON text: string quoting and SQL values.
enum JSONText {
    static func quote(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                result += "\\u" + String(String(control.value, radix: 16)).leftPadded(to: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static func value(_ value: SQLValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let int): String(int)
        case .real(let double): double.isFinite ? String(double) : "null"
        case .text(let text): quote(text)
        case .blob(let bytes): quote(bytes.map { String(format: "%02x", $0) }.joined())
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
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.utf8.count)
        var inString = false
        var escaped = false
        for byte in json.utf8 {
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
