import Foundation
import TraceStore

extension IdentityChurnRule {
    /// Views given a new identity inside an update started by an ancestor that kept its own,
    /// and state models released and made anew under one owner.
    ///
    /// An update starts at a body line with neither `@identity` nor `@self`: a view re-evaluated
    /// because its own state changed (`ContentView: _showPlayButton changed.`). SwiftUI prints
    /// the subtree it re-evaluates right after, so every following body line belongs to that
    /// update until the next such line or an appear/disappear (printed once the update is
    /// committed); when timestamps tell, a body line more than `max_update_seconds` after the
    /// latest start is left out (log lines are in time order, so the latest start's time is the
    /// running maximum of the starts' times). A view counts as re-created in an update when it
    /// printed `@identity` there, had printed `@identity` before the update began (it already
    /// existed), and printed no evaluation that kept its identity in the same update (which
    /// would mean the `@identity` belongs to a new sibling, as when a row is appended to a list).
    /// The state that reset is the dynamic properties (`_isPlaying`) of the view's last line
    /// with `@identity` in the update.
    ///
    /// The model form: per owner and model type, the running count of live models; an init that
    /// brings it from 0 back to 1 right after a deinit is a re-creation (init → deinit → init).
    /// Inits while an older model is still alive (a `@State` initial value evaluated again and
    /// thrown away) are a different problem, `state_model_reinit`'s, and not counted here. An
    /// owner already reported as a re-created view is not reported again for its model.
    final class Recreations: Detector {
        let minRecreations: Int
        let maxUpdateSeconds: Double
        /// The number of the current event, in input order.
        @exclusivity(unchecked) var position = 0

        /// The current update: the position, view and line of its first line; only an update
        /// started by a body line can find anything.
        @exclusivity(unchecked) var updateStart: Int?
        @exclusivity(unchecked) var root: Symbol?
        @exclusivity(unchecked) var rootLine = 0
        @exclusivity(unchecked) var rootIsBody = false
        /// The latest time of any update's first line (lines without a time leave it).
        @exclusivity(unchecked) var startTime: Double?

        /// Per view symbol: the position of its first line with `@identity`, `Int.max` before.
        @exclusivity(unchecked) var firstIdentity: [Int] = []
        /// Per view symbol: what it printed in the current update; the views that printed.
        @exclusivity(unchecked) var members: [Member] = []
        @exclusivity(unchecked) var touched: [Int] = []
        /// Per view symbol: the updates it was re-created in, summed up, and their lines (each
        /// update's root line, then its lines), which wait on file: they are evidence, read once
        /// the view's finding is made.
        @exclusivity(unchecked) var recreated: [Recreated] = []
        let recreatedLines = SpilledLists<Int>()
        /// Per view symbol: the updates that showed it again after it was removed (an `if`
        /// branch, a presentation), summed up as resets are, and their lines.
        @exclusivity(unchecked) var reinserted: [Recreated] = []
        let reinsertedLines = SpilledLists<Int>()

        /// The lifetimes the verdicts are read from, and the updates filed by `closeUpdate` whose
        /// verdict waits for the appears and disappears SwiftUI prints once the update commits.
        @exclusivity(unchecked) var lifetimes = IdentityLifetimes()
        @exclusivity(unchecked) var pending: [Pending] = []
        /// Updates judged before the log showed whether it prints disappears, in order, each with
        /// the verdict the log gave then and whether it waits on that (`awaitsEnds`): a view
        /// that prints its appears and, later, its disappears would have printed the ends of
        /// any identity these replaced, so its new ones were added. Judged at the first
        /// disappear, at the end, or all at once when `maxDeferred` wait (a log that has printed
        /// that many updates without a disappear is read as one that prints none).
        @exclusivity(unchecked) var deferred: [(filed: Pending, verdict: IdentityLifetimes.Verdict, awaitsEnds: Bool)] = []
        static let maxDeferred = 1024
        /// The verdict on every new identity judged, by event id, in input order: what `why` and
        /// `views` read back (`causes.lifetime`, through `DetectorSet.identityMarks`).
        let marks = SpilledArray<IdentityMark>()
        /// The changed property of the current update's root, if it is a body.
        @exclusivity(unchecked) var rootProperty: Symbol?

        /// Per view symbol: the instance its own prints (`[Instance: 5CD6]`) named last, how
        /// many prints named it, and the line of the last one.
        @exclusivity(unchecked) var printed: [(instance: Symbol?, count: Int, line: Int)] = []

        /// Per view symbol: the time and line of its last new identity outside an update with a
        /// body root, for re-creations whose ancestor prints nothing.
        @exclusivity(unchecked) var lastOrphan: [(ts: Double, line: Int)?] = []

        /// The view whose new identity the previous event was, if it was one.
        @exclusivity(unchecked) var previousIdentity: Int?

        /// Named instances replaced in place (`ItemRow(id: 1)` init while shown, disappear,
        /// appear), and per view symbol the round of rebuilding they belong to: a round starts
        /// at the type's first init after one of its appears, under the update root printed
        /// then, and counts as one update however many rows it replaced.
        @exclusivity(unchecked) var swaps = InstanceSwaps()
        @exclusivity(unchecked) var swapRounds: [(round: Int, lastWasAppear: Bool, root: Symbol?, rootLine: Int, counted: Int)] = []

        /// Per owner and model type: live models and the previous init or deinit.
        @exclusivity(unchecked) var models: [NamePair: ModelState] = [:]
        /// Per owner and model type: its list in `cycleLines`, of each deinit line and the init
        /// line that followed, two by two.
        @exclusivity(unchecked) var cycles: [NamePair: Int] = [:]
        let cycleLines = SpilledLists<Int>()

        /// Views re-created since the last `decided`, by symbol index, each once (a stored
        /// trace's scan never asks, so the list must not grow with the re-creations).
        @exclusivity(unchecked) var newlyRecreated: [Int] = []
        @exclusivity(unchecked) var isNewlyRecreated: [Bool] = []
        /// Per view name decided early: its key and the rank of the weight it was decided at.
        @exclusivity(unchecked) var announced: [String: (key: Int, weight: Int)] = [:]

        struct Member {
            var created = 0
            var kept = 0
            /// The lines with `@identity`, and their events' ids.
            var lines: [Int] = []
            var ids: [Int] = []
            /// The view's lifetime facts as the update found it.
            var snapshot = IdentityLifetimes.Snapshot()
            /// The dynamic properties of the last line with `@identity`.
            var state: [Symbol] = []
        }

        /// A view's re-creations, summed up as they come into what its finding says rather than
        /// kept one record per update: a view re-created in update after update of a long trace
        /// costs its evidence lines, not a record with two arrays apiece.
        struct Recreated {
            /// The updates it was re-created in.
            var updates = 0
            /// The new identities over all of them (lines with `@identity`, or changed ids).
            var created = 0
            /// The updates' roots, each once, in order of first occurrence, and the properties
            /// whose change began them.
            var roots: [Symbol] = []
            var properties: [Symbol] = []
            /// The state lists reset, each once, in order of first occurrence.
            var states: [[Symbol]] = []
            private var seenStates: Set<[Symbol]> = []
            /// Re-creations seen with no ancestor's update printed (`orphan`), and the time they span.
            var orphans = 0
            var orphanSpan = 0.0
            /// The instances replaced in place, each once, in order of first occurrence.
            var instances: [Symbol] = []
            /// Of `created`, for a view shown again: the new identities known as such only because
            /// an earlier update of the same change printed none of the view (`IdentityLifetimes`),
            /// the log printing no disappear or deinit of it to confirm the removal.
            var unconfirmed = 0
            /// Of `created`, for a view re-created: the new identities read as resets in a log that
            /// printed the view's appears and never a disappear, which cannot tell them from rows
            /// added beside ones that stayed (`IdentityLifetimes.awaitsEnds`).
            var endsUnseen = 0

            var isEmpty: Bool { updates == 0 }

            /// Counts an update that created `created` new identities; its lines are the caller's to keep.
            mutating func add(root: Symbol?, created: Int, state: [Symbol], property: Symbol? = nil) {
                updates += 1
                self.created += created
                if let root, !roots.contains(root) { roots.append(root) }
                if let property, !properties.contains(property) { properties.append(property) }
                if seenStates.insert(state).inserted { states.append(state) }
            }

            /// Adds `other`'s re-creations after these: another symbol of the same name.
            mutating func merge(_ other: Recreated) {
                updates += other.updates
                created += other.created
                for root in other.roots where !roots.contains(root) { roots.append(root) }
                for property in other.properties where !properties.contains(property) { properties.append(property) }
                for state in other.states where seenStates.insert(state).inserted { states.append(state) }
                orphans += other.orphans
                unconfirmed += other.unconfirmed
                endsUnseen += other.endsUnseen
                orphanSpan += other.orphanSpan
                for instance in other.instances where !instances.contains(instance) { instances.append(instance) }
            }
        }

        /// An update's new identities of one view, filed when the update closed and judged once
        /// the appears and disappears after it are read (`resolvePending`).
        struct Pending {
            let view: Int
            let member: Member
            let root: Symbol?
            let property: Symbol?
            let rootLine: Int
        }

        struct ModelState {
            var alive = 0
            var lastWasDeinit = false
            var lastLine = 0
            /// `updateStart` when the last init or deinit came: a model released and made anew in
            /// one update was replaced in place; across updates, its owner was removed and shown again.
            var lastUpdate: Int?
        }
        /// Per owner and model type: the cycles that happened within one update.
        @exclusivity(unchecked) var inPlaceCycles: [NamePair: Int] = [:]

        /// The resets the probe's lines state exactly.
        @exclusivity(unchecked) var exact: ExactResets

        init(minRecreations: Int, maxUpdateSeconds: Double, symbols: SymbolTable) {
            self.minRecreations = minRecreations
            self.maxUpdateSeconds = maxUpdateSeconds
            exact = ExactResets(symbols: symbols, maxUpdateSeconds: maxUpdateSeconds, marks: marks)
        }

        func observe(_ event: LifecycleEvent) {
            position += 1
            // Whether the event before was this view's own new identity, with nothing between.
            let afterOwnIdentity = previousIdentity != nil && previousIdentity == event.view?.index
            previousIdentity = event.kind == .body && event.isPrintChanges && event.newIdentity ? event.view?.index : nil
            // Every event, to follow which kind of update is under way; only structured lines are
            // ever the exact reading's (it returns false for every other line).
            if exact.observe(event) { return }
            if let view = event.view?.index, event.owner == nil, event.kind == .disappear || event.kind == .`deinit` {
                lifetimes.ended(view, disappear: event.kind == .disappear)
                if !deferred.isEmpty && lifetimes.printsDisappears { judgeDeferred(disappearsPrinted: true) }
            }
            if let view = event.view?.index, event.owner == nil, event.kind == .appear { lifetimes.appeared(view) }
            // After the update's lines below have read the view's lifetime as it was.
            defer {
                if event.kind == .body, let view = event.view?.index {
                    lifetimes.printed(view, kept: !event.newIdentity)
                    if event.newIdentity { lifetimes.began(view) }
                }
            }
            if event.kind == .`init` || event.kind == .appear || event.kind == .disappear { swap(event) }
            switch event.kind {
            case .`init`, .`deinit`:
                if let owner = event.owner { model(event, owner: owner) }
                return
            case .appear, .disappear:
                if event.kind == .appear, !event.isPrintChanges { instanceChange(event) }
            case .body:
                guard event.isPrintChanges else { return instanceChange(event) }
            default:
                return
            }
            if event.newIdentity, let view = event.view?.index {
                grow(to: view)
                if firstIdentity[view] == Int.max { firstIdentity[view] = position }
            }
            // A row's appear right after its own new identity (a lazy list builds its rows as they
            // come on screen: body, appear, body, appear) is part of the update, not its end.
            if event.kind == .appear && afterOwnIdentity && rootIsBody { return }
            if event.kind != .body || !(event.newIdentity || event.newValue) {
                closeUpdate()
                rootProperty = nil
                if event.kind == .body {
                    // A body root begins the next update: the last one's appears are all read.
                    resolvePending()
                    for token in event.tokens where token.isState {
                        rootProperty = token
                        break
                    }
                    lifetimes.beginUpdate(view: event.view, tokens: event.tokens)
                }
                updateStart = position
                root = event.view
                rootLine = event.line
                rootIsBody = event.kind == .body
                // An untimed root leaves its update's lines to order alone (a log mixing timed and
                // untimed lines); a timed one bounds them in time.
                startTime = event.ts.map { max(startTime ?? $0, $0) }
                return
            }
            if !rootIsBody, event.newIdentity, let view = event.view?.index, let ts = event.ts {
                orphan(view, ts: ts, event, consecutive: afterOwnIdentity)
            }
            guard rootIsBody, let view = event.view?.index else { return }
            if let ts = event.ts, let startTime, !(ts - startTime <= maxUpdateSeconds) { return }
            grow(to: view)
            if members[view].created == 0 && members[view].kept == 0 {
                touched.append(view)
                members[view].snapshot = lifetimes.snapshot(view)
                lifetimes.keep(members[view].snapshot, of: view)
            }
            if event.newIdentity {
                members[view].created += 1
                members[view].lines.append(event.line)
                members[view].ids.append(event.id)
                members[view].state.clear()
                for token in event.tokens where token.isState { members[view].state.append(token) }
            } else {
                members[view].kept += 1
            }
        }

        func grow(to view: Int) {
            firstIdentity.grow(toInclude: view, with: Int.max)
            members.grow(toInclude: view, with: Member())
            recreated.grow(toInclude: view, with: Recreated())
            reinserted.grow(toInclude: view, with: Recreated())
        }

        /// Files the views re-created in the current update and empties its members.
        func closeUpdate() {
            if let updateStart {
                for view in touched {
                    // A view is not re-created by its own update: the root made anew is a relaunch.
                    let isRoot = root?.index == view
                    if !isRoot && members[view].created > 0 && members[view].kept == 0 && firstIdentity[view] < updateStart {
                        pending.append(Pending(view: view, member: members[view], root: root, property: rootProperty, rootLine: rootLine))
                    }
                    members[view].created = 0
                    members[view].kept = 0
                    members[view].lines.clear()
                    members[view].ids.clear()
                    members[view].state.clear()
                }
            }
            touched.clear()
        }

        /// Judges the updates filed since the last call (`IdentityLifetimes.verdict`): resets go
        /// to `recreated`, views shown again after they were removed to `reinserted`, and new
        /// identities beside ones that stayed to neither.
        func resolvePending() {
            for filed in pending {
                let verdict = lifetimes.verdict(of: filed.member.lines.count, view: filed.view, snapshot: filed.member.snapshot)
                let awaits = lifetimes.awaitsEnds(filed.view, snapshot: filed.member.snapshot)
                // Once one waits, the rest wait behind it, so that each view's updates are counted in order.
                if awaits || !deferred.isEmpty {
                    if deferred.count == Self.maxDeferred { judgeDeferred(disappearsPrinted: false) }
                    deferred.append((filed, verdict, awaits))
                } else {
                    judge(filed, verdict)
                }
            }
            pending.removeAll(keepingCapacity: true)
        }

        /// Judges the updates that waited (`deferred`): with `disappearsPrinted`, the log has
        /// shown that it prints disappears, so those that waited on it were additions, as the
        /// ends branch of `IdentityLifetimes.verdict` reads them; otherwise each keeps the
        /// verdict the log gave when its update closed.
        func judgeDeferred(disappearsPrinted: Bool) {
            for entry in deferred {
                if disappearsPrinted && entry.awaitsEnds {
                    judge(entry.filed, (0, entry.filed.member.snapshot.alive == 0 ? .reinserted : .inserted, false))
                } else {
                    judge(entry.filed, entry.verdict, endsUnseen: entry.awaitsEnds)
                }
            }
            deferred.removeAll(keepingCapacity: true)
        }

        /// Counts one filed update's new identities by `verdict`; `endsUnseen` when the log printed
        /// the view's appears and no disappear at all, so its resets are the reading without ends.
        func judge(_ filed: Pending, _ verdict: IdentityLifetimes.Verdict, endsUnseen: Bool = false) {
            let view = filed.view
            let member = filed.member
            let (resets, others, unconfirmed) = verdict
            // The finding says the log does not confirm these re-insertions.
            if unconfirmed && others == .reinserted { reinserted[view].unconfirmed += member.lines.count }
            if resets > 0 {
                recreated[view].add(root: filed.root, created: resets, state: member.state, property: filed.property)
                if endsUnseen { recreated[view].endsUnseen += resets }
                recreatedLines.append(filed.rootLine, to: view)
                for line in member.lines { recreatedLines.append(line, to: view) }
                noteRecreated(view)
            }
            let rest = member.lines.count - resets
            if rest > 0, others == .reinserted {
                reinserted[view].add(root: filed.root, created: rest, state: member.state, property: filed.property)
                reinsertedLines.append(filed.rootLine, to: view)
                for line in member.lines { reinsertedLines.append(line, to: view) }
                noteRecreated(view)
            }
            // Which of several new identities took a place on screen the log does not say.
            let mark: IdentityMark.Kind = unconfirmed ? (others == .reinserted ? .reinsertedUnconfirmed : .insertedUnconfirmed)
                : resets == 0 ? .init(others) : rest > 0 ? .resetOrInserted : .reset
            for id in member.ids { marks.append(IdentityMark(event: id, kind: mark)) }
        }

        func noteRecreated(_ view: Int) {
            isNewlyRecreated.grow(toInclude: view, with: false)
            guard !isNewlyRecreated[view] else { return }
            isNewlyRecreated[view] = true
            newlyRecreated.append(view)
        }
    }
}
