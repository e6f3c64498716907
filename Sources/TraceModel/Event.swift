/// One input line, understood: the unit stored as a row of `events`.
public struct Event: Sendable, Equatable {
    /// The 1-based line number in the source where the event starts.
    public var line: Int
    /// What happened.
    public var kind: EventKind
    /// The view (or object) type the line is about; nil for `text`.
    public var view: String?
    /// The qualifier in `PlayButton DataModel init`: the type that owns `view`.
    public var owner: String?
    /// An instance token: an address, a UUID, `#n` or an `id=` value.
    public var instance: String?
    /// Which recogniser matched.
    public var origin: Origin
    /// The message without its envelope, verbatim.
    public var message: String
    /// `_printChanges` tokens in printed order (`@self`, `@identity`, `_count`, ...).
    public var tokens: [String]
    /// The wrapper's fields.
    public var envelope: Envelope
    /// How long an init took, in milliseconds, when the line says so.
    public var durationMs: Double?
    /// The SwiftUI runtime warning a `warning` event holds; nil for every other kind.
    public var warning: SwiftUIWarning? {
        get { warningBox?.value }
        set { warningBox = newValue.map(WarningBox.init) }
    }
    /// Boxed: events are copied along the whole pipeline and almost none is a warning, so the
    /// warning costs them one pointer rather than its fifty-odd bytes.
    private var warningBox: WarningBox?

    /// Creates an event.
    public init(
        line: Int,
        kind: EventKind,
        view: String? = nil,
        owner: String? = nil,
        instance: String? = nil,
        origin: Origin,
        message: String,
        tokens: [String] = [],
        envelope: Envelope = .plain,
        durationMs: Double? = nil,
        warning: SwiftUIWarning? = nil
    ) {
        self.line = line
        self.kind = kind
        self.view = view
        self.owner = owner
        self.instance = instance
        self.origin = origin
        self.message = message
        self.tokens = tokens
        self.envelope = envelope
        self.durationMs = durationMs
        self.warningBox = warning.map(WarningBox.init)
    }
}

/// A warning on the heap, compared by value.
private final class WarningBox: Sendable, Equatable {
    let value: SwiftUIWarning

    init(_ value: SwiftUIWarning) {
        self.value = value
    }

    static func == (lhs: WarningBox, rhs: WarningBox) -> Bool { lhs.value == rhs.value }
}
