import TraceStore

/// Runs custom rules over one stored trace and stores their findings beside the built-in ones.
///
/// It runs after the built-in rules have stored theirs, on the same connection and inside the
/// same transaction when there is one, so a query sees the trace's events and its built-in
/// findings, and every reader of `findings` (reporters, baseline, `diff`) sees the custom ones.
public enum CustomRuleRunner {
    /// The most findings one rule may return for one trace. A rule's findings are held until
    /// its query ends (the guard forbids writing while it runs), so a query that returns a row
    /// per event by mistake is stopped with a message rather than filling memory.
    public static let maxFindings = 100_000

    /// Runs `rules` over trace `traceID`, adds their findings to those stored for it (inside the
    /// caller's transaction, if any), hands each to `each`, and returns how many there were.
    ///
    /// Each rule's findings are stored once its query has ended, before the next rule runs, so a
    /// later rule sees an earlier one's findings and memory holds one rule's at a time. A query
    /// that outruns its timeout, or a row whose `lines` are not line numbers, is an
    /// `AnalysisError` naming the rule: a custom rule that cannot be judged is not silently green.
    @discardableResult
    public static func store(
        _ rules: [CustomRule], traceID: Int, in database: Database, each: (Finding) -> Void = { _ in }
    ) throws -> Int {
        guard !rules.isEmpty else { return 0 }
        guard let source = try database.scalarText("SELECT source FROM traces WHERE id = ?", [traceID]) else {
            throw AnalysisError("no trace \(traceID) in \(database.path)")
        }
        // Evidence must be lines of the trace: a line past its end is a mistake in the query
        // (a count or an id taken for a line), which reports would cite as if it were there.
        // (A trace whose count is not written yet says 0: then nothing is checked.)
        let lastLine = try database.scalarInt("SELECT lines FROM traces WHERE id = ?", [traceID]).flatMap { $0 > 0 ? $0 : nil } ?? .max
        var writer: FindingWriter?
        var count = 0
        for rule in rules {
            var found: [Finding] = []
            try run(rule, traceID: traceID, source: source, lastLine: lastLine, in: database) { found.append($0) }
            guard !found.isEmpty else { continue }
            if writer == nil { writer = try FindingWriter(database: database) }
            for finding in found {
                try writer!.write(finding)
                each(finding)
            }
            try writer!.finish()
            count += found.count
        }
        return count
    }

    private static func run(
        _ rule: CustomRule, traceID: Int, source: String, lastLine: Int, in database: Database, emit: (Finding) -> Void
    ) throws {
        var rowNumber = 0
        do {
            try GuardedQuery.run(
                rule.query, on: database, parameters: ["trace_id": .integer(Int64(traceID))],
                deadline: Deadline(after: rule.timeout)
            ) { row in
                rowNumber += 1
                guard rowNumber <= maxFindings else {
                    throw AnalysisError("custom rule '\(rule.identifier)' (\(rule.location)): the query returned more than \(maxFindings) rows; each row is a finding, so group them (GROUP BY view) or narrow the query")
                }
                var values: [String: SQLValue] = [:]
                for (column, value) in zip(rule.columns, row) where values[column] == nil { values[column] = value }
                let lines = try lineNumbers(values["lines"] ?? .null, rule: rule, row: rowNumber)
                if let beyond = lines.last, beyond > lastLine {
                    throw AnalysisError("custom rule '\(rule.identifier)' (\(rule.location)): row \(rowNumber): line \(beyond) is past the end of the trace (\(lastLine) lines); `lines` must be line numbers of the log, such as events.line")
                }
                let count = try values["count"].map { try countValue($0, rule: rule, row: rowNumber) } ?? max(1, lines.count)
                let view: String? = switch values["view"] {
                case .none, .null: nil
                case let value?: CustomRule.text(value)
                }
                emit(Finding(
                    rule: rule.identifier, severity: rule.severity, view: view, message: rule.render(values, count: count),
                    count: count, lines: lines, traceID: traceID, source: source
                ))
            }
        } catch let error as SQLiteError where error.isInterrupt {
            throw AnalysisError("custom rule '\(rule.identifier)' (\(rule.location)): the query ran longer than its \(CustomRule.text(.real(rule.timeout))) s timeout; raise \"timeout\" or narrow the query")
        } catch let error as SQLiteError {
            throw AnalysisError("custom rule '\(rule.identifier)' (\(rule.location)): \(error.message)")
        }
    }

    /// `lines` as sorted, distinct line numbers: an integer, or text listing them (`3,7,12`,
    /// as `group_concat(line)` makes; spaces and commas separate them).
    static func lineNumbers(_ value: SQLValue, rule: CustomRule, row: Int) throws -> [Int] {
        let numbers: [Int]
        switch value {
        case .null: numbers = []
        case .integer(let int): numbers = [Int(int)]
        case .real(let double) where double == double.rounded() && abs(double) < 1e15: numbers = [Int(double)]
        case .text(let text):
            let parts = text.split(whereSeparator: { $0 == "," || $0 == " " })
            numbers = try parts.map { part in
                guard let number = Int(part) else { throw badLines(value, rule: rule, row: row) }
                return number
            }
        default: throw badLines(value, rule: rule, row: row)
        }
        guard numbers.allSatisfy({ $0 > 0 }) else { throw badLines(value, rule: rule, row: row) }
        return Array(Set(numbers)).sorted()
    }

    private static func countValue(_ value: SQLValue, rule: CustomRule, row: Int) throws -> Int {
        switch value {
        case .integer(let int) where int >= 0: return Int(int)
        case .real(let double) where double >= 0 && double == double.rounded() && double < 1e15: return Int(double)
        default:
            throw AnalysisError("custom rule '\(rule.identifier)' (\(rule.location)): row \(row): count '\(CustomRule.text(value))' is not a whole number of 0 or more")
        }
    }

    private static func badLines(_ value: SQLValue, rule: CustomRule, row: Int) -> AnalysisError {
        AnalysisError("custom rule '\(rule.identifier)' (\(rule.location)): row \(row): lines '\(CustomRule.text(value))' is not a list of line numbers (e.g. group_concat(line) AS lines)")
    }
}
