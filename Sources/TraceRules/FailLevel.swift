/// The severity from which findings fail a run (exit 2), or `never`.
public enum FailLevel: Sendable, Equatable {
    case severity(Severity)
    case never

    /// Every level's name, most severe first: `error, warning, info, never`.
    public static let names = Severity.allCases.reversed().map(\.rawValue) + ["never"]

    /// The level called `name` (`error`, `warning`, `info` or `never`); nil for any other word.
    public init?(name: String) {
        if name == "never" {
            self = .never
        } else if let severity = Severity(rawValue: name) {
            self = .severity(severity)
        } else {
            return nil
        }
    }

    /// True when a finding of `severity` fails the run.
    public func fails(_ severity: Severity) -> Bool {
        if case .severity(let level) = self { return severity >= level }
        return false
    }

    /// The level's name, as `init(name:)` reads it.
    public var name: String {
        if case .severity(let level) = self { return level.rawValue }
        return "never"
    }
}
