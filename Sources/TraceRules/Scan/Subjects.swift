import TraceModel

/// Per type of the trace, how often each lifecycle step happened, and whether the type looks
/// like a SwiftUI view, counted during the one scan.
///
/// A type is taken for a view when SwiftUI evaluated or showed it (a body, appear or disappear
/// line), when `TraceProbe` reported the death of its state token, or when it is named `…View` and never deinitialises: views are values, only objects
/// print `deinit`. Everything else (coordinators, models, services) is an object.
public struct Subjects {
    /// The names the counts are indexed by.
    public let symbols: SymbolTable
    private var counts: [Counts] = []

    /// The lifecycle steps of one type.
    public struct Counts: Sendable, Equatable {
        /// Every event naming the type, whatever its kind.
        public var events = 0
        public var inits = 0
        public var deinits = 0
        public var bodies = 0
        /// Body lines that began a new identity (`@identity`, a probe's `identity=new`).
        public var identities = 0
        public var appears = 0
        public var disappears = 0
        /// Deinits of the type's `TraceProbe` state tokens (kept or discarded): only a view has them.
        public var stateTokens = 0
    }

    /// Creates empty counts over `symbols`.
    public init(symbols: SymbolTable) {
        self.symbols = symbols
    }

    /// Counts `event` against its view.
    @inline(__always) public mutating func count(_ event: LifecycleEvent) {
        guard let view = event.view else { return }
        counts.grow(toInclude: view.index, with: Counts())
        counts[view.index].events += 1
        switch event.kind {
        case .`init`: counts[view.index].inits += 1
        case .`deinit`:
            counts[view.index].deinits += 1
            // Only a probe's state token's deinit carries tokens (`@ended`, `@discarded`).
            if !event.tokens.isEmpty { counts[view.index].stateTokens += 1 }
        case .body:
            counts[view.index].bodies += 1
            if event.newIdentity { counts[view.index].identities += 1 }
        case .appear: counts[view.index].appears += 1
        case .disappear: counts[view.index].disappears += 1
        case .task, .layout, .text, .warning, .hitch: break
        }
    }

    /// The counts of `view`; zeros for a name never seen as a view.
    public subscript(_ view: Symbol) -> Counts {
        view.index < counts.count ? counts[view.index] : Counts()
    }

    /// True when `view` looks like a SwiftUI view rather than an object.
    public func isView(_ view: Symbol) -> Bool {
        let counts = self[view]
        return counts.bodies + counts.appears + counts.disappears + counts.stateTokens > 0
            || (view.endsWithView && counts.deinits == 0)
    }

    /// True when `view` named an event's view: a type of the trace (a name seen only as an owner
    /// or token is not one).
    public func contains(_ view: Symbol) -> Bool { self[view].events > 0 }

    /// True when `view` is a type of the trace that does not look like a view: an object.
    public func isObject(_ view: Symbol) -> Bool { contains(view) && !isView(view) }

    /// `isView` for the symbol at `index`, for rules that keep symbols as indexes.
    public func isView(at index: Int) -> Bool { isView(symbols.symbol(at: index)) }

    /// `isObject` for the symbol at `index`.
    public func isObject(at index: Int) -> Bool { isObject(symbols.symbol(at: index)) }
}
