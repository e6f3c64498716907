import TraceStore
import TraceModel

/// `trace-analyze query`: read-only SQL over the store.
enum QueryCommand: Command {
    static let spec = CommandSpec(
        name: "query",
        summary: "Run read-only SQL over the trace database and print the result.",
        usage: "SQL [--db PATH] [--format table|csv|json|ndjson] [--timeout SECONDS]",
        options: [
            DatabaseOption.spec,
            OptionSpec(name: "format", value: "FORMAT", help: "table (default), csv, json or ndjson.", choices: ["table", "csv", "json", "ndjson"]),
            OptionSpec(name: "timeout", value: "SECONDS", help: "Stop the query after this many seconds (Ctrl-C always stops it)."),
        ],
        positionals: [("SQL", "One or more SQL statements; any that would write is refused.")],
        maxPositionals: 1,
        discussion: """
        The database is opened read-only: DROP, DELETE, UPDATE, INSERT, ATTACH, VACUUM INTO and
        writing pragmas are refused, and so are functions that are not a pure function of their
        arguments (random(), fts3_tokenizer(), ...). A single value in a result may be at most
        32 MiB. Ctrl-C and --timeout stop the query and its printing alike. In table output NULL
        prints as NULL and an empty string as ''. See `trace-analyze schema` for the tables.

        EXAMPLES:
          trace-analyze query "SELECT kind, count(*) FROM events GROUP BY kind"
          trace-analyze query --format csv "SELECT * FROM view_summary WHERE trace_id = 1"
        """
    )

    static func parseTimeout(_ text: String) throws -> Double {
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
            throw UsageError("--timeout needs a positive number of seconds, got '\(text)'")
        }
        return seconds
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let sql = arguments.positionals.first else {
            throw UsageError("missing SQL, e.g. trace-analyze query \"SELECT * FROM traces\"")
        }
        let format = try ResultFormat.parse(arguments.value("format"))
        let timeout = try arguments.value("timeout").map(parseTimeout)
        let database = try DatabaseOption.openForReading(arguments)
        Interruption.route(to: database)
        // With nobody left to read (`| head`), computing more rows is wasted: stop the statement.
        let interrupter = database.interrupter
        Console.whenOutputFails = { interrupter.interrupt() }
        // One deadline for the statement and for printing its rows: a huge value or a slow reader
        // must not outlast Ctrl-C or --timeout.
        let deadline = Deadline(after: timeout, stop: { Interruption.wasSignalled })
        Console.stopWriting = { deadline.isDue }
        var writer = format.makeWriter()
        do {
            try database.with(deadline) {
                try ReadOnlyQuery.run(sql, on: database, columns: { writer.begin(columns: $0) }, row: {
                    writer.add(row: $0)
                    if deadline.isDue || Console.outputWasStopped || Console.outputFailure != nil { throw Deadline.interruption }
                })
            }
        } catch let error as SQLiteError where error.isInterrupt {
            return try stopped(timeout: arguments.value("timeout"))
        } catch let error as SQLiteError where error.isTooBig {
            throw ToolError("a value in the result is larger than the \(TraceDatabase.maxQueryValueBytes >> 20) MiB query limit (in: \(error.sql ?? sql))")
        } catch let error as SQLiteError where error.message.hasPrefix(Self.noSuchTable) {
            throw Self.namingTables(error)
        }
        writer.finish()
        Console.flush()
        if Console.outputWasStopped { return try stopped(timeout: arguments.value("timeout")) }
        return ExitCode.success
    }

    private static let noSuchTable = "no such table: "

    /// SQLite's `no such table: event`, with the documented table it most likely meant and
    /// where the list of them is: a misspelt table is the commonest first error.
    private static func namingTables(_ error: SQLiteError) -> SQLiteError {
        let typed = String(error.message.dropFirst(noSuchTable.count))
        // `main.event`: the name after the schema is the one to match.
        let name = typed.split(separator: ".").last.map(String.init) ?? typed
        let tables = SchemaDocumentation.tables.map(\.name)
        let message = "\(error.message)\(Suggestion.hint(for: name, in: tables)); the tables are \(tables.joined(separator: ", ")) (`trace-analyze schema` describes them)"
        return SQLiteError(code: error.code, message: message, sql: error.sql)
    }

    /// The exit code and message for a query that did not finish.
    private static func stopped(timeout: String?) throws -> Int32 {
        // No footer: a row count for a query that did not finish would mislead.
        if Console.outputFailure != nil {
            // `main` reports the failed write and picks the exit code.
            return ExitCode.failure
        }
        if Interruption.wasSignalled {
            Console.error("query interrupted")
            return Interruption.exitStatus
        }
        throw ToolError("query stopped after the \(timeout ?? "") s --timeout")
    }
}
