/// One subcommand: its specification and what it does.
protocol Command: SendableMetatype {
    /// Name, options and help text.
    static var spec: CommandSpec { get }
    /// Runs with parsed arguments and returns the exit code.
    static func run(_ arguments: ParsedArguments) throws -> Int32
}

/// A command in the tool's list: its spec and its entry point, as plain values.
struct CommandEntry: Sendable {
    let spec: CommandSpec
    let run: @Sendable (ParsedArguments) throws -> Int32

    init<C: Command>(_ command: C.Type) {
        spec = command.spec
        run = { try C.run($0) }
    }
}
