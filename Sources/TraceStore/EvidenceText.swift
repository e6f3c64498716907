/// The stored text of a trace's evidence lines, so a report can show what each cited line says
/// without the user opening the log.
public enum EvidenceText {
    /// One cited line: its message and the instance it names, if any.
    public struct Line: Sendable, Equatable {
        public let text: String
        public let instance: String?
    }

    /// The lines `lines` of trace `traceID`, by line number.
    ///
    /// One pass in id order from the trace's first event (lines grow with ids), stopping after
    /// the last line wanted: no index on `line` is needed, and a report citing early lines of a
    /// long trace reads only its beginning.
    public static func read(_ database: Database, traceID: Int, lines: Set<Int>) throws -> [Int: Line] {
        guard let last = lines.max(),
              let first = try database.scalarInt("SELECT id FROM events WHERE trace_id = ? ORDER BY id LIMIT 1", [traceID])
        else { return [:] }
        var result: [Int: Line] = [:]
        let statement = try database.prepare("SELECT trace_id, line, message, instance FROM events WHERE id >= ? ORDER BY id")
        statement.bind(first, at: 1)
        while try statement.step() {
            guard statement.int(at: 0) == traceID, let line = statement.int(at: 1), line <= last else { break }
            if lines.contains(line) {
                result[line] = Line(text: statement.text(at: 2) ?? "", instance: statement.text(at: 3))
            }
        }
        return result
    }
}
