import TraceRules

/// A JSON value built in the order it prints, for reports whose key order is part of their documentation.
///
/// Printed with two-space indentation, except that an object or array holding only scalars
/// stays on one line (`{"file": "a.log", "line": 3}`), which keeps evidence lists readable.
indirect enum JSONDocument {
    case object([(String, JSONDocument)])
    case array([JSONDocument])
    /// An array of `count` elements of one shape, each made only as it prints: a finding's
    /// evidence can be a hundred thousand lines, which as values would take many times the
    /// memory of their text.
    case elements(count: Int, element: (Int) -> JSONDocument)
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
        case .object, .array, .elements: false
        default: true
        }
    }

    /// The value as it prints at nesting `indent`.
    func rendered(indent: String) -> String {
        var text = ""
        append(to: &text, indent: indent)
        return text
    }

    /// Appends an array of `count` elements, `element(i)` each: on one line when `oneLine`, else
    /// one element per line, `text` handed to `drain` after each.
    private static func appendArray(
        count: Int, oneLine: Bool, to text: inout String, indent: String, drain: (inout String) -> Void,
        _ element: (Int) -> JSONDocument
    ) {
        guard count > 0 else {
            text += "[]"
            return
        }
        let inner = indent + "  "
        text += oneLine ? "[" : "[\n"
        for index in 0..<count {
            if index > 0 { text += oneLine ? ", " : ",\n" }
            if !oneLine { text += inner }
            element(index).append(to: &text, indent: inner, drain: drain)
            drain(&text)
        }
        if !oneLine {
            text += "\n"
            text += indent
        }
        text += "]"
    }

    /// Appends the value as it prints at nesting `indent` to `text`: one growing string, not a
    /// string per value joined into its parent's (a report prints hundreds of thousands of values).
    /// `drain` is handed the text after each element of an array, to write out and empty.
    func append(to text: inout String, indent: String, drain: (inout String) -> Void = { _ in }) {
        switch self {
        case .object(let members):
            if members.isEmpty {
                text += "{}"
                return
            }
            let inner = indent + "  "
            if members.allSatisfy({ $0.1.isScalar }) {
                text += "{"
                for (index, member) in members.enumerated() {
                    if index > 0 { text += ", " }
                    text += JSONText.quote(member.0)
                    text += ": "
                    member.1.append(to: &text, indent: inner)
                }
                text += "}"
                return
            }
            text += "{\n"
            for (index, member) in members.enumerated() {
                if index > 0 { text += ",\n" }
                text += inner
                text += JSONText.quote(member.0)
                text += ": "
                member.1.append(to: &text, indent: inner, drain: drain)
            }
            text += "\n"
            text += indent
            text += "}"
        case .array(let items):
            Self.appendArray(count: items.count, oneLine: items.allSatisfy(\.isScalar), to: &text, indent: indent, drain: drain) { items[$0] }
        case .elements(let count, let element):
            // Elements of one shape: the first says whether the array fits on one line.
            Self.appendArray(count: count, oneLine: count > 0 && element(0).isScalar, to: &text, indent: indent, drain: drain, element)
        case .string(let string): text += JSONText.quote(string)
        case .int(let int): text += String(int)
        case .number(let number): text += number.isFinite ? Threshold.format(number) : "null"
        case .bool(let bool): text += bool ? "true" : "false"
        case .null: text += "null"
        }
    }

    /// Writes the document to `sink` with the array that stands where `placeholder` (a string
    /// value) is filled by `items`, one element at a time, laid out as `text` would lay out an
    /// array of objects or arrays: a report's findings are never held together.
    static func write(
        _ document: JSONDocument, placeholder: String, to sink: ReportSink,
        items: (_ add: (JSONDocument) -> Void) throws -> Void
    ) throws {
        try write(document, placeholder: placeholder, writing: { sink.write($0) }, items: items)
    }

    /// The indent of the array that `placeholder` stands for in `document`'s text, with which
    /// `write(_:placeholder:writing:rendered:)` expects its elements rendered
    /// (`element.append(to:indent:)`).
    static func elementIndent(of placeholder: String, in document: JSONDocument) -> String {
        placement(of: placeholder, in: document.text).inner
    }

    private static func placement(of placeholder: String, in text: String) -> (range: Range<String.Index>, indent: String, inner: String) {
        let quoted = JSONText.quote(placeholder)
        guard let range = text.range(of: quoted) else { preconditionFailure("no placeholder in the document") }
        let lineStart = text[..<range.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let indent = String(text[lineStart...].prefix { $0 == " " })
        return (range, indent, indent + "  ")
    }

    /// As `write(_:placeholder:writing:items:)`, with the array's elements already rendered as
    /// text (at `elementIndent`), one after another, by `rendered`: the html report renders
    /// them while its text report is written, and writes them after it.
    static func write(
        _ document: JSONDocument, placeholder: String, writing write: @escaping (String) -> Void,
        rendered: (_ add: (String) -> Void) throws -> Void
    ) throws {
        let text = document.text
        let (range, indent, inner) = placement(of: placeholder, in: text)
        write(String(text[..<range.lowerBound]))
        var first = true
        try rendered { element in
            write((first ? "[\n" : ",\n") + inner)
            write(element)
            first = false
        }
        write(first ? "[]" : "\n\(indent)]")
        write(String(text[range.upperBound...]))
    }

    /// As `write(_:placeholder:to:items:)`, handing each piece of text to `write`: a page that
    /// carries the document inside HTML escapes it on its way out.
    static func write(
        _ document: JSONDocument, placeholder: String, writing write: @escaping (String) -> Void,
        items: (_ add: (JSONDocument) -> Void) throws -> Void
    ) throws {
        let text = document.text
        let quoted = JSONText.quote(placeholder)
        guard let range = text.range(of: quoted) else { preconditionFailure("no placeholder in the document") }
        let lineStart = text[..<range.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        let indent = String(text[lineStart...].prefix { $0 == " " })
        let inner = indent + "  "
        write(String(text[..<range.lowerBound]))
        var first = true
        var piece = ""
        // A finding with a long evidence list goes out in parts of about 64 KiB.
        func drain(_ text: inout String) {
            guard text.utf8.count >= 1 << 16 else { return }
            write(text)
            text.removeAll(keepingCapacity: true)
        }
        try items { item in
            piece.removeAll(keepingCapacity: true)
            piece += first ? "[\n" : ",\n"
            piece += inner
            item.append(to: &piece, indent: inner, drain: drain)
            write(piece)
            first = false
        }
        write(first ? "[]" : "\n\(indent)]")
        write(String(text[range.upperBound...]))
    }
}
