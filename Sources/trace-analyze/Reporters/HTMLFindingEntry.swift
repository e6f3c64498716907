import TraceRules

/// A finding's entry in the html page's data, written as bytes in one pass straight into one
/// buffer, already safe inside a `<script>` element.
///
/// The bytes are those `JSONDocument` would print for the entry at the same indent, passed
/// through `HTMLReporter.scriptSafe` (`<`, `>` and `&` as `\u003c`, `\u003e`, `\u0026`, which
/// occur only inside strings): building each entry as a tree of values and then printing and
/// escaping it cost the page half again the time of the text report it carries.
struct HTMLFindingEntry {
    let finding: Finding
    let location: FindingLocation
    let log: String
    /// The first evidence lines, each with what it says (nil where the log is not at hand).
    let evidence: [(line: Int, text: String?)]
    let evidenceTotal: Int
    /// How to fix it, as the card shows it (`HTMLReporter.fix`): a small document, printed as
    /// the tree it is.
    let fix: JSONDocument

    /// Appends the entry at nesting `indent`: `{`, one member per line, `}` at `indent`.
    func append(to out: inout [UInt8], indent: [UInt8]) {
        let inner = indent + [32, 32]
        func member(_ key: StaticString, first: Bool = false) {
            if !first { out += [44, 10] }  // ",\n"
            out += inner
            out.append(34)
            Self.raw(key, to: &out)
            out += [34, 58, 32]  // "\": "
        }
        out += [123, 10]  // "{\n"
        member("rule", first: true)
        Self.quote(finding.rule, to: &out)
        member("severity")
        Self.quote(finding.severity.rawValue, to: &out)
        member("view")
        Self.quote(finding.view, to: &out)
        member("message")
        Self.quote(finding.message, to: &out)
        member("root_cause")
        Self.quote(finding.rootCause, to: &out)
        member("location")
        Self.raw(#"{"text": "#, to: &out)
        Self.quote(location.text, to: &out)
        Self.raw(location.isDeclaration ? #", "declaration": true}"# : #", "declaration": false}"#, to: &out)
        member("log")
        Self.quote(log, to: &out)
        member("evidence")
        if evidence.isEmpty {
            out += [91, 93]  // "[]"
        } else {
            out += [91, 10]  // "[\n"
            for (index, line) in evidence.enumerated() {
                if index > 0 { out += [44, 10] }
                out += inner
                out += [32, 32]
                Self.raw(#"{"line": "#, to: &out)
                out += String(line.line).utf8
                Self.raw(#", "text": "#, to: &out)
                Self.quote(line.text, to: &out)
                out.append(125)  // "}"
            }
            out.append(10)
            out += inner
            out.append(93)  // "]"
        }
        member("evidence_total")
        out += String(evidenceTotal).utf8
        member("fix")
        out += HTMLReporter.scriptSafe(fix.rendered(indent: String(decoding: inner, as: UTF8.self))).utf8
        out.append(10)
        out += indent
        out.append(125)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func raw(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// `text` as a JSON string that is safe in a `<script>` element, or `null`.
    static func quote(_ text: String?, to out: inout [UInt8]) {
        guard var text else {
            out += [110, 117, 108, 108]  // "null"
            return
        }
        out.append(34)
        text.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied whole.
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == 34 || byte == 92 || byte == 60 || byte == 62 || byte == 38 else { continue }
                if start < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
                start = index + 1
                switch byte {
                case 34: out += [92, 34]
                case 92: out += [92, 92]
                case 0x0A: out += [92, 110]
                case 0x0D: out += [92, 114]
                case 0x09: out += [92, 116]
                default:
                    // \u00XX, lower-case hex as JSONText.quote writes it (`<` is \u003c).
                    out += [92, 117, 48, 48, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
                }
            }
            if start < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...])) }
        }
        out.append(34)
    }
}
