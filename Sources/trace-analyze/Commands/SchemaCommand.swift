import TraceStore

/// `trace-analyze schema`: every table and column, with a sentence each.
enum SchemaCommand: Command {
    static let spec = CommandSpec(
        name: "schema",
        summary: "Describe the database schema that `query` reads: every table and column.",
        usage: "",
        options: []
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        Console.out("trace-analyze schema version \(Schema.currentVersion) (PRAGMA user_version)\n")
        for table in SchemaDocumentation.tables {
            Console.out("\(table.name): \(table.summary)")
            let width = table.columns.map(\.name.count).max() ?? 0
            for column in table.columns {
                let name = column.name.padding(toLength: width, withPad: " ", startingAt: 0)
                let type = column.type.padding(toLength: 7, withPad: " ", startingAt: 0)
                Console.out("  \(name)  \(type)  \(column.summary)")
            }
            Console.out("")
        }
        Console.out("Structured lines (TraceProbe writes them; any app may): trace-analyze: kind=body view=CounterView type=App.CounterView id=#3 t=1042.000431207 ms=0.612 identity=new")
        let width = SchemaDocumentation.structuredLine.map(\.key.count).max() ?? 0
        for (key, meaning) in SchemaDocumentation.structuredLine {
            Console.out("  \(key.padding(toLength: width, withPad: " ", startingAt: 0))  \(meaning)")
        }
        Console.out("  Other keys are ignored; a line that opens with the marker but breaks the format is text, counted in stats as malformed_structured.")
        return ExitCode.success
    }
}
