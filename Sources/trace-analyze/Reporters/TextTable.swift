/// Aligns rows of cells into columns two spaces apart, left-aligned unless said otherwise.
struct TextTable {
    private var rows: [[String]] = []
    private var separators: Set<Int> = []
    private let rightAligned: Set<Int>

    /// A table with `header`; the columns at `rightAligned` (numbers) align right.
    init(header: [String], rightAligned: Set<Int> = []) {
        rows.append(header)
        self.rightAligned = rightAligned
    }

    /// Adds a row of cells.
    mutating func add(_ cells: [String]) { rows.append(cells) }

    /// Adds a line of dashes under the columns.
    mutating func addSeparator() { separators.insert(rows.count) }

    /// The table, one line per row, each ending in a newline.
    var text: String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        let numeric = (0..<columns).map(rightAligned.contains)
        var text = ""
        for (index, row) in rows.enumerated() {
            if separators.contains(index) { text += line(widths.map { String(repeating: "-", count: $0) }, widths, numeric) }
            text += line(row, widths, numeric)
        }
        if separators.contains(rows.count) { text += line(widths.map { String(repeating: "-", count: $0) }, widths, numeric) }
        return text
    }

    private func line(_ cells: [String], _ widths: [Int], _ numeric: [Bool]) -> String {
        var parts: [String] = []
        for (column, cell) in cells.enumerated() {
            let pad = String(repeating: " ", count: max(0, widths[column] - cell.count))
            parts.append(numeric[column] ? pad + cell : cell + pad)
        }
        var line = parts.joined(separator: "  ")
        while line.hasSuffix(" ") { line.removeLast() }
        return line + "\n"
    }
}
