/// Where a byte-by-byte walk through JSON is: how many objects and arrays are open, and whether
/// it is inside a string, so that a reader fed bytes a chunk at a time can tell the byte that
/// ends a value without parsing it. Brackets inside strings, escaped quotes and escaped
/// backslashes do not count.
///
/// It judges only nesting, not grammar: `{"a" 1 1]` ends as `{"a": 1}` does. A closing bracket
/// with nothing open is ignored. A scalar at the top level (`42`, `true`) is ended by whatever
/// follows it, which only the caller knows: stepping its bytes changes nothing.
struct JSONNesting {
    /// How many objects and arrays are open.
    private(set) var depth = 0
    /// The last byte stepped was inside a string (its opening quote included, its closing one not).
    private(set) var inString = false
    /// The last byte stepped was a string's backslash: the next byte is taken as it is.
    private var escaped = false
    /// A line feed ends a string as its closing quote would. JSON strings never hold one, so
    /// where other output may be mixed into the JSON a lone quote in it cannot swallow the
    /// lines after it; the line feed closes no value, though.
    let lineFeedEndsString: Bool

    /// Starts outside any value.
    init(lineFeedEndsString: Bool = false) {
        self.lineFeedEndsString = lineFeedEndsString
    }

    /// An object or array is open: its first bracket has been stepped, its last not yet.
    var isOpen: Bool { depth > 0 }

    /// Steps over `byte`; true when it ends a top-level value: the bracket that closes the
    /// outermost object or array, or the quote that closes a string begun outside any.
    mutating func step(_ byte: UInt8) -> Bool {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                return depth == 0
            } else if byte == 0x0A, lineFeedEndsString {
                inString = false
            }
            return false
        }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            guard depth > 0 else { return false }
            depth -= 1
            return depth == 0
        default:
            break
        }
        return false
    }
}
