import TraceModel

/// JSON text for the MCP server's messages: one line each (newline-delimited JSON-RPC), with
/// the request's own `id` echoed as it came.
enum MCPJSON {
    /// `value` as compact JSON text.
    static func encode(_ value: JSONValue) -> String {
        var text = ""
        append(value, to: &text)
        return text
    }

    /// A JSON object of already encoded members, in order.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { JSONText.quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// A JSON array of already encoded elements.
    static func array(_ elements: [String]) -> String { "[" + elements.joined(separator: ",") + "]" }

    private static func append(_ value: JSONValue, to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number):
            if number == number.rounded(), abs(number) < 9e15 { text += String(Int64(number)) } else if number.isFinite { text += String(number) } else { text += "null" }
        case .string(let string): text += JSONText.quote(string)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                append(element, to: &text)
            }
            text += "]"
        case .object(let members, let order):
            text += "{"
            for (index, key) in order.enumerated() {
                if index > 0 { text += "," }
                text += JSONText.quote(key) + ":"
                append(members[key] ?? .null, to: &text)
            }
            text += "}"
        }
    }
}
