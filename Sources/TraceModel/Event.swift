/// One input line, understood: the unit stored as a row of `events`.
public struct Event: Sendable, Equatable {
    /// The 1-based line number in the source where the event starts.
    public var line: Int
    /// What happened.
    public var kind: EventKind
    /// For a `hitch`: which table and whose (`RecordedFacts`); empty otherwise. One byte beside
    /// `kind`, in padding that was there already.
    public var recorded: RecordedFacts = []
    /// The author's note right after the event's line that what led up to it goes on without
    /// end (`…forever`, `(and so on, until the watchdog kills it)`; `EndlessNote`); nil on
    /// nearly every event. Two bytes, in the same padding as `recorded`.
    public var endlessNote: EndlessNote.Mark?
    /// How many times the line says the event happened (`Multiplicity`): 1 unless a multiplier
    /// (`(×3)`), a counter's step (`body: 61` then `body: 94`) or a repetition line after it
    /// (`last message repeated 4 times`) says more; 0 for a body print next to the
    /// `_printChanges` line of the same evaluation (`Card body` beside `Card: _n changed.`),
    /// which the rules count once. 32 bits, beside `kind`: it fills padding there, where a
    /// full word made every event, copied all along the pipeline, larger.
    public var multiplicity: Int32 = 1
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

    /// Holds nothing. It gives the compiler's memberwise initialiser a label of its own, so
    /// that `init` below can call it: the memberwise one builds an event in place, where a
    /// hand-written one built it in a temporary and copied it out, retaining and releasing
    /// every string of every event once more (a twentieth of the parse).
    private var inPlace = InPlace()

    /// The SwiftUI runtime warning of a `warning` event, read again from its message; nil for
    /// every other kind.
    ///
    /// Computed rather than stored: events are copied all along the pipeline and almost none
    /// is a warning, and a stored field cost every one of them (a twentieth of an ingest's
    /// instructions); reading a rare warning's text twice costs nothing that shows.
    public var warning: SwiftUIWarning? {
        guard kind == .warning else { return nil }
        var text = message
        // A warning the console wrapped keeps its lines in the message, as printed.
        return text.withUTF8 { SwiftUIWarning.parse(UnsafeRawBufferPointer($0)) } ?? SwiftUIWarning.parseWrapped(message)
    }
}

extension Event {
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
        multiplicity: Int32 = 1,
        recorded: RecordedFacts = []
    ) {
        self.init(
            line: line, kind: kind, recorded: recorded, multiplicity: multiplicity, view: view, owner: owner, instance: instance, origin: origin,
            message: message, tokens: tokens, envelope: envelope, durationMs: durationMs, inPlace: InPlace()
        )
    }
}

/// The empty value of `Event.inPlace`.
struct InPlace: Sendable, Equatable {}
