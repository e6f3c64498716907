/// Plain text made safe inside an HTML element: `&`, `<` and `>` as character references.
///
/// The pages' `<noscript>` fallbacks hold text the tool wrote for a terminal (the text report,
/// a list of findings); this is all the Swift side adds to a page beside its JSON data.
enum HTMLText {
    /// `text` escaped.
    static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        var text = text
        text.withUTF8 { escape(UnsafeRawBufferPointer($0)) { bytes.append(contentsOf: $0) } }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Hands `bytes` to `write` escaped, in runs: the text between special bytes as it is.
    static func escape(_ bytes: UnsafeRawBufferPointer, _ write: (UnsafeRawBufferPointer) -> Void) {
        var start = 0
        for (index, byte) in bytes.enumerated() {
            let reference: StaticString
            switch byte {
            case UInt8(ascii: "&"): reference = "&amp;"
            case UInt8(ascii: "<"): reference = "&lt;"
            case UInt8(ascii: ">"): reference = "&gt;"
            default: continue
            }
            if start < index { write(UnsafeRawBufferPointer(rebasing: bytes[start..<index])) }
            write(UnsafeRawBufferPointer(start: reference.utf8Start, count: reference.utf8CodeUnitCount))
            start = index + 1
        }
        if start < bytes.count { write(UnsafeRawBufferPointer(rebasing: bytes[start...])) }
    }
}
