/// The sweep behind `unstable_view_value`: parent updates, and what each showed of each child.
extension UnstableViewValueRule {
    /// Delimits updates as `identity_churn` does and keeps, per root and child, what the
    /// child did in the root's updates.
    ///
    /// An update starts at a `_printChanges()` line with neither `@identity` nor `@self`: a
    /// view re-evaluated for its own state (the root; its tokens are the cause). The body lines
    /// after it belong to it until the next such line, an appear/disappear (printed once the
    /// update is committed), or, when timestamps tell, `max_update_seconds` after it.
    struct UpdateSweep {
        private struct Update {
            let root: Symbol
            /// The root's tokens as printed: why it re-ran.
            let cause: Tokens
            let line: Int
            let ts: Double?
            /// The root's updates so far, this one included.
            let number: Int
        }

        /// One child in the current update.
        private struct Member {
            var child: Symbol
            var lines: [Int] = []
            var valueOnly = true
            var newIdentity = false
        }

        private let maxUpdateSeconds: Double
        private var current: Update?
        /// The current update's children in order of first sight: the first `memberCount` entries,
        /// reused from update to update so their line arrays keep their storage.
        private var members: [Member] = []
        private var memberCount = 0
        /// Per view symbol, its entry in `members` in the current update, or -1.
        private var memberSlot: [Int] = []
        private var updatesPerRoot: [Int] = []
        private var pairIndex: [PairKey: Int] = [:]
        private(set) var pairs: [Pair] = []
        private let selfToken: Symbol

        private struct PairKey: Hashable {
            let root: Symbol
            let child: Symbol
        }

        init(maxUpdateSeconds: Double, selfToken: Symbol) {
            self.maxUpdateSeconds = maxUpdateSeconds
            self.selfToken = selfToken
        }

        /// A `_printChanges()` line of `event.view`.
        mutating func body(view: Symbol, _ event: LifecycleEvent) {
            guard event.newIdentity || event.newValue else {
                endUpdate()
                updatesPerRoot.grow(toInclude: view.index, with: 0)
                updatesPerRoot[view.index] += 1
                let number = updatesPerRoot[view.index]
                current = Update(root: view, cause: event.tokens, line: event.line, ts: event.ts, number: number)
                return
            }
            guard let current, view != current.root else { return }
            if let ts = event.ts, let start = current.ts, ts - start > maxUpdateSeconds { return endUpdate() }
            let slot = self.slot(of: view)
            let valueOnly = event.tokens.count == 1 && event.tokens[0] == selfToken
            members[slot].lines.append(event.line)
            members[slot].valueOnly = members[slot].valueOnly && valueOnly
            members[slot].newIdentity = members[slot].newIdentity || event.newIdentity
        }

        /// `view`'s entry in the current update, made on first sight.
        private mutating func slot(of view: Symbol) -> Int {
            memberSlot.grow(toInclude: view.index, with: -1)
            if memberSlot[view.index] >= 0 { return memberSlot[view.index] }
            if memberCount == members.count {
                members.append(Member(child: view))
            } else {
                members[memberCount].child = view
                members[memberCount].lines.removeAll(keepingCapacity: true)
                members[memberCount].valueOnly = true
                members[memberCount].newIdentity = false
            }
            memberSlot[view.index] = memberCount
            memberCount += 1
            return memberCount - 1
        }

        /// Ends the current update, if any, and files what it showed of each child.
        mutating func endUpdate() {
            defer {
                current = nil
                for member in members[..<memberCount] { memberSlot[member.child.index] = -1 }
                memberCount = 0
            }
            guard let current else { return }
            for member in members[..<memberCount] {
                let child = member.child
                let key = PairKey(root: current.root, child: child)
                let index: Int
                if let known = pairIndex[key] {
                    index = known
                } else {
                    index = pairs.count
                    pairIndex[key] = index
                    pairs.append(Pair(root: current.root, child: child))
                }
                pairs[index].add(
                    update: current.number, cause: current.cause, rootLine: current.line,
                    lines: member.lines, valueOnly: member.valueOnly, newIdentity: member.newIdentity
                )
            }
        }
    }

    /// What one root's updates showed of one child.
    struct Pair {
        let root: Symbol
        let child: Symbol
        /// The causes after which the child re-ran by `@self` alone, in order of first sight.
        private(set) var causes: [Tokens] = []
        /// Updates in which it re-ran by `@self` alone.
        private(set) var reruns = 0
        /// Updates of the root it sat out between two of its own, within one lifetime.
        private(set) var skipped = 0
        /// The root's and the child's lines of the first such update per cause.
        private(set) var lines: [Int] = []
        private var lastUpdate: Int?

        init(root: Symbol, child: Symbol) {
            self.root = root
            self.child = child
        }

        mutating func add(update: Int, cause: Tokens, rootLine: Int, lines: [Int], valueOnly: Bool, newIdentity: Bool) {
            // Updates sat out before a new identity fall outside the child's lifetime.
            if !newIdentity, let lastUpdate { skipped += update - lastUpdate - 1 }
            lastUpdate = update
            guard valueOnly else { return }
            reruns += 1
            if !causes.contains(cause) {
                causes.append(cause)
                self.lines += [rootLine] + lines
            }
        }
    }
}
