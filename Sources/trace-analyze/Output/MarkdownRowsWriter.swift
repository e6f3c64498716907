import TraceRules
import TraceStore

/// Rows as a GitHub-flavoured Markdown table; NULL prints as an empty cell.
struct MarkdownRowsWriter: ResultWriter {

    mutating func begin(columns: [String]) {
        Console.out("| " + columns.map(Self.escape).joined(separator: " | ") + " |")
        Console.out("|" + columns.map { _ in " --- |" }.joined())
    }

    mutating func add(row: [SQLValue]) {
        Console.out("| " + row.map(Self.cell).joined(separator: " | ") + " |")
    }

    mutating func finish() {}

    private static func cell(_ value: SQLValue) -> String {
        switch value {
        case .null: ""
        case .integer(let int): String(int)
        case .real(let double): Threshold.format(double)
        case .text(let text): escape(text)
        case .blob(let bytes): "\(bytes.count) bytes"
        }
    }

    /// A pipe would end the cell and a newline the row.
    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
