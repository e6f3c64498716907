import TraceModel

extension LifecycleEvent {
    /// A parsed event as the rules see it, straight from the parser rather than read back from
    /// the store: what `TraceScanner` makes of the same event once it is stored.
    ///
    /// Names are interned in the order the scan interns them (view, owner, instance, tokens,
    /// then the warning's names), so a live run's symbols are the stored scan's. `followsText`
    /// is the caller's to say: whether text lines came since the previous event it converted.
    /// A `text` event is not for the rules; callers skip it (and note that text came).
    public init(_ event: borrowing Event, followsText: Bool, symbols: SymbolTable) {
        self = withUnsafePointer(to: event) { LifecycleEvent(at: $0, followsText: followsText, symbols: symbols) }
    }

    /// The same, reading the event where it lies: field by field, since passing `pointee` on
    /// would copy the whole event (a retain and a release of each of its strings). The table is
    /// borrowed: an initializer's parameters are otherwise passed owned, a retain per event.
    init(at event: UnsafePointer<Event>, followsText: Bool, symbols: borrowing SymbolTable) {
        self.init(line: event.pointee.line, ts: event.pointee.envelope.timestamp, kind: event.pointee.kind)
        self.followsText = followsText
        // `if let` rather than `map(symbols.intern)`: a method passed as a closure captures
        // the table, a retain and a release per name.
        if let name = event.pointee.view { view = symbols.intern(name) }
        if let name = event.pointee.owner { owner = symbols.intern(name) }
        if let name = event.pointee.instance { instance = symbols.internInstance(name) }
        // A pattern, not `==`: the synthesized `==` of another module's enum is a call, two per event.
        switch event.pointee.origin {
        case .printChanges: (isPrintChanges, isRecorded) = (true, false)
        case .instruments: (isPrintChanges, isRecorded) = (true, true)
        default: (isPrintChanges, isRecorded) = (false, false)
        }
        durationMilliseconds = event.pointee.durationMs
        recorded = event.pointee.recorded
        multiplicity = Int(event.pointee.multiplicity)
        if let note = event.pointee.endlessNote { endlessNote = (line: line + Int(note.distance), words: note.words) }
        if !event.pointee.tokens.isEmpty {
            for token in event.pointee.tokens { append(token: symbols.intern(token), symbols: symbols) }
        }
        // Stored only when its text parses, as `EventWriter` stores it. The kind first: asking
        // any event for its warning copies the whole event.
        if event.pointee.kind == .warning, let warning = event.pointee.warning {
            self.warning = Warning(
                identifier: warning.identifier,
                type: warning.type.map(symbols.intern),
                elementID: warning.elementID.map(symbols.intern),
                attribute: warning.attribute
            )
        }
    }

    /// Adds the next `_printChanges()` token, noting `@identity` and `@self` as they come.
    @inline(__always) mutating func append(token: Symbol, symbols: SymbolTable) {
        tokens.append(token)
        if token == symbols.identityToken { newIdentity = true }
        if token == symbols.selfToken { newValue = true }
    }
}
