import TraceModel

extension IdentityChurnRule {
    /// Identity resets read from `TraceProbe` lines, where they are facts rather than signs: a
    /// kept state token's deinit (`seen=1`, stored as `@ended`) ends an identity, a body with
    /// `identity=new` (`@identity` on a structured line) starts one. A view whose identity ended
    /// and then began again lost its `@State` in between, exactly; each start takes one end, so
    /// ten rows given new ids by `.id(UUID())` are ten resets and ten rows shown for the first
    /// time are none. As for the heuristic, a start counts only in an update another view's
    /// body began (a parent's `if` or `.id` gave the view a new identity): that body came after
    /// the last appear and, when lines carry times, within `max_update_seconds`. A screen pushed
    /// again after a pop starts fresh by design, in an update no parent body began.
    ///
    /// A probed view is left out of the heuristics: its instance numbers are tokens, not the
    /// ids a developer prints, and its findings are these.
    ///
    /// Memory stays flat however long the trace: per view at most `maxPending` ended identities
    /// wait for a new one (the oldest go first: a reset follows its end within an update), and a
    /// finding keeps its count exact but cites the first `maxEvidence` resets.
    struct ExactResets {
        let ended: Symbol
        /// The views whose identities the probe reports.
        private(set) var probed: Set<Symbol> = []
        /// Per view: its identities ended and not yet followed by a new one (instance, line, and
        /// `bodies` when it ended).
        private var pending: [Symbol: [(instance: Symbol?, line: Int, bodies: Int)]] = [:]
        /// Per view: its identities begun and not ended. A new one after an earlier update's end
        /// was shown again only if none is left; beside others, it was added (a row appended
        /// after another was removed), and that end was a removal, not a place it took.
        private var alive: [Symbol: Int] = [:]
        /// Body lines that began no identity, counted: one after an end begins a later update, so
        /// a new identity after it was shown again after its removal (an `if` branch, a sheet
        /// presented again), not put in the place of one on screen.
        private var bodies = 0
        /// Per view, in order of its first: the identities that began after every earlier one
        /// ended, in a later update.
        private(set) var reinsertions: [Symbol: Resets] = [:]
        private(set) var reinsertionOrder: [Symbol] = []
        /// The verdicts given, by event id (the detector's, shared with its heuristics).
        let marks: SpilledArray<IdentityMark>
        /// Per view: new identities of the update under way that no end preceded: SwiftUI may
        /// evaluate the new identity's body before it releases the old one's state (`.id(UUID())`
        /// rows), so an end later in the same update takes one. Dropped when the next update
        /// begins (a body after the update's appears), as a first-time row has no end to take.
        /// Each start keeps the view whose body began its update: once that parent's own identity
        /// ends, the hierarchy under it is being torn down, and its children's ends replace nothing.
        private var unmatchedStarts: [Symbol: [(instance: Symbol?, line: Int, event: Int, parent: Symbol?)]] = [:]
        private var appearedSinceStarts = false
        /// Per view, in order of its first reset: the resets summed up.
        private(set) var resets: [Symbol: Resets] = [:]
        static let maxPending = 256
        static let maxEvidence = 100
        private(set) var order: [Symbol] = []
        /// The latest body lines of the two views that printed one last (`latestBody` the most
        /// recent; the two name different views), with their times; emptied at an appear, which
        /// starts an update of its own, unless it is the appear of the view whose new identity
        /// came last (part of the same update). Two fields rather than an array: every body
        /// line of the trace updates them.
        private var latestBody: (view: Symbol, ts: Double?)?
        private var bodyBefore: (view: Symbol, ts: Double?)?
        private var lastNewIdentity: Symbol?
        private let maxUpdateSeconds: Double

        /// One view's resets: how many, the first few (ended, began) instances, and the lines
        /// of the first `maxEvidence` (each ended token's deinit, then the new identity's body).
        struct Resets {
            var count = 0
            var pairs: [(ended: Symbol?, began: Symbol?)] = []
            var lines: [Int] = []
        }

        init(symbols: SymbolTable, maxUpdateSeconds: Double, marks: SpilledArray<IdentityMark>) {
            ended = symbols.intern(StructuredMessage.endedToken)
            self.maxUpdateSeconds = maxUpdateSeconds
            self.marks = marks
        }

        /// True when a body of a view other than `view` began the update `event` belongs to.
        private func parentBodyBegan(_ event: LifecycleEvent, of view: Symbol) -> Bool {
            guard let parent = parentBody(of: view) else { return false }
            guard let now = event.ts, let then = parent.ts else { return true }
            return now - then <= maxUpdateSeconds
        }

        /// The latest body of a view other than `view`: the parent whose update is under way.
        private func parentBody(of view: Symbol) -> (view: Symbol, ts: Double?)? {
            latestBody?.view != view ? latestBody : bodyBefore
        }

        /// Notes a body or appear line, whatever its origin.
        private mutating func note(_ event: LifecycleEvent) {
            switch event.kind {
            // A `_printChanges()` line with `@identity` is the new view's own first body (the
            // probe's line for it follows), not its update's start.
            case .body where event.isPrintChanges && event.newIdentity: lastNewIdentity = event.view
            case .body:
                guard let view = event.view else { return }
                if event.newIdentity { lastNewIdentity = view } else { bodies += 1 }
                if !event.newIdentity && appearedSinceStarts {
                    // The next update: new identities of the last one that no end took were new places.
                    unmatchedStarts.removeAll(keepingCapacity: true)
                    appearedSinceStarts = false
                } else if !event.newIdentity && !unmatchedStarts.isEmpty {
                    // The parent whose body began their update evaluates again: the next update,
                    // though nothing appeared (rows made under a pushed screen appear at its pop).
                    dropStarts(under: view)
                }
                if latestBody?.view == view {
                    latestBody!.ts = event.ts
                } else {
                    bodyBefore = latestBody
                    latestBody = (view, event.ts)
                }
            case .appear where event.view != nil && event.view == lastNewIdentity: appearedSinceStarts = true
            case .appear:
                appearedSinceStarts = true
                latestBody = nil
                bodyBefore = nil
            default: break
            }
        }

        /// Takes `event`, whatever its origin; true when it is the probe's and the heuristics
        /// must not see it.
        mutating func observe(_ event: LifecycleEvent) -> Bool {
            // The update's start is read before this line counts as a body of its own.
            defer { note(event) }
            guard !event.isPrintChanges, let view = event.view else { return false }
            switch event.kind {
            case .body where event.newIdentity:
                probed.insert(view)
                if alive[view, default: 0] > 0, let ends = pending[view], ends.contains(where: { $0.bodies < bodies }) {
                    // Ends of earlier updates while others of the view stayed: siblings removed
                    // (a row deleted), whose places nothing took.
                    pending[view] = ends.filter { $0.bodies == bodies }
                }
                alive[view, default: 0] += 1
                guard var ends = pending[view], !ends.isEmpty else {
                    if parentBodyBegan(event, of: view) {
                        var starts = unmatchedStarts.removeValue(forKey: view) ?? []
                        if starts.count == Self.maxPending { starts.removeFirst() }
                        starts.append((event.instance, event.line, event.id, parentBody(of: view)?.view))
                        unmatchedStarts[view] = starts
                    }
                    return true
                }
                let end = ends.removeFirst()
                pending[view] = ends
                guard parentBodyBegan(event, of: view) else { return true }
                if end.bodies < bodies {
                    count(into: &reinsertions, order: &reinsertionOrder, view, ended: (end.instance, end.line), began: (event.instance, event.line))
                    marks.append(IdentityMark(event: event.id, kind: .reinserted))
                } else {
                    reset(view, ended: (end.instance, end.line), began: (event.instance, event.line))
                    marks.append(IdentityMark(event: event.id, kind: .reset))
                }
                return true
            case .`deinit` where event.owner == nil && event.tokens.last == ended:
                probed.insert(view)
                alive[view] = max(0, alive[view, default: 0] - 1)
                if !unmatchedStarts.isEmpty { dropStarts(under: view) }
                if var starts = unmatchedStarts[view], !starts.isEmpty {
                    // An identity that began in this update and ends is no replacement; another is.
                    if let own = starts.firstIndex(where: { $0.instance != nil && $0.instance == event.instance }) {
                        starts.remove(at: own)
                        unmatchedStarts[view] = starts
                    } else {
                        let start = starts.removeFirst()
                        unmatchedStarts[view] = starts
                        reset(view, ended: (event.instance, event.line), began: (start.instance, start.line))
                        marks.append(IdentityMark(event: start.event, kind: .reset))
                        return true
                    }
                }
                var ends = pending.removeValue(forKey: view) ?? []
                if ends.count == Self.maxPending { ends.removeFirst() }
                ends.append((event.instance, event.line, bodies))
                pending[view] = ends
                return true
            case .body, .appear, .disappear, .`init`, .`deinit`:
                return probed.contains(view) && event.owner == nil
            default:
                return false
            }
        }

        /// Forgets the new identities whose update `parent` began: its identity ended, so the
        /// ends that follow are its subtree's teardown (a sheet dismissed, the app's end), not
        /// identities replaced; or it evaluates again, so their update is over.
        private mutating func dropStarts(under parent: Symbol) {
            for (view, starts) in unmatchedStarts where starts.contains(where: { $0.parent == parent }) {
                unmatchedStarts[view] = starts.filter { $0.parent != parent }
            }
        }

        /// Counts a reset of `view`: the identity `ended` and the one that `began` in its place.
        private mutating func reset(_ view: Symbol, ended end: (instance: Symbol?, line: Int), began start: (instance: Symbol?, line: Int)) {
            count(into: &resets, order: &order, view, ended: end, began: start)
        }

        /// Counts a pair of `view`'s identities, the one `ended` and the one that `began` after
        /// it, in `list`, whose views are kept in `order`.
        private func count(
            into list: inout [Symbol: Resets], order: inout [Symbol], _ view: Symbol,
            ended end: (instance: Symbol?, line: Int), began start: (instance: Symbol?, line: Int)
        ) {
            if list[view] == nil { order.append(view) }
            var summary = list.removeValue(forKey: view) ?? Resets()
            summary.count += 1
            if summary.pairs.count < 5 { summary.pairs.append((end.instance, start.instance)) }
            if summary.count <= Self.maxEvidence { summary.lines += [min(end.line, start.line), max(end.line, start.line)] }
            list[view] = summary
        }

        /// The findings, one per view reset at least once; fewer than `minRecreations` resets
        /// is a hint, as for the heuristic.
        func violations(minRecreations: Int, symbols: SymbolTable) -> [Violation] {
            resetViolations(minRecreations: minRecreations, symbols: symbols)
                + reinsertionOrder.filter { resets[$0] == nil }.map { view in
                    let name = symbols[view]
                    let list = reinsertions[view] ?? Resets()
                    let once = list.count == 1
                    var message = "\(name) was removed and shown again \(once ? "once" : "\(list.count) times") "
                        + "(exact, from TraceProbe's state tokens: each identity ended in an update before the next began): "
                        + "each a new lifetime whose @State started over, as an `if`/`else` branch shown again or a sheet or "
                        + "screen presented again does; nothing on screen lost its state."
                    if list.count < minRecreations {
                        message += " Reported as info: \(once ? "1 re-insertion" : "\(list.count) re-insertions") is below min_recreations (\(minRecreations))."
                    }
                    var violation = Violation(
                        view: name, message: message, count: list.count, lines: list.lines.sorted(),
                        weight: list.count < minRecreations ? .hint : .lowered
                    )
                    // Each a new lifetime the code asked for, as the heuristic's re-insertions: no waste.
                    violation.waste = 0
                    return violation
                }
        }

        private func resetViolations(minRecreations: Int, symbols: SymbolTable) -> [Violation] {
            order.map { view in
                let name = symbols[view]
                let list = resets[view] ?? Resets()
                let pairs = list.pairs.map { "\($0.ended.map { symbols[$0] } ?? "?") → \($0.began.map { symbols[$0] } ?? "?")" }
                let more = list.count > list.pairs.count ? ", …" : ""
                var message = "\(name)'s identity ended and a new one began \(list.count == 1 ? "once" : "\(list.count) times") "
                    + "(exact, from TraceProbe's state tokens: \(pairs.joined(separator: ", "))\(more)): "
                    + "its @State was created anew each time."
                if list.count < minRecreations {
                    message += " Reported as info: \(list.count == 1 ? "1 reset" : "\(list.count) resets") is below min_recreations (\(minRecreations))."
                }
                return Violation(
                    view: name, message: message, count: list.count,
                    lines: list.lines.sorted(),
                    weight: list.count < minRecreations ? .hint : .full
                )
            }
        }
    }
}
