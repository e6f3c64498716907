import TraceModel

/// The detector behind `non_lazy_navigation_destination`: bursts of inits after a root, and when
/// their types are shown.
extension NonLazyNavigationDestinationRule {
    /// Inits in a burst right after a root's appear or body, shown (appear or body) late or never.
    ///
    /// A burst is the run of init lines right after a root's appear or body line, with no other
    /// lifecycle line between (text lines and lines without a view do not count), and (when
    /// timestamps tell) less than `min_delay_seconds` after it. A burst of fewer than
    /// `min_destinations` types can never make a finding and is forgotten when it ends; in any
    /// other, each init (of a type other than the root's, never shown before) waits, in a list
    /// per type, for that type's next appear or body: a destination's body runs only when it is
    /// pushed, while a child that is on screen prints one at once. When it comes, the
    /// destination was shown late if the root appeared again in between (the root's latest
    /// appear is after the burst's line) or if `min_delay_seconds` passed, and joins its root's
    /// list of late ones; otherwise it is dropped. What still waits at the end was never shown.
    ///
    /// Only view types count as destinations, so the coordinators the destinations create are
    /// not counted twice; that is known only at the end of the trace, so `finish` filters. The
    /// waiting and late destinations are in `SpilledLists` on file, not in memory (a trace of
    /// lists builds destinations all along): per type only the latest few are in memory, and
    /// `finish` reads one root's late destinations at a time.
    ///
    /// What `observe` changes is `@exclusivity(unchecked)`: a stored `var` of a class otherwise
    /// pays a dynamic exclusivity check on every access, a measurable share of the cost per
    /// event, and nothing here overlaps two accesses to one property.
    final class LateDestinations: Detector {
        private let minDestinations: Int
        private let minDelay: Double

        /// A destination of a burst: the init, the root line before it, and once decided how
        /// it was shown. Fixed-size, symbols as indexes, to wait on file.
        private struct Destination {
            var rootOrder: Int
            var rootLine: Int
            var root: Int32
            var rootIsAppear: Bool
            /// The type initialised.
            var view: Int32
            var order: Int
            var line: Int
            var hasTimestamp: Bool
            var ts: Double
            var shown = Shown.never
            /// For `Shown.later`: the seconds from the init to its appear or body.
            var seconds = 0.0
            /// Its burst made only values of its type, one per link of a list to one detail.
            var oneType = false
        }

        /// How a destination was shown; a waiting one is `never` until it is.
        private enum Shown: UInt8 { case never, afterRootAgain, later }

        /// One view type: the order of its latest appear (0 for none), whether destinations of
        /// its type wait for it to be shown (sparing most lines a look at the lists), and the
        /// latest of them (up to `heldWaiting`, the others on file).
        private struct ViewState {
            var lastAppear = 0
            /// It printed an appear or body line. A value of it made in a burst after that is no
            /// destination waiting to be shown for the first time: the type is a child in the
            /// hierarchy (on screen, or kept off it as a tab not selected: a destination's body
            /// runs only when it is pushed), or a destination already shown, which its first
            /// burst lists with how it was first shown.
            var shown = false
            var isAwaited = false
            var waiting: [Destination] = []
        }

        /// Waiting destinations a type holds in memory before they go to file: most types are
        /// shown again soon, and their few waiting ones never need the file.
        private static let heldWaiting = 32

        /// Lifecycle events seen so far: the order of the one at hand.
        @exclusivity(unchecked) private var order = 0
        /// The latest lifecycle line that is not an init; a burst's root when an appear or body.
        @exclusivity(unchecked) private var headIsRoot = false
        @exclusivity(unchecked) private var headOrder = 0
        @exclusivity(unchecked) private var headLine = 0
        @exclusivity(unchecked) private var headTimestamp: Double?
        @exclusivity(unchecked) private var headView: Symbol?
        @exclusivity(unchecked) private var headKind = EventKind.text
        /// The burst under way (its first `burstCount` entries; the array is reused), and its
        /// first `minDestinations` types.
        @exclusivity(unchecked) private var burst: [Destination] = []
        @exclusivity(unchecked) private var burstCount = 0
        @exclusivity(unchecked) private var burstTypes: [Int32] = []
        @exclusivity(unchecked) private var burstTypeCount = 0
        /// Per view symbol.
        @exclusivity(unchecked) private var views: [ViewState] = []
        /// The destinations waiting for type `t` to be shown beyond those in memory in list `2t`,
        /// the late ones of root `r` in list `2r + 1`: one file for both.
        private let destinations = SpilledLists<Destination>(blockCapacity: 32)

        init(minDestinations: Int, minDelay: Double) {
            self.minDestinations = minDestinations
            self.minDelay = minDelay
        }

        func observe(_ event: LifecycleEvent) {
            guard event.kind != .text, let view = event.view else { return }
            order += 1
            let index = view.index
            views.grow(toInclude: index, with: ViewState())
            switch event.kind {
            case .`init`:
                guard headIsRoot, let headView, view != headView, !views[index].shown else { return }
                if let timestamp = event.ts, let headTimestamp, !(timestamp - headTimestamp < minDelay) { return }
                let destination = Destination(
                    rootOrder: headOrder, rootLine: headLine, root: Int32(headView.index), rootIsAppear: headKind == .appear,
                    view: Int32(index), order: order, line: event.line, hasTimestamp: event.ts != nil, ts: event.ts ?? 0
                )
                if burstCount < burst.count { burst[burstCount] = destination } else { burst.append(destination) }
                burstCount += 1
                if burstTypeCount < minDestinations, !burstTypes[..<burstTypeCount].contains(Int32(index)) {
                    if burstTypeCount < burstTypes.count { burstTypes[burstTypeCount] = Int32(index) } else { burstTypes.append(Int32(index)) }
                    burstTypeCount += 1
                }
                return
            case .appear, .body:
                // The burst ends before its types can be shown: this line may show one.
                if burstCount > 0 { endBurst() }
                if views[index].isAwaited { shown(index, event.ts) }
                if event.kind == .appear { views[index].lastAppear = order }
                views[index].shown = true
                headIsRoot = true
            default:
                if burstCount > 0 { endBurst() }
                headIsRoot = false
            }
            headOrder = order
            headLine = event.line
            headTimestamp = event.ts
            headView = view
            headKind = event.kind
        }

        /// The burst under way ended: its inits wait for their types to be shown, if they are
        /// of enough types to make a finding (a subset of them never is, when too few).
        private func endBurst() {
            // A list of links to one detail type makes as many values of it as it has rows;
            // rows on screen print their body or appear at once, and drop out when they do.
            let oneType = burstTypeCount == 1 && burstCount >= minDestinations
            if burstTypeCount >= minDestinations || oneType {
                for position in 0 ..< burstCount {
                    burst[position].oneType = oneType
                    let view = Int(burst[position].view)
                    if views[view].waiting.count == Self.heldWaiting {
                        for destination in views[view].waiting { destinations.append(destination, to: 2 * view) }
                        views[view].waiting.clear()
                    }
                    views[view].waiting.append(burst[position])
                    views[view].isAwaited = true
                }
            }
            burstCount = 0
            burstTypeCount = 0
        }

        /// Calls `body` with each destination waiting for the view at `index`, and forgets them.
        private func takeWaiting(_ index: Int, _ body: (Destination) -> Void) {
            if destinations.count(of: 2 * index) > 0 {
                destinations.forEach(of: 2 * index, body)
                destinations.removeAll(of: 2 * index)
            }
            for destination in views[index].waiting { body(destination) }
            views[index].waiting.clear()
            views[index].isAwaited = false
        }

        /// The view at `index` appeared or printed a body at `timestamp`: its waiting
        /// destinations were shown, late or not.
        private func shown(_ index: Int, _ timestamp: Double?) {
            takeWaiting(index) { destination in
                var late = destination
                if views[Int(destination.root)].lastAppear > destination.rootOrder {
                    late.shown = .afterRootAgain
                } else if let timestamp, destination.hasTimestamp, timestamp - destination.ts >= minDelay {
                    late.shown = .later
                    late.seconds = timestamp - destination.ts
                } else {
                    return
                }
                destinations.append(late, to: 2 * Int(destination.root) + 1)
            }
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            if burstCount > 0 { endBurst() }
            let isView = views.indices.map { subjects.isView(at: $0) }
            for index in views.indices where views[index].isAwaited && isView[index] {
                takeWaiting(index) { destinations.append($0, to: 2 * Int($0.root) + 1) }
            }
            var found: [Violation] = []
            for root in views.indices where destinations.count(of: 2 * root + 1) > 0 {
                let bursts = self.bursts(of: root, isView: isView, symbols: subjects.symbols)
                if !bursts.isEmpty { found += violations(bursts, symbols: subjects.symbols) }
            }
            // A root's finding in the order of the roots' names, as one table sorted them.
            return found.sorted { $0.view! < $1.view! }
        }

        /// The bursts of `root` with late destinations of enough view types, in trace order.
        private func bursts(of root: Int, isView: [Bool], symbols: SymbolTable) -> [Burst] {
            // In trace order. A burst's inits follow its root with no other root between, so
            // each burst's destinations end up side by side.
            var late: [Destination] = []
            destinations.forEach(of: 2 * root + 1) { if isView[Int($0.view)] { late.append($0) } }
            late.sort { $0.order < $1.order }
            var bursts: [Burst] = []
            var start = 0
            while start < late.count {
                var end = start + 1
                while end < late.count, late[end].rootOrder == late[start].rootOrder { end += 1 }
                // A burst qualifies on its own; a root's qualifying bursts make one finding. A
                // burst of one type qualifies only once the type was shown late: values of one
                // type never shown may be rows that print only their init.
                let slice = late[start ..< end]
                let ofOneType = slice.count >= minDestinations && slice.allSatisfy { $0.oneType && $0.view == slice.first!.view }
                    && slice.contains { $0.shown != .never }
                if hasTypes(slice, minDestinations) || ofOneType {
                    let first = late[start]
                    bursts.append(Burst(
                        root: symbols.symbol(at: root), rootKind: first.rootIsAppear ? .appear : .body, rootLine: first.rootLine,
                        destinations: late[start ..< end].map {
                            Burst.Destination(view: symbols.symbol(at: Int($0.view)), line: $0.line, appearance: appearance($0))
                        }
                    ))
                }
                start = end
            }
            return bursts
        }

        private func appearance(_ destination: Destination) -> Appearance {
            switch destination.shown {
            case .never: .never
            case .afterRootAgain: .afterRootAgain
            case .later: .later(seconds: destination.seconds)
            }
        }

        /// True when `destinations` are of at least `minimum` types.
        private func hasTypes(_ destinations: ArraySlice<Destination>, _ minimum: Int) -> Bool {
            guard destinations.count >= minimum else { return false }
            var types: [Int32] = []
            for destination in destinations where !types.contains(destination.view) {
                types.append(destination.view)
                if types.count >= minimum { return true }
            }
            return types.count >= minimum
        }
    }
}
