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
        self.init(line: event.line, ts: event.envelope.timestamp, kind: event.kind)
        self.followsText = followsText
        view = event.view.map(symbols.intern)
        owner = event.owner.map(symbols.intern)
        instance = event.instance.map(symbols.internInstance)
        isPrintChanges = event.origin == .printChanges
        durationMilliseconds = event.durationMs
        for token in event.tokens { append(token: symbols.intern(token), symbols: symbols) }
        // Stored only when its text parses, as `EventWriter` stores it.
        if let warning = event.warning {
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
