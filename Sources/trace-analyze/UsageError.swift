/// The command line itself is wrong: an unknown command or option, a missing value.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The command line was fine but running it failed in a way the user can act on.
struct ToolError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
