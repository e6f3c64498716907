/// Which recogniser turned a message into an event; stored in `events.origin`.
public enum Origin: Sendable, Equatable, Hashable {
    /// `Self._printChanges()` or `Self._logChanges()` output.
    case printChanges
    /// A free-form developer print such as `FirstView init`.
    case lifecycle
    /// The documented structured line format.
    case structured
    /// One of SwiftUI's own runtime warnings, from the table of known texts.
    case swiftUIWarning
    /// A user pattern from the configuration file, by name.
    case pattern(String)
    /// Nothing recognised the message; it is kept verbatim.
    case text
    /// Nothing recognised the message, but it looks like a lifecycle print (`LifecycleLookalike`):
    /// a `text` event that reports show, so the user can write a pattern for it.
    case lookalike
    /// A row of an Instruments recording (`xctrace export` XML), read by `InstrumentsReader`.
    case instruments

    /// The value stored in `events.origin`.
    public var storedValue: String {
        switch self {
        case .printChanges: "print_changes"
        case .lifecycle: "lifecycle"
        case .structured: "structured"
        case .swiftUIWarning: "swiftui_warning"
        case .pattern(let name): "pattern:" + name
        case .text: "text"
        case .lookalike: "lookalike"
        case .instruments: "instruments"
        }
    }
}
