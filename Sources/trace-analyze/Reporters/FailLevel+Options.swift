import TraceModel
import TraceRules

/// `--fail-on` and `--strict`.
extension FailLevel {
    static let options = [
        OptionSpec(name: "fail-on", value: "LEVEL", help: "Exit 2 when a finding is at or above LEVEL: error (default), warning, info or never.", choices: names),
        OptionSpec(name: "strict", value: nil, help: "Same as --fail-on warning."),
    ]

    /// The level the user chose; else the configuration's `fail_on`; else `error`, as SwiftLint does.
    static func parse(_ arguments: ParsedArguments, configured: FailLevel? = nil) throws -> FailLevel {
        let value = arguments.value("fail-on")
        if arguments.flag("strict") {
            guard value == nil else { throw UsageError("give either --strict or --fail-on, not both") }
            return .severity(.warning)
        }
        guard let value else { return configured ?? .severity(.error) }
        guard let level = FailLevel(name: value) else {
            throw UsageError("unknown level '\(value)' for --fail-on\(Suggestion.hint(for: value, in: names)); valid: \(names.joined(separator: ", "))")
        }
        return level
    }
}
