/// What a line tells about a view's lifecycle.
///
/// `text` is every line no recogniser claimed: it is stored verbatim so nothing is lost.
public enum EventKind: String, CaseIterable, Sendable, Codable {
    case body
    case `init`
    case `deinit`
    case appear
    case disappear
    case task
    case layout
    case text

    /// A dense index, so per-kind counters can live in a fixed array on the hot path.
    @inlinable public var index: Int {
        switch self {
        case .body: 0
        case .`init`: 1
        case .`deinit`: 2
        case .appear: 3
        case .disappear: 4
        case .task: 5
        case .layout: 6
        case .text: 7
        }
    }
}
