import TraceRules

/// A JSON value built in the order it prints, for reports whose key order is part of their documentation.
///
/// Printed with two-space indentation, except that an object or array holding only scalars
/// stays on one line (`{"file": "a.log", "line": 3}`), which keeps evidence lists readable.
indirect enum JSONDocument {
    case object([(String, JSONDocument)])
    case array([JSONDocument])
    case string(String)
    case int(Int)
    case number(Double)
    case bool(Bool)
    case null

    /// A string, or null.
    static func string(_ value: String?) -> JSONDocument { value.map { .string($0) } ?? .null }

    /// The whole document, ending in a newline.
    var text: String { rendered(indent: "") + "\n" }

    private var isScalar: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }

    /// The value as it prints at nesting `indent`.
    func rendered(indent: String) -> String {
        switch self {
        case .object(let members):
            if members.isEmpty { return "{}" }
            let inner = indent + "  "
            if members.allSatisfy({ $0.1.isScalar }) {
                return "{" + members.map { "\(JSONText.quote($0.0)): \($0.1.rendered(indent: inner))" }.joined(separator: ", ") + "}"
            }
            let lines = members.map { "\(inner)\(JSONText.quote($0.0)): \($0.1.rendered(indent: inner))" }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
        case .array(let items):
            if items.isEmpty { return "[]" }
            let inner = indent + "  "
            if items.allSatisfy(\.isScalar) {
                return "[" + items.map { $0.rendered(indent: inner) }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .string(let string): return JSONText.quote(string)
        case .int(let int): return String(int)
        case .number(let number): return number.isFinite ? Threshold.format(number) : "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .null: return "null"
        }
    }

    /// Writes the document to `sink` with the array that stands where `placeholder` (a string
    /// value) is filled by `items`, one element at a time, laid out as `text` would lay out an
    /// array of objects or arrays: a report's findings are never held together.
    static func write(
        _ document: JSONDocument, placeholder: String, to sink: ReportSink,
        items: (_ add: (JSONDocument) -> Void) throws -> Void
    ) throws {
        let text = document.text
        let quoted = JSONText.quote(placeholder)
        guard let range = text.range(of: quoted) else { preconditionFailure("no placeholder in the document") }
        let lineStart = text[..<range.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let indent = String(text[lineStart...].prefix { $0 == " " })
        let inner = indent + "  "
        sink.write(String(text[..<range.lowerBound]))
        var first = true
        try items { item in
            sink.write((first ? "[\n" : ",\n") + inner + item.rendered(indent: inner))
            first = false
        }
        sink.write(first ? "[]" : "\n\(indent)]")
        sink.write(String(text[range.upperBound...]))
    }
}
