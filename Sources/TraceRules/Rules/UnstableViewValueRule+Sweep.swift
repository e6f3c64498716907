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
        /// Plain values only (the cause is kept apart), so that reading and clearing the current
        /// update per body line copies bytes, not a reference to count.
        private struct Update {
            let root: Symbol
            let line: Int
            let ts: Double?
            /// The root's updates so far, this one included.
            let number: Int
        }

        /// One child in the current update.
        private struct Member {
            var child: Symbol
            var lines: [Int] = []
            /// One of its lines (one row of several, say) re-ran by `@self` alone: a new row
            /// beside it, with its `@identity`, leaves that one's re-run what it was.
            var valueOnly = false
            var newIdentity = false
        }

        private let maxUpdateSeconds: Double
        private var current: Update?
        /// The current update's root's tokens as printed: why it re-ran.
        private var cause = Tokens()
        /// The current update's children in order of first sight: the first `memberCount` entries,
        /// reused from update to update so their line arrays keep their storage.
        private var members: [Member] = []
        private var memberCount = 0
        /// Per view symbol, its entry in `members` in the current update, or -1.
        private var memberSlot: [Int] = []
        private var updatesPerRoot: [Int] = []
        /// Per root and child (`root << 32 | child`, symbol indexes), the index in `pairs`.
        private var pairIndex: [UInt64: Int32] = [:]
        /// Every root and child met, in order of first sight.
        private(set) var pairs: [Pair] = []
        /// Per pair still in the running (`Pair.isOut` false) that re-ran by `@self` alone: the
        /// causes it did so after, in order of first sight. A pair out of the running drops them.
        private(set) var causes: [Int32: [Tokens]] = [:]
        /// The lines of the first update per cause (see `add`), as `(pair, line)` records in
        /// list 0: on file, read back once in `finish` for the pairs that qualify.
        let lines = SpilledLists<PairLine>()
        private let selfToken: Symbol

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
                current = Update(root: view, line: event.line, ts: event.ts, number: number)
                cause = event.tokens
                return
            }
            guard let current, view != current.root else { return }
            if let ts = event.ts, let start = current.ts, ts - start > maxUpdateSeconds { return endUpdate() }
            let slot = self.slot(of: view)
            let valueOnly = event.tokens.count == 1 && event.tokens[0] == selfToken
            members[slot].lines.append(event.line)
            members[slot].valueOnly = members[slot].valueOnly || valueOnly
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
                members[memberCount].lines.clear()
                members[memberCount].valueOnly = false
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
                // By index: a member copied out is its line array retained.
                for index in 0 ..< memberCount { memberSlot[members[index].child.index] = -1 }
                memberCount = 0
            }
            guard let current else { return }
            for member in members[..<memberCount] {
                let child = member.child
                let key = UInt64(current.root.index) << 32 | UInt64(child.index)
                let index: Int
                if let known = pairIndex[key] {
                    index = Int(known)
                } else {
                    index = pairs.count
                    pairIndex[key] = Int32(index)
                    pairs.append(Pair(root: current.root, child: child))
                }
                add(
                    to: index, update: current.number, cause: cause, rootLine: current.line,
                    lines: member.lines, valueOnly: member.valueOnly, newIdentity: member.newIdentity
                )
            }
        }

        /// Files one update of a pair's root in which its child printed `lines`.
        private mutating func add(to index: Int, update: Int, cause: Tokens, rootLine: Int, lines: [Int], valueOnly: Bool, newIdentity: Bool) {
            guard !pairs[index].isOut else { return }
            // Updates sat out before a new identity fall outside the child's lifetime; one sat
            // out within it is enough to rule the pair out for good.
            if !newIdentity, pairs[index].lastUpdate > 0, update - Int(pairs[index].lastUpdate) > 1 {
                pairs[index].isOut = true
                causes[Int32(index)] = nil
                return
            }
            pairs[index].lastUpdate = Int32(truncatingIfNeeded: update)
            guard valueOnly else { return }
            pairs[index].reruns += 1
            guard causes[Int32(index), default: []].contains(cause) == false else { return }
            causes[Int32(index), default: []].append(cause)
            self.lines.append(PairLine(pair: Int32(index), line: rootLine), to: 0)
            for line in lines { self.lines.append(PairLine(pair: Int32(index), line: line), to: 0) }
        }
    }

    /// What one root's updates showed of one child, as far as it can still make a finding.
    struct Pair {
        /// Symbol indexes.
        let root: Int32
        let child: Int32
        /// Updates in which the child re-ran by `@self` alone.
        var reruns: Int32 = 0
        /// The root's update in which the child was last seen (numbered from 1), 0 for none.
        var lastUpdate: Int32 = 0
        /// True once the child sat out an update of the root between two of its own within one
        /// lifetime: it depends on what changed, and the pair can never qualify.
        var isOut = false

        init(root: Symbol, child: Symbol) {
            self.root = Int32(root.index)
            self.child = Int32(child.index)
        }
    }

    /// A line of a pair's evidence (the root's or the child's), to wait on file.
    struct PairLine {
        let pair: Int32
        let line: Int
    }
}
