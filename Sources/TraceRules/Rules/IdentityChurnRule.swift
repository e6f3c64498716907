import Foundation
import TraceStore

/// A view that keeps getting a new identity while its parent merely updates: its state resets.
public enum IdentityChurnRule: Rule {
    static let minRecreations = Threshold.count(
        "min_recreations", default: 2,
        "Updates in which the view (or its owned state model) was created anew after it already existed.")
    static let maxUpdateSeconds = Threshold.duration(
        "max_update_seconds", default: 0.5,
        "When lines carry timestamps, body lines later than this after an update's first line are not part of that update.")

    public static let description = RuleDescription(
        identifier: "identity_churn",
        title: "Identity churn",
        defaultSeverity: .error,
        summary: "A view gets a new identity again and again while an ancestor that kept its own merely updated, so its @State resets each time.",
        rationale: """
            `@identity` in `_printChanges()` output means SwiftUI created the view's state storage \
            anew: `@State` and `@StateObject` start from their initial values, `.task` and \
            `.onAppear` run again, the whole subtree is rebuilt. Seeing it once for a view that \
            already existed, right after an ancestor that kept its identity updated, means the \
            ancestor's body gives the view a new identity: an `if`/`else` branch, an `.id(...)` \
            that changes (`.id(UUID())`), a `ForEach` whose element ids change on every update. \
            An error by default because lost state is a visible bug (a playing button stops, a \
            text field clears) and rebuilding subtrees on every update is the costliest thing \
            SwiftUI does. The second form, `Owner Model init` → `deinit` → `init` under one owner, \
            is the same reset seen from a state model's lifecycle prints. A view given a new \
            identity again and again a frame or more apart (within a second of the last), with \
            no ancestor's line printed at all, is re-created by an ancestor that prints nothing: \
            the same finding, with no root to name.
            """,
        fix: """
            Give the view a stable identity: use `.opacity`/`.disabled` or a modifier instead of \
            `if` when the view should keep its state while hidden; use `.id` only with a value \
            that changes when the state really must reset; give `ForEach` data stable `id`s (not \
            `UUID()` made during the update). Hoist state that must survive into the ancestor.
            """,
        seed: "001 (`if showPlayButton { PlayButton() }` toggled off and on); `.id(UUID())` on ForEach rows",
        thresholds: [minRecreations, maxUpdateSeconds],
        triggeringExamples: [
            Example(note: "A view made anew every frame or two for a while, its parent printing nothing: each new identity after the first resets its state.", """
                ↓2024-05-01 10:00:00.100000+0000 App[1:2] CardView: @self, @identity, _model changed.
                ↓2024-05-01 10:00:00.120000+0000 App[1:2] CardView: @self, @identity, _model changed.
                ↓2024-05-01 10:00:00.140000+0000 App[1:2] CardView: @self, @identity, _model changed.
                ↓2024-05-01 10:00:00.160000+0000 App[1:2] CardView: @self, @identity, _model changed.
                ↓2024-05-01 10:00:00.180000+0000 App[1:2] CardView: @self, @identity, _model changed.
                ↓2024-05-01 10:00:00.200000+0000 App[1:2] CardView: @self, @identity, _model changed.
                """),
            Example(note: "Seed 001 toggled twice: each time `ContentView` shows the button again, it is new.", """
                ContentView: @self, @identity, _showPlayButton changed.
                PlayButton: @self, @identity, _isPlaying changed.
                PlayButton: _isPlaying changed.
                ContentView: _showPlayButton changed.
                ↓ContentView: _showPlayButton changed.
                ↓PlayButton: @self, @identity, _isPlaying changed.
                PlayButton: _isPlaying changed.
                ContentView: _showPlayButton changed.
                ↓ContentView: _showPlayButton changed.
                ↓PlayButton: @self, @identity, _isPlaying changed.
                """),
            Example(note: "`ForEach` rows whose `.id` changes on every tick: every row is rebuilt after each `_tick` update.", """
                TickerView: @self, @identity, _tick changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                ↓TickerView: _tick changed.
                ↓Row: @self, @identity changed.
                ↓Row: @self, @identity changed.
                ↓Row: @self, @identity changed.
                ↓TickerView: _tick changed.
                ↓Row: @self, @identity changed.
                ↓Row: @self, @identity changed.
                ↓Row: @self, @identity changed.
                """),
            Example(note: "Seed 001 toggled once: one reset, below the default threshold, is reported as info.", """
                ContentView: @self, @identity, _showPlayButton changed.
                PlayButton: @self, @identity, _isPlaying changed.
                PlayButton: _isPlaying changed.
                ContentView: _showPlayButton changed.
                ↓ContentView: _showPlayButton changed.
                ↓PlayButton: @self, @identity, _isPlaying changed.
                """),
            Example(note: "`ForEach` rows named by their id, replaced on every update: each is built anew while shown, taken off screen and put back at once (its id changed), twice.", """
                ItemRow(id: 1) onAppear
                ItemRow(id: 2) onAppear
                ↓ListView: _tick changed.
                ItemRow(id: 1) init
                ItemRow(id: 2) init
                ItemRow(id: 1) onDisappear
                ItemRow(id: 2) onDisappear
                ↓ItemRow(id: 1) onAppear
                ↓ItemRow(id: 2) onAppear
                ↓ListView: _tick changed.
                ItemRow(id: 1) init
                ItemRow(id: 2) init
                ItemRow(id: 1) onDisappear
                ItemRow(id: 2) onDisappear
                ↓ItemRow(id: 1) onAppear
                ↓ItemRow(id: 2) onAppear
                """),
            Example(note: "A developer's print names an instance id kept in `@State`: a new id after the same one was printed, the state was made anew.", """
                ProfileSwitcher: Rendering menu with 0 profiles [Instance: 5CD612BF]
                ProfileSwitcher: onAppear triggered [Instance: 5CD612BF]
                ↓ProfileSwitcher: Rendering menu with 6 profiles [Instance: 5CD612BF]
                ↓ProfileSwitcher: Rendering menu with 0 profiles [Instance: DD6A9B11]
                """),
            Example(note: "The same reset seen from a state model printed with its owner: released, then made anew.", """
                ContentView: @self, @identity, _showPlayButton changed.
                PlayButton DataModel init
                ContentView: _showPlayButton changed.
                ↓PlayButton DataModel deinit
                ContentView: _showPlayButton changed.
                ↓PlayButton DataModel init
                ContentView: _showPlayButton changed.
                ↓PlayButton DataModel deinit
                ContentView: _showPlayButton changed.
                ↓PlayButton DataModel init
                """),
            Example(note: "Exact, from TraceProbe: PlayButton's kept state token dies (seen=1) and a new identity begins in ContentView's update, twice.", """
                trace-analyze: kind=body view=ContentView id=#1 ms=0.1 identity=new
                trace-analyze: kind=init view=PlayButton id=#2
                trace-analyze: kind=body view=PlayButton id=#2 ms=0.05 identity=new
                trace-analyze: kind=body view=ContentView id=#1 ms=0.1
                trace-analyze: kind=disappear view=PlayButton id=#2
                ↓trace-analyze: kind=deinit view=PlayButton id=#2 seen=1
                trace-analyze: kind=body view=ContentView id=#1 ms=0.1
                trace-analyze: kind=init view=PlayButton id=#3
                ↓trace-analyze: kind=body view=PlayButton id=#3 ms=0.05 identity=new
                trace-analyze: kind=body view=ContentView id=#1 ms=0.1
                trace-analyze: kind=disappear view=PlayButton id=#3
                ↓trace-analyze: kind=deinit view=PlayButton id=#3 seen=1
                trace-analyze: kind=body view=ContentView id=#1 ms=0.1
                trace-analyze: kind=init view=PlayButton id=#4
                ↓trace-analyze: kind=body view=PlayButton id=#4 ms=0.05 identity=new
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Exact, from TraceProbe: rows shown for the first time, and values SwiftUI made and discarded (seen=0), reset nothing.", """
                trace-analyze: kind=body view=FeedView id=#1 identity=new
                trace-analyze: kind=init view=PostRow id=#2
                trace-analyze: kind=body view=PostRow id=#2 identity=new
                trace-analyze: kind=init view=PostRow id=#3
                trace-analyze: kind=body view=PostRow id=#3 identity=new
                trace-analyze: kind=body view=FeedView id=#1
                trace-analyze: kind=init view=PostRow id=#4
                trace-analyze: kind=deinit view=PostRow id=#4 seen=0
                """),
            Example(note: "Exact, from TraceProbe: a detail screen pushed again after a pop starts fresh by design (the update began with an appear, not a body).", """
                trace-analyze: kind=appear view=RecipeList id=#1
                trace-analyze: kind=init view=RecipeDetail id=#2
                trace-analyze: kind=body view=RecipeDetail id=#2 identity=new
                trace-analyze: kind=disappear view=RecipeDetail id=#2
                trace-analyze: kind=deinit view=RecipeDetail id=#2 seen=1
                trace-analyze: kind=appear view=RecipeList id=#1
                trace-analyze: kind=init view=RecipeDetail id=#3
                trace-analyze: kind=body view=RecipeDetail id=#3 identity=new
                trace-analyze: kind=disappear view=RecipeDetail id=#3
                trace-analyze: kind=deinit view=RecipeDetail id=#3 seen=1
                trace-analyze: kind=appear view=RecipeList id=#1
                trace-analyze: kind=init view=RecipeDetail id=#4
                trace-analyze: kind=body view=RecipeDetail id=#4 identity=new
                """),
            Example(note: "Rows made together in one frame, with no parent printed: siblings, not one view re-created.", """
                2024-05-01 10:00:00.100000+0000 App[1:2] Row: @self, @identity, _isExpanded changed.
                2024-05-01 10:00:00.100100+0000 App[1:2] Row: @self, @identity, _isExpanded changed.
                2024-05-01 10:00:00.100200+0000 App[1:2] Row: @self, @identity, _isExpanded changed.
                2024-05-01 10:00:00.100300+0000 App[1:2] Row: @self, @identity, _isExpanded changed.
                """),
            Example(note: "A first render of many rows: each row is new, none existed before.", """
                ContentView: _items changed.
                ListView: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                """),
            Example(note: "A lazy list creating rows while scrolling: no ancestor updated.", """
                ListView: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                """),
            Example(note: "Rows with stable ids: the update re-creates values (`@self`), not identities.", """
                TickerView: @self, @identity, _tick changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                TickerView: _tick changed.
                Row: @self changed.
                Row: @self changed.
                TickerView: _tick changed.
                Row: @self changed.
                Row: @self changed.
                """),
            Example(note: "Rows created while scrolling, seconds after unrelated updates: timestamps keep them apart.", """
                2024-05-01 10:00:00.000000+0000 App[1:2] ListView: @self, @identity changed.
                2024-05-01 10:00:00.001000+0000 App[1:2] Row: @self, @identity changed.
                2024-05-01 10:00:00.002000+0000 App[1:2] Row: @self, @identity changed.
                2024-05-01 10:00:01.000000+0000 App[1:2] ContentView: _title changed.
                2024-05-01 10:00:03.000000+0000 App[1:2] Row: @self, @identity changed.
                2024-05-01 10:00:04.000000+0000 App[1:2] ContentView: _title changed.
                2024-05-01 10:00:06.000000+0000 App[1:2] Row: @self, @identity changed.
                """),
            Example(note: "Appending to a list: existing rows keep their identity, only the new one is created.", """
                ListView: @self, @identity, _items changed.
                Row: @self, @identity changed.
                ListView: _items changed.
                Row: @self changed.
                Row: @self, @identity changed.
                ListView: _items changed.
                Row: @self changed.
                Row: @self changed.
                Row: @self, @identity changed.
                """),
            Example(note: "Instance ids printed once each: a `let id = UUID()` changes with every value, not only with a new identity.", """
                Row: body [Instance: 726873F0]
                Row: body [Instance: 5CD612BF]
                Row: body [Instance: DD6A9B11]
                """),
            Example(note: "Rows rebuilt on updates (new values, same identity) that scroll out and back in: other rows appear in between, so no row was replaced in place.", """
                FeedView: _items changed.
                Row(id: 1) init
                Row(id: 1) onAppear
                FeedView: _items changed.
                Row(id: 1) init
                Row(id: 1) onDisappear
                Row(id: 3) onAppear
                Row(id: 3) onDisappear
                Row(id: 1) onAppear
                FeedView: _items changed.
                Row(id: 1) init
                Row(id: 1) onDisappear
                Row(id: 4) onAppear
                Row(id: 4) onDisappear
                Row(id: 1) onAppear
                """),
            Example(note: "A detail screen pushed again after a pop is made anew after it went off screen: a new screen, not a row replaced in place.", """
                DetailView(id: 7) init
                DetailView(id: 7) onAppear
                DetailView(id: 7) onDisappear
                DetailView(id: 7) init
                DetailView(id: 7) onAppear
                DetailView(id: 7) onDisappear
                DetailView(id: 7) init
                DetailView(id: 7) onAppear
                """),
            Example(note: "A model re-created while the old one is still alive is not a reset of its owner.", """
                PlayButton DataModel init
                PlayButton DataModel init
                PlayButton DataModel deinit
                PlayButton DataModel init
                PlayButton DataModel deinit
                PlayButton DataModel deinit
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Recreations(
            minRecreations: context.thresholds.count(minRecreations),
            maxUpdateSeconds: context.thresholds[maxUpdateSeconds],
            symbols: context.symbols
        )
    }

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
        private let minRecreations: Int
        private let maxUpdateSeconds: Double
        /// The number of the current event, in input order.
        @exclusivity(unchecked) private var position = 0

        /// The current update: the position, view and line of its first line; only an update
        /// started by a body line can find anything.
        @exclusivity(unchecked) private var updateStart: Int?
        @exclusivity(unchecked) private var root: Symbol?
        @exclusivity(unchecked) private var rootLine = 0
        @exclusivity(unchecked) private var rootIsBody = false
        /// The latest time of any update's first line (lines without a time leave it).
        @exclusivity(unchecked) private var startTime: Double?

        /// Per view symbol: the position of its first line with `@identity`, `Int.max` before.
        @exclusivity(unchecked) private var firstIdentity: [Int] = []
        /// Per view symbol: what it printed in the current update; the views that printed.
        @exclusivity(unchecked) private var members: [Member] = []
        @exclusivity(unchecked) private var touched: [Int] = []
        /// Per view symbol: the updates it was re-created in, summed up, and their lines (each
        /// update's root line, then its lines), which wait on file: they are evidence, read once
        /// the view's finding is made.
        @exclusivity(unchecked) private var recreated: [Recreated] = []
        private let recreatedLines = SpilledLists<Int>()

        /// Per view symbol: the instance its own prints (`[Instance: 5CD6]`) named last, how
        /// many prints named it, and the line of the last one.
        @exclusivity(unchecked) private var printed: [(instance: Symbol?, count: Int, line: Int)] = []

        /// Per view symbol: the time and line of its last new identity outside an update with a
        /// body root, for re-creations whose ancestor prints nothing.
        @exclusivity(unchecked) private var lastOrphan: [(ts: Double, line: Int)?] = []

        /// The view whose new identity the previous event was, if it was one.
        @exclusivity(unchecked) private var previousIdentity: Int?

        /// Named instances replaced in place (`ItemRow(id: 1)` init while shown, disappear,
        /// appear), and per view symbol the round of rebuilding they belong to: a round starts
        /// at the type's first init after one of its appears, under the update root printed
        /// then, and counts as one update however many rows it replaced.
        @exclusivity(unchecked) private var swaps = InstanceSwaps()
        @exclusivity(unchecked) private var swapRounds: [(round: Int, lastWasAppear: Bool, root: Symbol?, rootLine: Int, counted: Int)] = []

        /// Per owner and model type: live models and the previous init or deinit.
        @exclusivity(unchecked) private var models: [NamePair: ModelState] = [:]
        /// Per owner and model type: its list in `cycleLines`, of each deinit line and the init
        /// line that followed, two by two.
        @exclusivity(unchecked) private var cycles: [NamePair: Int] = [:]
        private let cycleLines = SpilledLists<Int>()

        /// Views re-created since the last `decided`, by symbol index, each once (a stored
        /// trace's scan never asks, so the list must not grow with the re-creations).
        @exclusivity(unchecked) private var newlyRecreated: [Int] = []
        @exclusivity(unchecked) private var isNewlyRecreated: [Bool] = []
        /// Per view name decided early: its key and whether it was decided at full weight.
        @exclusivity(unchecked) private var announced: [String: (key: Int, full: Bool)] = [:]

        private struct Member {
            var created = 0
            var kept = 0
            /// The lines with `@identity`.
            var lines: [Int] = []
            /// The dynamic properties of the last line with `@identity`.
            var state: [Symbol] = []
        }

        /// A view's re-creations, summed up as they come into what its finding says rather than
        /// kept one record per update: a view re-created in update after update of a long trace
        /// costs its evidence lines, not a record with two arrays apiece.
        private struct Recreated {
            /// The updates it was re-created in.
            var updates = 0
            /// The new identities over all of them (lines with `@identity`, or changed ids).
            var created = 0
            /// The updates' roots, each once, in order of first occurrence.
            var roots: [Symbol] = []
            /// The state lists reset, each once, in order of first occurrence.
            var states: [[Symbol]] = []
            private var seenStates: Set<[Symbol]> = []
            /// Re-creations seen with no ancestor's update printed (`orphan`), and the time they span.
            var orphans = 0
            var orphanSpan = 0.0
            /// The instances replaced in place, each once, in order of first occurrence.
            var instances: [Symbol] = []

            var isEmpty: Bool { updates == 0 }

            /// Counts an update that created `created` new identities; its lines are the caller's to keep.
            mutating func add(root: Symbol?, created: Int, state: [Symbol]) {
                updates += 1
                self.created += created
                if let root, !roots.contains(root) { roots.append(root) }
                if seenStates.insert(state).inserted { states.append(state) }
            }

            /// Adds `other`'s re-creations after these: another symbol of the same name.
            mutating func merge(_ other: Recreated) {
                updates += other.updates
                created += other.created
                for root in other.roots where !roots.contains(root) { roots.append(root) }
                for state in other.states where seenStates.insert(state).inserted { states.append(state) }
                orphans += other.orphans
                orphanSpan += other.orphanSpan
                for instance in other.instances where !instances.contains(instance) { instances.append(instance) }
            }
        }

        private struct ModelState {
            var alive = 0
            var lastWasDeinit = false
            var lastLine = 0
        }

        /// The resets the probe's lines state exactly.
        @exclusivity(unchecked) private var exact: ExactResets

        init(minRecreations: Int, maxUpdateSeconds: Double, symbols: SymbolTable) {
            self.minRecreations = minRecreations
            self.maxUpdateSeconds = maxUpdateSeconds
            exact = ExactResets(symbols: symbols, maxUpdateSeconds: maxUpdateSeconds)
        }

        func observe(_ event: LifecycleEvent) {
            position += 1
            // Whether the event before was this view's own new identity, with nothing between.
            let afterOwnIdentity = previousIdentity != nil && previousIdentity == event.view?.index
            previousIdentity = event.kind == .body && event.isPrintChanges && event.newIdentity ? event.view?.index : nil
            // Every event, to follow which kind of update is under way; only structured lines are
            // ever the exact reading's (it returns false for every other line).
            if exact.observe(event) { return }
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
            if event.kind != .body || !(event.newIdentity || event.newValue) {
                closeUpdate()
                updateStart = position
                root = event.view
                rootLine = event.line
                rootIsBody = event.kind == .body
                if let ts = event.ts { startTime = max(startTime ?? ts, ts) }
                return
            }
            if !rootIsBody, event.newIdentity, let view = event.view?.index, let ts = event.ts {
                orphan(view, ts: ts, event, consecutive: afterOwnIdentity)
            }
            guard rootIsBody, let view = event.view?.index else { return }
            if let ts = event.ts, let startTime, !(ts - startTime <= maxUpdateSeconds) { return }
            grow(to: view)
            if members[view].created == 0 && members[view].kept == 0 { touched.append(view) }
            if event.newIdentity {
                members[view].created += 1
                members[view].lines.append(event.line)
                members[view].state.clear()
                for token in event.tokens where token.isState { members[view].state.append(token) }
            } else {
                members[view].kept += 1
            }
        }

        /// A named instance replaced in place (see `InstanceSwaps`): its row got a new identity
        /// in the round of rebuilding under way, which counts once per round for the view.
        private func swap(_ event: LifecycleEvent) {
            guard let view = event.view?.index else { return }
            let replaced = swaps.isReplacement(event)
            swapRounds.grow(toInclude: view, with: (0, true, nil, 0, 0))
            if event.kind == .`init`, event.owner == nil, swapRounds[view].lastWasAppear {
                swapRounds[view].round += 1
                swapRounds[view].root = rootIsBody ? root : nil
                swapRounds[view].rootLine = rootIsBody ? rootLine : 0
            }
            if event.owner == nil { swapRounds[view].lastWasAppear = event.kind == .appear }
            guard replaced, let instance = event.instance else { return }
            grow(to: view)
            if swapRounds[view].counted != swapRounds[view].round {
                swapRounds[view].counted = swapRounds[view].round
                recreated[view].add(root: swapRounds[view].root, created: 1, state: [])
                if swapRounds[view].rootLine > 0 { recreatedLines.append(swapRounds[view].rootLine, to: view) }
            } else {
                recreated[view].created += 1
            }
            if !recreated[view].instances.contains(instance) { recreated[view].instances.append(instance) }
            recreatedLines.append(event.line, to: view)
            noteRecreated(view)
        }

        /// A developer's print that names the view's instance (an id kept in `@State`): the id
        /// changing after the same one was printed more than once means the state was made
        /// anew. Ids printed once each prove nothing: a `let id = UUID()` changes with every value.
        private func instanceChange(_ event: LifecycleEvent) {
            guard let instance = event.instance, let view = event.view?.index else { return }
            printed.grow(toInclude: view, with: (nil, 0, 0))
            let last = printed[view]
            if last.instance == instance {
                printed[view] = (instance, last.count + 1, event.line)
                return
            }
            if last.instance != nil, last.count >= 2 {
                grow(to: view)
                recreated[view].add(root: nil, created: 1, state: [])
                recreatedLines.append(last.line, to: view)
                recreatedLines.append(event.line, to: view)
                noteRecreated(view)
            }
            printed[view] = (instance, 1, event.line)
        }

        /// A new identity with no update of an ancestor printed: the view made anew again and
        /// again, back to back, a frame or more apart and within a second of the last
        /// (`orphanGap`), is re-created by an ancestor that prints nothing. New identities within one frame are
        /// siblings made together (a list's rows), and ones farther apart may be a screen
        /// opened again; neither counts.
        private func orphan(_ view: Int, ts: Double, _ event: LifecycleEvent, consecutive: Bool) {
            lastOrphan.grow(toInclude: view, with: nil)
            defer { lastOrphan[view] = (ts, event.line) }
            // Only back to back: with other lines between (a row's appear, another view), new
            // identities of one type are as likely rows scrolled in one after another.
            guard consecutive, let last = lastOrphan[view], Self.orphanGap.contains(ts - last.ts) else { return }
            grow(to: view)
            var state: [Symbol] = []
            for token in event.tokens where token.isState { state.append(token) }
            if recreated[view].orphans == 0 { recreatedLines.append(last.line, to: view) }
            recreated[view].add(root: nil, created: 1, state: state)
            recreated[view].orphans += 1
            recreated[view].orphanSpan += ts - last.ts
            recreatedLines.append(event.line, to: view)
            noteRecreated(view)
        }

        /// A frame at 120 Hz up to a second, in seconds.
        static let orphanGap = 0.008...1.0

        private func grow(to view: Int) {
            firstIdentity.grow(toInclude: view, with: Int.max)
            members.grow(toInclude: view, with: Member())
            recreated.grow(toInclude: view, with: Recreated())
        }

        /// Files the views re-created in the current update and empties its members.
        private func closeUpdate() {
            if let updateStart {
                for view in touched {
                    // A view is not re-created by its own update: the root made anew is a relaunch.
                    let isRoot = root?.index == view
                    if !isRoot && members[view].created > 0 && members[view].kept == 0 && firstIdentity[view] < updateStart {
                        recreated[view].add(root: root, created: members[view].lines.count, state: members[view].state)
                        recreatedLines.append(rootLine, to: view)
                        for line in members[view].lines { recreatedLines.append(line, to: view) }
                        noteRecreated(view)
                    }
                    members[view].created = 0
                    members[view].kept = 0
                    members[view].lines.clear()
                    members[view].state.clear()
                }
            }
            touched.clear()
        }

        private func model(_ event: LifecycleEvent, owner: Symbol) {
            let key = NamePair(owner: owner, owned: event.view)
            let isInit = event.kind == .`init`
            if let previous = models[key] {
                if isInit && previous.alive == 0 && previous.lastWasDeinit {
                    let list = cycles[key] ?? cycles.count
                    cycles[key] = list
                    cycleLines.append(previous.lastLine, to: list)
                    cycleLines.append(event.line, to: list)
                }
                models[key] = ModelState(alive: previous.alive + (isInit ? 1 : -1), lastWasDeinit: !isInit, lastLine: event.line)
            } else {
                models[key] = ModelState(alive: isInit ? 1 : -1, lastWasDeinit: !isInit, lastLine: event.line)
            }
        }

        func finish(_ subjects: Subjects) -> [Violation] { collected(subjects) }

        /// One finding per re-created view, then per model cycled, each made (its lines read
        /// back) only when the one before has been taken.
        func finish(_ subjects: Subjects, each body: (Violation) throws -> Void) rethrows {
            closeUpdate()
            let symbols = subjects.symbols
            var flagged = Set<String>()
            // Exact findings first; a view they cover is not reported again from heuristics
            // (a log with both probe lines and `_printChanges()` output shows it twice).
            for violation in exact.violations(minRecreations: minRecreations, symbols: symbols) {
                flagged.insert(violation.view ?? "")
                try body(violation)
            }
            let probed = Set(exact.probed.map { symbols[$0] })
            for view in recreatedViews(symbols) where !probed.contains(view.name) {
                var violation = violation(name: view.name, recreated: view.recreated, lines: view.lines, symbols: symbols)
                violation.earlyKey = announced[view.name]?.key
                flagged.insert(view.name)
                try body(violation)
            }
            for model in recreatedModels(symbols) where model.cycles >= minRecreations && !flagged.contains(model.owner) {
                try body(Violation(
                    view: model.owner,
                    message: "\(model.owner)'s \(model.model) was released and created anew \(counted(model.cycles, "time")) "
                        + "(init → deinit → init): the state it held reset each time.",
                    count: model.cycles,
                    lines: model.lists.flatMap { cycleLines.elements(of: $0) }
                ))
            }
        }

        private func noteRecreated(_ view: Int) {
            isNewlyRecreated.grow(toInclude: view, with: false)
            guard !isNewlyRecreated[view] else { return }
            isNewlyRecreated[view] = true
            newlyRecreated.append(view)
        }

        /// A view's re-creations are decided once the update they happened in has closed: the
        /// view's finding exists from then on (as a hint below `min_recreations`), and only grows.
        /// Model cycles wait for the end, where a re-created view's owner silences them.
        func decided(_ subjects: Subjects) -> [Violation] {
            guard !newlyRecreated.isEmpty else { return [] }
            defer { newlyRecreated.clear() }
            let symbols = subjects.symbols
            var violations: [Violation] = []
            for view in newlyRecreated {
                isNewlyRecreated[view] = false
                // A view the probe reports is decided by its exact resets, at the end.
                if exact.probed.contains(symbols.symbol(at: view)) { continue }
                let name = symbols[symbols.symbol(at: view)]
                let full = recreated[view].updates >= minRecreations
                if let earlier = announced[name], earlier.full || !full { continue }
                let key = announced[name]?.key ?? view
                announced[name] = (key, full)
                var violation = violation(name: name, recreated: recreated[view], lines: recreatedLines.elements(of: view), symbols: symbols)
                violation.earlyKey = key
                violations.append(violation)
            }
            return violations
        }

        /// The finding for the view named `name`, re-created as `recreated` sums up, citing `lines`.
        private func violation(name: String, recreated: Recreated, lines: [Int], symbols: SymbolTable) -> Violation {
            // Names are made once per distinct symbol (or state list): a later repeat adds
            // nothing to a list of first occurrences.
            let state = Self.stateNames(recreated.states, in: symbols)
            // An update without a root is a changed instance id, whose cause the log does not show.
            let roots = symbols.distinctNames(recreated.roots).joined(separator: ", ")
            let within = roots.isEmpty ? (recreated.instances.isEmpty ? "its printed instance id changed" : "it was replaced in place") : ""
            // Rows replaced in place need no unknown root named: the rows say what happened.
            let of = roots.isEmpty ? (recreated.instances.isEmpty ? " of ?" : "") : " of \(roots)"
            let created = recreated.created
            let updates = recreated.updates
            if recreated.orphans == updates, updates > 0 {
                let message = "\(name) was created anew \(counted(updates, "time")) in \(String(format: "%.1f", recreated.orphanSpan)) s "
                    + "with no update of an ancestor printed (the view that re-creates it prints nothing); "
                    + (state.isEmpty ? "SwiftUI rebuilt it and its subtree each time." : "its state (\(state.joined(separator: ", "))) reset each time.")
                    + (updates < minRecreations ? " Reported as info: \(counted(updates, "reset")) is below min_recreations (\(minRecreations))." : "")
                return Violation(view: name, message: message, count: updates, lines: lines, weight: updates < minRecreations ? .hint : .full)
            }
            let once = updates == 1
            var message = once
                ? "\(name) was created anew \(roots.isEmpty ? "when \(within)" : "in an update of \(roots)") after it already existed; "
                : "\(name) was created anew in \(counted(updates, "update"))\(of) "
                    + "(\(counted(created, "new identity", plural: "new identities"))) after it already existed; "
            message += state.isEmpty ? "SwiftUI rebuilt it and its subtree" : "its state (\(state.joined(separator: ", "))) reset"
            message += once ? "." : " each time."
            if !recreated.instances.isEmpty {
                // Rows built anew, taken off screen and put back: named, so the user sees which.
                message += " Replaced in place (init, disappear, appear): \(symbols.distinctNames(recreated.instances).joined(separator: ", "))."
            }
            // One reset is a hint: it may be an intended `if`, or the first of many.
            if updates < minRecreations {
                message += " Reported as info: \(counted(updates, "reset")) is below min_recreations (\(minRecreations))."
            }
            // The count is the state resets (new identities), what fix first calls them; the
            // threshold weighs updates, as one update may reset a whole list.
            return Violation(
                view: name, message: message, count: created,
                lines: lines, weight: updates < minRecreations ? .hint : .full
            )
        }

        /// The re-created views by name as bytes (SQLite's BINARY order); neighbours whose
        /// names are equal as Swift strings (canonically equivalent) are one view, as when the
        /// rows came from SQL.
        ///
        /// The lines are read from file one view at a time, as the caller takes each.
        private func recreatedViews(_ symbols: SymbolTable) -> some Sequence<(name: String, recreated: Recreated, lines: [Int])> {
            var rows: [(name: String, recreated: Recreated, view: Int)] = []
            for view in recreated.indices where !recreated[view].isEmpty {
                rows.append((symbols[symbols.symbol(at: view)], recreated[view], view))
            }
            rows.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
            var views: [(name: String, recreated: Recreated, symbols: [Int])] = []
            for row in rows {
                if let last = views.indices.last, views[last].name == row.name {
                    views[last].recreated.merge(row.recreated)
                    views[last].symbols.append(row.view)
                } else {
                    views.append((row.name, row.recreated, [row.view]))
                }
            }
            return views.lazy.map { view in
                (view.name, view.recreated, view.symbols.flatMap { self.recreatedLines.elements(of: $0) })
            }
        }

        /// The models' cycles by owner, then model (a model without a name, `?`, first), as
        /// bytes; neighbours equal as Swift strings are one model, as when the rows came from SQL.
        ///
        /// Each comes with its count of cycles and its lists in `cycleLines`.
        private func recreatedModels(_ symbols: SymbolTable) -> [(owner: String, model: String, cycles: Int, lists: [Int])] {
            var rows: [(owner: String, model: String?, cycles: Int, lists: [Int])] = []
            for (key, list) in cycles {
                rows.append((symbols[key.owner], key.owned.map { symbols[$0] }, cycleLines.count(of: list) / 2, [list]))
            }
            rows.sort {
                if !$0.owner.utf8.elementsEqual($1.owner.utf8) { return $0.owner.utf8.lexicographicallyPrecedes($1.owner.utf8) }
                guard let right = $1.model else { return false }
                guard let left = $0.model else { return true }
                return left.utf8.lexicographicallyPrecedes(right.utf8)
            }
            var models: [(owner: String, model: String, cycles: Int, lists: [Int])] = []
            for row in rows {
                let model = row.model ?? "?"
                if let last = models.indices.last, models[last].owner == row.owner, models[last].model == model {
                    models[last].cycles += row.cycles
                    models[last].lists += row.lists
                } else {
                    models.append((row.owner, model, row.cycles, row.lists))
                }
            }
            return models
        }

        /// The distinct state names of `states`, in order of first occurrence, as `names(of:)`
        /// reads each list. A view re-created in many updates has many lists of few symbols:
        /// each symbol is named once, and only names holding a comma or edge spaces (which
        /// `names(of:)` splits or trims) need the lists joined and split again.
        private static func stateNames(_ states: [[Symbol]], in symbols: SymbolTable) -> [String] {
            var seen = Set<Symbol>()
            var names: [String] = []
            for state in states {
                for symbol in state where seen.insert(symbol).inserted {
                    let name = symbols[symbol]
                    if name.isEmpty || name.contains(",") || name.first!.isWhitespace || name.last!.isWhitespace {
                        return states.flatMap { Self.names(of: $0, in: symbols) }.uniqued()
                    }
                    names.append(name)
                }
            }
            return names.uniqued()
        }

        /// The state tokens as the SQL's `group_concat(token, ', ')` read back: split at commas
        /// and trimmed.
        private static func names(of state: [Symbol], in symbols: SymbolTable) -> [String] {
            state.map { symbols[$0] }.joined(separator: ", ").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }
}
