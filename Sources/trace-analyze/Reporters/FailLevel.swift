import TraceRules

/// The severity from which findings fail the run (exit 2): `--fail-on`, or `--strict`.
enum FailLevel: Equatable {
    case severity(Severity)
    case never

    static let options = [
        OptionSpec(name: "fail-on", value: "LEVEL", help: "Exit 2 when a finding is at or above LEVEL: error (default), warning, info or never."),
        OptionSpec(name: "strict", value: nil, help: "Same as --fail-on warning."),
    ]

    /// The level the user chose; `error` by default, as SwiftLint does.
    static func parse(_ arguments: ParsedArguments) throws -> FailLevel {
        let value = arguments.value("fail-on")
        if arguments.flag("strict") {
            guard value == nil else { throw UsageError("give either --strict or --fail-on, not both") }
            return .severity(.warning)
        }
        guard let value else { return .severity(.error) }
        if value == "never" { return .never }
        guard let severity = Severity(rawValue: value) else {
            throw UsageError("unknown level '\(value)' for --fail-on; valid: error, warning, info, never")
        }
        return .severity(severity)
    }

    /// True when a finding of `severity` fails the run.
    func fails(_ severity: Severity) -> Bool {
        if case .severity(let level) = self { return severity >= level }
        return false
    }

    var name: String {
        if case .severity(let level) = self { return level.rawValue }
        return "never"
    }
}
