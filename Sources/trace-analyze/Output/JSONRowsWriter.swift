import TraceStore

/// Rows as JSON objects keyed by column: one array (`json`) or one object per line (`ndjson`).
struct JSONRowsWriter: ResultWriter {
    let lineDelimited: Bool
    private var columns: [String] = []
    private var rowsInResult = 0
    private var started = false

    init(lineDelimited: Bool) { self.lineDelimited = lineDelimited }

    mutating func begin(columns: [String]) {
        if started { endArray() }
        started = true
        self.columns = columns.map(JSONText.quote)
        rowsInResult = 0
        if !lineDelimited { Console.write("[") }
    }

    mutating func add(row: [SQLValue]) {
        var object = "{"
        for (index, value) in row.enumerated() {
            if index > 0 { object += "," }
            object += columns[index] + ":" + JSONText.value(value)
        }
        object += "}"
        if lineDelimited {
            Console.out(object)
        } else {
            Console.write((rowsInResult == 0 ? "\n  " : ",\n  ") + object)
        }
        rowsInResult += 1
    }

    mutating func finish() {
        if started { endArray() }
    }

    private func endArray() {
        guard !lineDelimited else { return }
        Console.out(rowsInResult == 0 ? "]" : "\n]")
    }
}
