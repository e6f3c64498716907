/// Why a body evaluation (or an init) happened, as far as the log tells: the values of the
/// `causes.cause` column.
public enum Cause: String, CaseIterable, Sendable {
    /// The view's own `@State` (or `@Binding`, or an unnamed field `@<offset>`) changed: `_count`.
    case state
    /// An observed object the view holds changed: `_model`, `_viewModel`, `_store`.
    case observedObject = "observed_object"
    /// An environment value the view reads changed: `_env…`, `__environment…`.
    case environment
    /// An Observation dependency fired: `@dependencies`, or a key path such as `\Model.name`.
    case dependency
    /// The parent passed a new value (`@self` alone), or re-created the view (its init printed
    /// in the same update); `causes.parent_event_id` links the parent's evaluation when the log
    /// shows it.
    case parent
    /// A new identity (`@identity`): the view's state was created anew.
    case identity
    /// The log does not say (`X: unchanged.`, or a body print with nothing before it).
    case unknown

    /// The cause a changed dynamic property stands for, from its printed name.
    ///
    /// `_printChanges()` prints every dynamic property the same way (`_name`), so the kind is
    /// read from the name: the conventions SwiftUI code uses for environment values and
    /// observed objects, state otherwise. A name that fits none is state, the common case.
    public static func of(property name: String) -> Cause {
        if name == "@dependencies" || name.hasPrefix("\\") { return .dependency }
        let bare = name.drop { $0 == "_" }.lowercased()
        if bare.hasPrefix("env") || bare.contains("environment") { return .environment }
        let objectWords = ["model", "store", "object", "observed", "manager", "service", "coordinator", "controller", "session"]
        if objectWords.contains(where: { bare.contains($0) }) { return .observedObject }
        return .state
    }

    /// How a sentence names the cause: "state", "observed object", ...
    public var words: String {
        switch self {
        case .observedObject: "observed object"
        default: rawValue
        }
    }
}

/// How a parent link was found: the values of the `causes.basis` column.
public enum CauseBasis: String, Sendable, BitwiseCopyable {
    /// `_printChanges()` printed `@self` or `@identity`, and the parent is the nearest earlier
    /// evaluation of the same update that changed on its own (the top-down order SwiftUI prints in).
    case tokens
    /// The view's init was printed earlier in the same update: its parent re-created it.
    case `init`
    /// A body print (no tokens) after another evaluation of the same update, in top-down order.
    case order
    /// An init in an update that began with an appear and has no printed body: the appearing
    /// view's body made it.
    case appear
    /// An Instruments recording's Cause & Effect edge named the cause (`recorded_causes`).
    case recorded
}
