import CSQLite

/// One user-written statement with named parameters, prepared and run under `query`'s
/// read-only guard on any connection, a writing one included: the SQL of custom rules.
///
/// `query` runs scripts on a connection opened read-only; a custom rule runs inside `check`,
/// on the connection that has just stored the trace (a temporary store may have no second
/// one). The guard is put on for the statement and lifted after it, so the rule meets exactly
/// the refusals `query` would give, and the ingest's own writes are untouched.
public enum GuardedQuery {
    /// What a statement returns and takes, learnt by preparing it without running it.
    public struct Shape: Sendable, Equatable {
        /// The result column names, in order.
        public let columns: [String]
        /// The named parameters, without their prefix (`trace_id` for `:trace_id`).
        public let parameters: [String]
    }

    /// Prepares `sql` under the guard and says what it returns and takes.
    ///
    /// Fails like `query` for SQL that would write or call a refused function, and with SQLite's
    /// message for SQL that does not prepare (a misspelt column, a missing table); also when
    /// `sql` is not exactly one statement, or has an unnamed parameter (`?`).
    public static func shape(of sql: String, on database: Database) throws -> Shape {
        try guarded(sql, on: database) { statement in
            var parameters: [String] = []
            for (index, name) in statement.parameterNames.enumerated() {
                guard let name, name.count > 1 else {
                    throw SQLiteError(code: SQLITE_MISUSE, message: "parameter \(index + 1) has no name; use a named one such as :trace_id", sql: sql)
                }
                parameters.append(String(name.dropFirst()))
            }
            return Shape(columns: statement.columnNames, parameters: parameters)
        }
    }

    /// Runs `sql` under the guard with `parameters` bound by name (without prefix; a parameter
    /// the statement does not name is ignored), handing each row to `row`; a statement still
    /// running when `deadline` is due ends with an interrupt (`SQLiteError.isInterrupt`).
    public static func run(
        _ sql: String, on database: Database, parameters: [String: SQLValue], deadline: Deadline,
        row: ([SQLValue]) throws -> Void
    ) throws {
        try database.with(deadline) {
            try guarded(sql, on: database) { statement in
                for (index, name) in statement.parameterNames.enumerated() {
                    // `:x`, `@x` and `$x` all name `x`.
                    guard let name, let value = parameters[String(name.dropFirst())] else { continue }
                    try statement.bind(value, at: Int32(index + 1))
                }
                while try statement.step() {
                    try row(statement.row())
                    if deadline.isDue { throw Deadline.interruption }
                }
            }
        }
    }

    /// Prepares the single statement of `sql` with the guard on, checks that it only reads,
    /// and hands it to `body` while the guard is still on.
    private static func guarded<T>(_ sql: String, on database: Database, _ body: (Statement) throws -> T) throws -> T {
        try ReadOnlyGuard.scoped(on: database) {
            try ReadOnlyQuery.explainingRefusals(on: database) {
                var result: T?
                var count = 0
                try database.forEachStatement(in: sql) { statement in
                    count += 1
                    guard count == 1 else {
                        throw SQLiteError(code: SQLITE_MISUSE, message: "give one statement, found a second one: \(statement.sql)", sql: sql)
                    }
                    guard statement.isReadOnly else {
                        throw SQLiteError(
                            code: SQLITE_READONLY,
                            message: "query is read-only: this statement would write (\(statement.sql.prefix { !$0.isWhitespace }.uppercased()))",
                            sql: statement.sql
                        )
                    }
                    guard statement.columnCount > 0 else {
                        throw SQLiteError(code: SQLITE_MISUSE, message: "the statement returns no columns; give a SELECT", sql: sql)
                    }
                    result = try body(statement)
                }
                guard let result else { throw SQLiteError(code: SQLITE_MISUSE, message: "no SQL statement given") }
                return result
            }
        }
    }
}
