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
            let root: String
            let cause: String
            let line: Int
            let ts: Double?
            /// The root's updates so far, this one included.
            let number: Int
        }

        /// One child in the current update.
        private struct Member {
            var lines: [Int] = []
            var valueOnly = true
            var newIdentity = false
        }

        private let maxUpdateSeconds: Double
        private var current: Update?
        private var members: [String: Member] = [:]
        private var memberOrder: [String] = []
        private var updatesPerRoot: [String: Int] = [:]
        private var pairIndex: [String: Int] = [:]
        private(set) var pairs: [Pair] = []

        init(maxUpdateSeconds: Double) {
            self.maxUpdateSeconds = maxUpdateSeconds
        }

        /// A `_printChanges()` line with its tokens as printed (`@self, _count`).
        mutating func body(view: String, tokens: String, line: Int, ts: Double?) {
            var newIdentity = false, newValue = false
            for token in tokens.utf8.split(separator: UInt8(ascii: ",")) {
                let trimmed = token.drop { $0 == UInt8(ascii: " ") }
                if trimmed.elementsEqual("@identity".utf8) { newIdentity = true }
                if trimmed.elementsEqual("@self".utf8) { newValue = true }
            }
            guard newIdentity || newValue else {
                endUpdate()
                let number = updatesPerRoot[view, default: 0] + 1
                updatesPerRoot[view] = number
                current = Update(root: view, cause: tokens.isEmpty ? "unchanged" : tokens, line: line, ts: ts, number: number)
                return
            }
            guard let current, view != current.root else { return }
            if let ts, let start = current.ts, ts - start > maxUpdateSeconds { return endUpdate() }
            if members[view] == nil { memberOrder.append(view) }
            members[view, default: Member()].lines.append(line)
            members[view]!.valueOnly = members[view]!.valueOnly && tokens == "@self"
            members[view]!.newIdentity = members[view]!.newIdentity || newIdentity
        }

        /// Ends the current update, if any, and files what it showed of each child.
        mutating func endUpdate() {
            defer {
                current = nil
                members = [:]
                memberOrder = []
            }
            guard let current else { return }
            for child in memberOrder {
                let member = members[child]!
                let key = current.root + "\u{1F}" + child
                if pairIndex[key] == nil {
                    pairIndex[key] = pairs.count
                    pairs.append(Pair(root: current.root, child: child))
                }
                pairs[pairIndex[key]!].add(
                    update: current.number, cause: current.cause, rootLine: current.line,
                    lines: member.lines, valueOnly: member.valueOnly, newIdentity: member.newIdentity
                )
            }
        }
    }

    /// What one root's updates showed of one child.
    struct Pair {
        let root: String
        let child: String
        /// The causes after which the child re-ran by `@self` alone, in order of first sight.
        private(set) var causes: [String] = []
        /// Updates in which it re-ran by `@self` alone.
        private(set) var reruns = 0
        /// Updates of the root it sat out between two of its own, within one lifetime.
        private(set) var skipped = 0
        /// The root's and the child's lines of the first such update per cause.
        private(set) var lines: [Int] = []
        private var lastUpdate: Int?

        init(root: String, child: String) {
            self.root = root
            self.child = child
        }

        mutating func add(update: Int, cause: String, rootLine: Int, lines: [Int], valueOnly: Bool, newIdentity: Bool) {
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
