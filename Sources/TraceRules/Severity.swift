/// How serious a finding is; `check --fail-on` compares against it.
public enum Severity: String, CaseIterable, Sendable, Codable, Comparable {
    case info
    case warning
    case error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    /// One step less serious; `info` stays `info`.
    public var lowered: Severity {
        switch self {
        case .error: .warning
        case .warning, .info: .info
        }
    }
}
