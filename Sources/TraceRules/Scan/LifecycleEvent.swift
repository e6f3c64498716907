import TraceModel

/// One stored event as the rules see it, in input order: the columns rules read, names interned.
///
/// Every event of the trace but its `text` lines comes through; `followsText` says when some
/// came right before (for rules to which any other line ends a run of one view's body lines).
public struct LifecycleEvent {
    /// The event's row id in `events` (0 for events made outside a scan, as in tests).
    public var id: Int = 0
    /// The 1-based line in the source.
    public var line: Int
    /// Seconds since the epoch, when the line carried a time.
    public var ts: Double?
    public var kind: EventKind
    public var view: Symbol?
    /// The qualifier in `PlayButton DataModel init`: the view that owns the model.
    public var owner: Symbol?
    public var instance: Symbol?
    /// True when the line is `_printChanges()` or `_logChanges()` output.
    public var isPrintChanges: Bool
    /// True for an update an Instruments recording made (read as a `_printChanges()` line):
    /// without tokens it names no cause, where a printed line without tokens says `unchanged`.
    public var isRecorded = false
    /// For a `hitch`: which table and whose (`RecordedFacts`); empty otherwise.
    public var recorded: RecordedFacts = []
    /// The duration the line reported itself (structured lines' `ms=`).
    public var durationMilliseconds: Double?
    /// The `_printChanges()` tokens in printed order; empty for other lines.
    public var tokens: Tokens
    /// `@identity` is among the tokens: SwiftUI created the view's state storage anew.
    public var newIdentity: Bool
    /// `@self` is among the tokens: the view's value changed.
    public var newValue: Bool
    /// One or more text lines (lines no recogniser claimed) came right before this event.
    public var followsText: Bool
    /// The app launched again at this event (`Relaunch`): lifetimes before it are over.
    public var relaunch = false
    /// For a `warning` event: which SwiftUI warning, and the values its text carries.
    public var warning: Warning?
    /// How many times the line says the event happened (`multiplicities.count`, else 1). The
    /// scan's consumers hand such an event to the rules that many times (`implied` on the
    /// repeats), so every rule counts what the log counts.
    public var multiplicity = 1
    /// True on a repeat of an event that happened more than once: the same line again, told by
    /// its multiplicity rather than printed.
    public var implied = false
    /// The author's note after this event's line that what led up to it goes on without end
    /// (`endless_notes`): the note's line and what it says. It gives no count.
    public var endlessNote: (line: Int, words: EndlessNote.Words)?

    /// A SwiftUI runtime warning as the rules see it: a row of `warnings`, names interned.
    public struct Warning {
        /// Which warning.
        public var identifier: SwiftUIWarning.Identifier
        /// The type its text names (`warnings.type`).
        public var type: Symbol?
        /// The repeated ID of a duplicate-ID warning (`warnings.element_id`).
        public var elementID: Symbol?
        /// The attribute of an attribute-graph cycle.
        public var attribute: Int?

        /// Creates a warning.
        public init(identifier: SwiftUIWarning.Identifier, type: Symbol? = nil, elementID: Symbol? = nil, attribute: Int? = nil) {
            self.identifier = identifier
            self.type = type
            self.elementID = elementID
            self.attribute = attribute
        }
    }

    /// Creates an event.
    public init(
        line: Int, ts: Double? = nil, kind: EventKind, view: Symbol? = nil, owner: Symbol? = nil,
        instance: Symbol? = nil, isPrintChanges: Bool = false, durationMilliseconds: Double? = nil,
        tokens: Tokens = Tokens(), newIdentity: Bool = false, newValue: Bool = false, followsText: Bool = false,
        warning: Warning? = nil
    ) {
        self.line = line
        self.ts = ts
        self.kind = kind
        self.view = view
        self.owner = owner
        self.instance = instance
        self.isPrintChanges = isPrintChanges
        self.durationMilliseconds = durationMilliseconds
        self.tokens = tokens
        self.newIdentity = newIdentity
        self.newValue = newValue
        self.followsText = followsText
        self.warning = warning
    }
}

extension LifecycleEvent {
    /// The event again, as one of its repeats: implied, right after the last (no text between),
    /// and never a relaunch.
    var repeated: LifecycleEvent {
        var copy = self
        copy.implied = true
        copy.followsText = false
        copy.relaunch = false
        return copy
    }
}
