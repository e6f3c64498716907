/// JSON written straight into a `ByteSink`, for documents of a million values.
///
/// `<`, `>` and `&` in strings are written as `\u003c`-style escapes, so the same text is safe
/// inside an HTML `<script>` element (no `</script>` or `<!--` can appear) and still valid JSON.
struct JSONStream {
    let sink: ByteSink

    /// Writes raw JSON punctuation or a literal.
    func raw(_ text: String) { sink.write(text) }

    /// Writes an integer.
    func int(_ value: Int) { sink.write(String(value)) }

    /// Writes a number; non-finite ones as `null`.
    func double(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        if value == value.rounded(), abs(value) < 1e15 { return int(Int(value)) }
        sink.write(String(value))
    }

    /// Writes a quoted string.
    func string(_ text: String) {
        sink.write(byte: UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0..<0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                raw("\\u00" + String(byte, radix: 16).leftPadded(to: 2))
            default: sink.write(byte: byte)
            }
        }
        sink.write(byte: UInt8(ascii: "\""))
    }

    /// Writes a string, or `null`.
    func string(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// Writes an integer, or `null`.
    func int(_ value: Int?) {
        if let value { int(value) } else { raw("null") }
    }

    /// Writes `[a,b,...]` with `element` writing each item.
    func array<S: Sequence>(_ items: S, _ element: (S.Element) -> Void) {
        raw("[")
        var first = true
        for item in items {
            if !first { sink.write(byte: UInt8(ascii: ",")) }
            first = false
            element(item)
        }
        raw("]")
    }
}
