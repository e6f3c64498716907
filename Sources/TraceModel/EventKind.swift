/// What a line tells about a view's lifecycle.
///
/// `text` is every line no recogniser claimed: it is stored verbatim so nothing is lost.
/// `warning` is one of SwiftUI's own runtime warnings (`SwiftUIWarning`): no view's lifecycle
/// step, but evidence about them all the same. `hitch` comes from Instruments recordings only.
public enum EventKind: String, CaseIterable, Sendable, Codable {
    case body
    case `init`
    case `deinit`
    case appear
    case disappear
    case task
    case layout
    case text
    case warning
    /// A frame shown late or the main thread blocked, from an Instruments recording (`hitches`,
    /// `potential-hangs`): no view's step, but the time every update overlapping it cost.
    case hitch

    /// A dense index, so per-kind counters can live in a fixed array on the hot path; also the
    /// code `event_rows.kind` stores, so a kind keeps its index for good.
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
        case .warning: 8
        case .hitch: 9
        }
    }

    /// True for every kind that is lifecycle evidence: all but `text`. A log whose events are
    /// all `text` told nothing about its views; one with only `warning`s did (SwiftUI's own
    /// warnings name lifecycle problems).
    @inlinable public var isLifecycleEvidence: Bool { self != .text }

    /// True for the steps of a view's life a line can state (body to layout): what structured
    /// lines and user patterns may produce. `text` and `warning` come from the parser alone.
    @inlinable public var isLifecycleStep: Bool { self != .text && self != .warning && self != .hitch }

    /// Hashes the dense index: without it the standard library's `RawRepresentable` default
    /// hashes the raw string, which made every dictionary keyed on a kind (the update
    /// tracker's roots, per event) hash a string.
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(index)
    }
}
