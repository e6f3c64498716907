import TraceModel

extension IdentityChurnRule {
    /// Identity resets read from `TraceProbe` lines, where they are facts rather than signs: a
    /// kept state token's deinit (`seen=1`, stored as `@ended`) ends an identity, a body with
    /// `identity=new` (`@identity` on a structured line) starts one. A view whose identity ended
    /// and then began again lost its `@State` in between, exactly; each start takes one end, so
    /// ten rows given new ids by `.id(UUID())` are ten resets and ten rows shown for the first
    /// time are none. As for the heuristic, a start counts only in an update a body began (a
    /// parent's `if` or `.id` gave the view a new identity), not one an appear or disappear
    /// began (a screen pushed again after a pop starts fresh by design).
    ///
    /// A probed view is left out of the heuristics: its instance numbers are tokens, not the
    /// ids a developer prints, and its findings are these.
    struct ExactResets {
        let ended: Symbol
        /// The views whose identities the probe reports.
        private(set) var probed: Set<Symbol> = []
        /// Per view: its identities ended and not yet followed by a new one (instance, line).
        private var pending: [Symbol: [(instance: Symbol?, line: Int)]] = [:]
        /// Per view, in order of its first reset: the resets, as (ended, began) instances and lines.
        private(set) var resets: [Symbol: [Reset]] = [:]
        private(set) var order: [Symbol] = []
        /// The latest event that was a body, appear or disappear was a body: the update under
        /// way is a body's (inits and deinits happen inside any update and leave it).
        private var inBodyUpdate = false

        struct Reset {
            let endedInstance: Symbol?
            let endedLine: Int
            let beganInstance: Symbol?
            let beganLine: Int
        }

        init(symbols: SymbolTable) {
            ended = symbols.intern(StructuredMessage.endedToken)
        }

        /// Takes `event`, whatever its origin; true when it is the probe's and the heuristics
        /// must not see it.
        mutating func observe(_ event: LifecycleEvent) -> Bool {
            let bodyUpdate = inBodyUpdate
            switch event.kind {
            // A `_printChanges()` line with `@identity` is the new view's own first body (the
            // probe's line for it follows), not the update's start: it leaves the state as is.
            case .body where event.isPrintChanges && event.newIdentity: break
            case .body: inBodyUpdate = true
            case .appear, .disappear: inBodyUpdate = false
            default: break
            }
            guard !event.isPrintChanges, let view = event.view else { return false }
            switch event.kind {
            case .body where event.newIdentity:
                probed.insert(view)
                guard var ends = pending[view], !ends.isEmpty else { return true }
                let end = ends.removeFirst()
                pending[view] = ends
                guard bodyUpdate else { return true }
                if resets[view] == nil { order.append(view) }
                resets[view, default: []].append(Reset(
                    endedInstance: end.instance, endedLine: end.line, beganInstance: event.instance, beganLine: event.line))
                return true
            case .`deinit` where event.owner == nil && event.tokens.last == ended:
                probed.insert(view)
                pending[view, default: []].append((event.instance, event.line))
                return true
            case .body, .appear, .disappear, .`init`, .`deinit`:
                return probed.contains(view) && event.owner == nil
            default:
                return false
            }
        }

        /// The findings, one per view reset at least once; fewer than `minRecreations` resets
        /// is a hint, as for the heuristic.
        func violations(minRecreations: Int, symbols: SymbolTable) -> [Violation] {
            order.map { view in
                let name = symbols[view]
                let list = resets[view] ?? []
                let pairs = list.prefix(5).map { "\($0.endedInstance.map { symbols[$0] } ?? "?") → \($0.beganInstance.map { symbols[$0] } ?? "?")" }
                let more = list.count > 5 ? ", …" : ""
                var message = "\(name)'s identity ended and a new one began \(list.count == 1 ? "once" : "\(list.count) times") "
                    + "(exact, from TraceProbe's state tokens: \(pairs.joined(separator: ", "))\(more)): "
                    + "its @State was created anew each time."
                if list.count < minRecreations {
                    message += " Reported as info: \(list.count == 1 ? "1 reset" : "\(list.count) resets") is below min_recreations (\(minRecreations))."
                }
                return Violation(
                    view: name, message: message, count: list.count,
                    lines: list.flatMap { [$0.endedLine, $0.beganLine] },
                    weight: list.count < minRecreations ? .hint : .full
                )
            }
        }
    }
}
