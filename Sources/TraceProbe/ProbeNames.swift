/// The two names a probe line gives a type, written once per type and reused (a class: a
/// probe holds one reference, not two arrays).
///
/// `view=` is `String(describing:)`, the name `_printChanges()` prints (no module, generic
/// arguments included), so probe lines and SwiftUI's meet on one view; `type=` is
/// `String(reflecting:)`, the full name, module and all. Both are already quoted for logfmt.
final class ProbeNames: Sendable {
    /// ` view=Name` as bytes, quoted when the name needs it.
    let view: [UInt8]
    /// ` type=Module.Name`.
    let type: [UInt8]

    init(_ type: Any.Type) {
        view = Array(" view=".utf8) + Self.quoted(String(describing: type))
        self.type = Array(" type=".utf8) + Self.quoted(String(reflecting: type))
    }

    /// A logfmt value: bare when it has no space, tab, `"` or `=`, else quoted with `\"` and
    /// `\\` escaped, as `StructuredMessage` reads it.
    static func quoted(_ value: String) -> [UInt8] {
        let bytes = Array(value.utf8)
        let needsQuotes = bytes.isEmpty || bytes.contains { $0 == 0x20 || $0 == 0x09 || $0 == 0x22 || $0 == 0x3D || $0 == 0x5C }
        guard needsQuotes else { return bytes }
        var out: [UInt8] = [0x22]
        for byte in bytes {
            if byte == 0x22 || byte == 0x5C { out.append(0x5C) }
            // A newline would end the line; the parser reads one line at a time.
            out.append(byte == 0x0A || byte == 0x0D ? 0x20 : byte)
        }
        out.append(0x22)
        return out
    }
}
