import CSQLite

/// Runs user SQL against a database opened with `TraceDatabase.openForReading`.
public enum ReadOnlyQuery {
    /// Runs every statement of `sql`; for each, `columns` gets its column names once, then `row`
    /// gets each row. A statement that would write is refused before it runs.
    public static func run(
        _ sql: String,
        on database: Database,
        columns: ([String]) throws -> Void,
        row: ([SQLValue]) throws -> Void
    ) throws {
        var ranAny = false
        try explainingRefusals(on: database) {
            try runEach(sql, on: database, ranAny: &ranAny, columns: columns, row: row)
        }
        if !ranAny {
            throw SQLiteError(code: SQLITE_MISUSE, message: "no SQL statement given")
        }
    }

    /// Runs `body`, turning SQLite's bare refusals ("not authorized", "cannot modify events")
    /// into messages that say the query is read-only and why.
    static func explainingRefusals<T>(on database: Database, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError where writesAView(error) {
            // `events` is a view: SQLite refuses a write to it while preparing, before anything
            // could tell the statement would write. It is the same refusal, and says so.
            throw SQLiteError(
                code: SQLITE_READONLY,
                message: "query is read-only: this statement would write (\(firstWord(error.sql ?? "")))",
                sql: error.sql
            )
        } catch let error as SQLiteError {
            // The authorizer's "not authorized" does not say why; the user should know. (A refused
            // function comes back as a plain SQLITE_ERROR, so the recorded refusal decides.)
            let refusal = ReadOnlyGuard.takeRefusal(on: database)
            guard refusal != nil || error.primaryCode == SQLITE_AUTH else { throw error }
            throw SQLiteError(
                code: SQLITE_AUTH,
                message: "query is read-only: \(refusal ?? "\(firstWord(error.sql ?? "this statement")) is not allowed")",
                sql: error.sql
            )
        }
    }

    private static func runEach(
        _ sql: String,
        on database: Database,
        ranAny: inout Bool,
        columns: ([String]) throws -> Void,
        row: ([SQLValue]) throws -> Void
    ) throws {
        try database.forEachStatement(in: sql) { statement in
            guard statement.isReadOnly else {
                throw SQLiteError(
                    code: SQLITE_READONLY,
                    message: "query is read-only: this statement would write (\(firstWord(statement.sql)))",
                    sql: statement.sql
                )
            }
            ranAny = true
            let columnCount = statement.columnCount
            if columnCount > 0 { try columns(statement.columnNames) }
            while try statement.step() {
                if columnCount > 0 { try row(statement.row()) }
            }
        }
    }

    /// True for SQLite's refusal to change a view (`DELETE FROM events`, `DROP TABLE events`).
    private static func writesAView(_ error: SQLiteError) -> Bool {
        let message = error.message
        return (message.hasPrefix("cannot modify ") && message.contains(" because it is a view"))
            || message.hasPrefix("use DROP VIEW to delete view ")
    }

    /// The statement's verb: its first word, except that for `WITH ...` it is the word after the
    /// common table expressions (`WITH x AS (SELECT 1) DELETE ...` writes by its DELETE).
    static func firstWord(_ sql: String) -> String {
        let first = String(sql.prefix { !$0.isWhitespace && $0 != "(" }).uppercased()
        guard first == "WITH" else { return first }
        return verbAfterCommonTableExpressions(sql) ?? first
    }

    /// The first statement keyword outside parentheses, quotes and comments after a `WITH`.
    private static func verbAfterCommonTableExpressions(_ sql: String) -> String? {
        let verbs: Set<String> = ["SELECT", "VALUES", "INSERT", "REPLACE", "UPDATE", "DELETE"]
        var depth = 0
        var word = ""
        var characters = sql.dropFirst(4).makeIterator()
        var quote: Character?
        while let character = characters.next() {
            if let open = quote {
                if character == open || (open == "[" && character == "]") { quote = nil }
                continue
            }
            if character.isLetter || character == "_" {
                word.append(character)
                continue
            }
            if depth == 0, verbs.contains(word.uppercased()) { return word.uppercased() }
            word = ""
            switch character {
            case "(": depth += 1
            case ")": depth -= 1
            case "'", "\"", "`", "[": quote = character
            default: break
            }
        }
        return depth == 0 && verbs.contains(word.uppercased()) ? word.uppercased() : nil
    }
}
