import TraceStore

/// An aligned text table; NULL prints as `NULL`, the empty string as `''` (both blank in a
/// listing for people, `blanks`).
///
/// Widths come from the first `sampleSize` rows; later rows stream with those widths, so a
/// million-row result never sits in memory. Cells are cut at `maxCellWidth` characters.
struct TableWriter: ResultWriter {
    static let sampleSize = 1000
    static let maxCellWidth = 120

    /// A listing for people (`views`, `traces`): NULL and the empty string print as blank cells.
    /// `query` keeps them apart, as SQL does, so a result can be read back exactly.
    let blanks: Bool

    init(blanks: Bool = false) { self.blanks = blanks }

    private var columns: [String] = []
    private var held: [[String]] = []
    private var numeric: [Bool] = []
    private var widths: [Int] = []
    private var streaming = false
    private var rowCount = 0
    private var started = false

    mutating func begin(columns: [String]) {
        if started { finishResult() }
        started = true
        self.columns = columns
        held = []
        numeric = Array(repeating: true, count: columns.count)
        widths = columns.map(\.count)
        streaming = false
        rowCount = 0
    }

    mutating func add(row: [SQLValue]) {
        rowCount += 1
        let cells = row.map { blanks && $0.isNullOrEmpty ? "" : Self.cell($0) }
        if streaming {
            printRow(cells)
            return
        }
        for (index, value) in row.enumerated() {
            if case .text = value { numeric[index] = false }
            if case .blob = value { numeric[index] = false }
            widths[index] = max(widths[index], cells[index].count)
        }
        held.append(cells)
        if held.count >= Self.sampleSize { startStreaming() }
    }

    mutating func finish() {
        if started { finishResult() }
    }

    private mutating func finishResult() {
        if !streaming { startStreaming() }
        Console.out("(\(rowCount) row\(rowCount == 1 ? "" : "s"))")
    }

    private mutating func startStreaming() {
        streaming = true
        printRow(columns, header: true)
        Console.out(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        for cells in held { printRow(cells) }
        held = []
    }

    private func printRow(_ cells: [String], header: Bool = false) {
        var line = ""
        for (index, cell) in cells.enumerated() {
            let pad = max(0, widths[index] - cell.count)
            let isLast = index == cells.count - 1
            if numeric[index] && !header {
                line += String(repeating: " ", count: pad) + cell
            } else {
                line += cell + (isLast ? "" : String(repeating: " ", count: pad))
            }
            if !isLast { line += "  " }
        }
        // A blank last cell would leave the row ending in spaces.
        if blanks { while line.last == " " { line.removeLast() } }
        Console.out(line)
    }

    static func cell(_ value: SQLValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let int): return String(int)
        case .real(let double): return String(double)
        case .text(let text):
            if text.isEmpty { return "''" }
            // Keep one row on one line: show control characters the way Swift writes them.
            // Only the part shown is looked at: counting a multi-megabyte value's characters would
            // cost more than printing the whole table.
            var shown = text
            if text.utf8.count > maxCellWidth,
               let cut = text.index(text.startIndex, offsetBy: maxCellWidth - 1, limitedBy: text.endIndex),
               cut < text.endIndex {
                shown = String(text[..<cut]) + "…"
            }
            if shown.contains(where: { $0.isNewline || $0 == "\t" }) {
                shown = shown.replacingOccurrences(of: "\r\n", with: "\\n")
                    .replacingOccurrences(of: "\n", with: "\\n")
                    .replacingOccurrences(of: "\r", with: "\\r")
                    .replacingOccurrences(of: "\t", with: "\\t")
            }
            return shown
        case .blob(let bytes):
            // x'…' and two digits a byte: as many bytes as fit the cell's width.
            let fits = (maxCellWidth - 4) / 2
            return bytes.count > fits ? "x'" + Hex.encode(bytes, limit: fits) + "'…" : "x'" + Hex.encode(bytes) + "'"
        }
    }
}

private extension SQLValue {
    /// NULL or the empty string: what a listing shows as a blank cell.
    var isNullOrEmpty: Bool {
        switch self {
        case .null: true
        case .text(let text): text.isEmpty
        default: false
        }
    }
}
