import TraceStore

/// RFC 4180 CSV with a header row; NULL is an empty field, the empty string is `""`.
struct CSVWriter: ResultWriter {
    mutating func begin(columns: [String]) {
        Console.out(columns.map(Self.quote).joined(separator: ","))
    }

    mutating func add(row: [SQLValue]) {
        Console.out(row.map(Self.field).joined(separator: ","))
    }

    mutating func finish() {}

    static func field(_ value: SQLValue) -> String {
        switch value {
        case .null: ""
        case .integer(let int): String(int)
        case .real(let double): String(double)
        case .text(let text): text.isEmpty ? "\"\"" : quote(text)
        case .blob(let bytes): bytes.map { String(format: "%02x", $0) }.joined()
        }
    }

    static func quote(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
