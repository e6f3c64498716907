import TraceStore

/// A view whose `onAppear` runs again and again within one lifetime.
public enum RepeatedAppearRule: Rule {
    static let minAppears = Threshold.count(
        "min_appears", default: 2, "Appear lines of one view (and instance) within one lifetime.")

    public static let description = RuleDescription(
        identifier: "repeated_appear",
        title: "Repeated appear",
        defaultSeverity: .info,
        summary: "A view's onAppear runs several times within one lifetime (tab switches, cells scrolling back, navigation pops).",
        rationale: """
            `onAppear` is not `viewDidLoad`: it runs whenever the view starts to take part in its \
            parent's layout, so a TabView tab appears on every switch to it, a lazy list cell each \
            time it scrolls back in, a navigation root each time a pushed view is popped. Work \
            placed there (loading data, starting timers, logging analytics) runs every time, \
            while its `@State` lives on. The rule counts appear lines of one view, and of one \
            instance when the line names one (`tab 1 appear`), between new identities: a \
            `@identity` in the view's `_printChanges()` line, or the release of the last state \
            model it owns (`View Model deinit`) ends a lifetime. A view on screen cannot appear \
            again before something else happens, so appears of one view in one batch (nothing \
            but appear and disappear lines, and the view's own init and body lines, between them, \
            none a pause apart) are instances appearing together, as `ForEach` rows whose prints \
            name no row: they count once. A view built, removed and inserted in one batch is a new \
            instance in the old one's place (rows given new ids). Info only: appearing again is \
            often what the view needs; it matters when the work belongs to the first appearance.
            """,
        fix: """
            Guard one-time work with a `@State` flag (`if !loaded { load(); loaded = true }`), \
            or use `.task(id:)` keyed on what the work depends on; move work that belongs to the \
            model's lifetime into the model.
            """,
        swiftFix: [
            SwiftPair(
                note: "The inbox is a tab, and `onAppear` runs on every switch back to it: each time it starts another fetch that nothing cancels. `.task(id:)` also runs on each appearance, but it is cancelled when the tab disappears and restarts when the account changes; the model skips the fetch for an account it has already loaded.",
                before: #"""
                    import SwiftUI
                    import Observation

                    struct Message: Identifiable, Sendable {
                        let id: Int
                        let subject: String
                    }

                    @Observable @MainActor final class Inbox {
                        var messages: [Message] = []

                        func load(account: String) async {
                            messages = [Message(id: 1, subject: "Welcome, \(account)")]
                        }
                    }

                    /// A tab: it appears again on every switch back to it.
                    struct InboxTab: View {
                        let account: String
                        @State private var inbox = Inbox()

                        var body: some View {
                            List {
                                ForEach(inbox.messages) { Text($0.subject) }
                            }
                            // Each appearance starts another fetch, which nothing cancels when the tab goes away.
                            .onAppear {
                                Task { await inbox.load(account: account) }
                            }
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI
                    import Observation

                    struct Message: Identifiable, Sendable {
                        let id: Int
                        let subject: String
                    }

                    @Observable @MainActor final class Inbox {
                        var messages: [Message] = []
                        private var loadedAccount: String?

                        /// Fetches once per account, however often the tab appears.
                        func loadIfNeeded(account: String) async {
                            guard loadedAccount != account else { return }
                            messages = [Message(id: 1, subject: "Welcome, \(account)")]
                            loadedAccount = account
                        }
                    }

                    /// A tab: it appears again on every switch back to it.
                    struct InboxTab: View {
                        let account: String
                        @State private var inbox = Inbox()

                        var body: some View {
                            List {
                                ForEach(inbox.messages) { Text($0.subject) }
                            }
                            // Cancelled when the tab disappears, restarted when the account changes; the model skips an account it has.
                            .task(id: account) {
                                await inbox.loadIfNeeded(account: account)
                            }
                        }
                    }
                    """#
            ),
        ],
        seed: "000 (TabView: `tab 1 appear` on every switch back); 004 (`MyRootView appear` after every pop); 002 (when onAppear runs)",
        thresholds: [minAppears],
        triggeringExamples: [
            Example(note: "Seed 000: switching tabs makes each tab appear again; its state (the `loaded` flag) lives on.", """
                ↓tab 1 appear
                load data 1
                ↓tab 2 appear
                load data 2
                tab 1 disappear
                ↓tab 1 appear
                tab 2 disappear
                ↓tab 2 appear
                tab 1 disappear
                ↓tab 1 appear
                """),
            Example(note: "Seed 004: the navigation root appears again after every pop.", """
                ↓2020-03-23 01:32:12.577138+0800 App[76407:18927258] 🚩 MyRootView appear
                2020-03-23 01:32:26.788380+0800 App[76407:18927258] 1️⃣ FirstView init 🟢
                2020-03-23 01:32:26.811396+0800 App[76407:18927258] ---------1️⃣ FirstView appear-------
                ↓2020-03-23 01:32:57.753106+0800 App[76407:18927258] 🚩 MyRootView appear
                2020-03-23 01:32:57.969867+0800 App[76407:18927258] ---------1️⃣ FirstView disappear-------
                """),
            Example(note: "A cell scrolled out and back in keeps its identity: `_printChanges()` shows no new one.", """
                FeedView: @self, @identity changed.
                PostCell: @self, @identity changed.
                ↓PostCell appear
                PostCell disappear
                ↓PostCell appear
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Rows named by their id, built anew while shown and swapped off and on screen at once: each appear is a new row in the old one's place (`identity_churn`'s), not the same row appearing again.", """
                ListView: _tick changed.
                ItemRow(id: 1) init
                ItemRow(id: 1) onAppear
                ListView: _tick changed.
                ItemRow(id: 1) init
                ItemRow(id: 1) onDisappear
                ItemRow(id: 1) onAppear
                ListView: _tick changed.
                ItemRow(id: 1) init
                ItemRow(id: 1) onDisappear
                ItemRow(id: 1) onAppear
                """),
            Example(note: "Rows whose prints name no row, appearing together: one batch of appears is several rows, each appearing once.", """
                FeedView body
                PostRow init
                PostRow init
                PostRow body
                PostRow body
                FeedView appear
                PostRow appear
                PostRow appear
                PostRow body
                PostRow appear
                """),
            Example(note: "Rows given new ids on every update (`.id(UUID())`), their prints naming no row: built, removed and inserted in one update, each a new row.", """
                ListView body
                ItemRow init
                ItemRow body
                ListView appear
                ItemRow appear
                ListView body
                ItemRow init
                ItemRow body
                ItemRow disappear
                ItemRow appear
                ListView body
                ItemRow init
                ItemRow body
                ItemRow disappear
                ItemRow appear
                """),
            Example(note: "Rows that print their id after the verb are different rows, each appearing once.", """
                RowView onAppear 1
                RowView onAppear 2
                RowView onAppear 3
                RowView onDisappear 1
                """),
            Example(note: "A sheet presented three times: each presentation makes the view anew after it went off screen, so each is a lifetime of its own.", """
                ContentView body
                SheetView init
                SheetView onAppear
                SheetView onDisappear
                SheetView init
                SheetView onAppear
                SheetView onDisappear
                SheetView init
                SheetView onAppear
                SheetView onDisappear
                """),
            Example(note: "A detail screen whose model is made just before each presentation.", """
                DetailViewModel init
                DetailView appear
                DetailView disappear
                DetailViewModel init
                DetailView appear
                DetailView disappear
                """),
            Example(note: "Seed 000's ZStack: each layer appears once, whatever its opacity.", """
                2 appear
                1 appear
                """),
            Example(note: "Seed 002: each view appears once, after layout.", """
                outer evaluate
                inner evaluate
                outer layout
                inner layout
                helper layout
                outer onAppear
                helper onAppear
                inner onAppear
                will appear(render)
                """),
            Example(note: "Shown again with a new identity (`if` toggled): a new lifetime, its state fresh.", """
                PlayButton: @self, @identity, _isPlaying changed.
                PlayButton appear
                PlayButton disappear
                ContentView: _showPlayButton changed.
                PlayButton: @self, @identity, _isPlaying changed.
                PlayButton appear
                """),
            Example(note: "Its last state model released before it appears again: a new lifetime.", """
                DetailView Model init
                DetailView appear
                DetailView disappear
                DetailView Model deinit
                DetailView Model init
                DetailView appear
                """),
            Example(note: "Three appears of one tab with `min_appears` raised to 4.", """
                tab 1 appear
                tab 1 disappear
                tab 1 appear
                tab 1 disappear
                tab 1 appear
                """, thresholds: ["min_appears": 4]),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Lifetimes(minAppears: context.thresholds.count(minAppears), decidesEarly: context.decidesEarly)
    }

    /// Appear lines counted per view, instance and lifetime.
    ///
    /// A lifetime of a view ends where a new one starts: a `_printChanges()` line of the view
    /// with `@identity`, or a `View Model deinit` that releases the last live model the view
    /// owns (a model discarded while another is alive, as `state_model_reinit` finds, ends
    /// nothing). The detector numbers each view's lifetimes as it goes and keeps one running
    /// group per view and instance (the lines that name no instance share one group), tagged
    /// with the lifetime it counts: an appear in a later lifetime closes the group and starts it
    /// again, so a new lifetime costs nothing for the view's other instances.
    final class Lifetimes: Detector {
        private let minAppears: Int
        /// Whether `reached` is kept for `decided`: a finding apiece, so only when asked.
        private let decidesEarly: Bool
        /// Per view symbol: its lifetime number, raised at each new identity.
        @exclusivity(unchecked) private var lifetime: [Int] = []
        /// Live models per owner and model type (a model without a name is a type of its own).
        @exclusivity(unchecked) private var alive: [NamePair: Int] = [:]
        /// The running group of each view and instance.
        @exclusivity(unchecked) private var groupIndex: [NamePair: Int] = [:]
        @exclusivity(unchecked) private var groups: [Group] = []
        /// Groups of `minAppears` or more, closed: final, waiting for `settled` or `finish`, on
        /// file with their lines. A stored trace's scan (`report`) never asks `settled`, and its
        /// closed groups, about one per fifty lines of a busy log, wait to the end: `finish`
        /// reads them back in the order they closed, holding nothing per group.
        private let found = SpilledArray<Found>()
        private let foundLines = SpilledArray<Int>()
        /// The first of `found` not yet handed over.
        @exclusivity(unchecked) private var foundTaken = 0
        /// The number of the current event, in input order.
        @exclusivity(unchecked) private var position = 0
        /// Groups that reached `minAppears` since the last `decided`: their finding exists from
        /// then on, and only grows.
        @exclusivity(unchecked) private var reached: [(key: Int, view: Symbol, instance: Symbol?, lines: [Int])] = []
        /// Each group's lifetime gets a key of its own: the finding it may become.
        @exclusivity(unchecked) private var nextKey = 0
        /// Per view symbol: it disappeared and has not appeared since (a sheet dismissed, a
        /// screen popped).
        @exclusivity(unchecked) private var offScreen: [Bool] = []
        /// The event before was a model's init (no owner, a type not seen shown): made for
        /// whatever appears next.
        @exclusivity(unchecked) private var afterInit = false
        /// Per symbol: it printed a body, appear or disappear line, so it is a view.
        @exclusivity(unchecked) private var shown: [Bool] = []
        /// Named instances replaced in place (`ItemRow(id: 1)` init, disappear, appear).
        @exclusivity(unchecked) private var swaps = InstanceSwaps()
        /// Which appears happened together (rows appearing at once are not a row appearing again).
        @exclusivity(unchecked) private var batches = AppearBatches()

        /// A closed group, its lines in `foundLines`.
        private struct Found {
            let first: Int
            let key: Int
            let view: Symbol
            let instance: Symbol?
            let linesStart: Int
            let lineCount: Int
        }

        private struct Group {
            let view: Symbol
            let instance: Symbol?
            var lifetime: Int
            var key: Int
            /// The position of its first appear.
            var first: Int
            /// The position of its latest appear, counted or not.
            var last: Int
            var lines: [Int]
        }

        init(minAppears: Int, decidesEarly: Bool) {
            self.minAppears = minAppears
            self.decidesEarly = decidesEarly
        }

        func observe(_ event: LifecycleEvent) {
            position += 1
            batches.observe(event, at: position)
            // Every init, disappear and appear, so that a named instance replaced in place is known.
            let replaced = swaps.isReplacement(event)
            // A model's init: a type never seen with a body, appear or disappear line so far
            // (a view's init right before another view appears says nothing about it).
            defer { afterInit = event.kind == .`init` && event.owner == nil && !event.implied && !(event.view.map(isShown) ?? true) }
            if event.kind == .body || event.kind == .appear || event.kind == .disappear, let view = event.view {
                shown.grow(toInclude: view.index, with: false)
                shown[view.index] = true
            }
            switch event.kind {
            case .appear:
                guard let view = event.view else { return }
                // Presented again: a view that went off screen and is made anew (its init, or
                // a model's just before it) starts a new lifetime, as each sheet presentation does.
                if afterInit, isOffScreen(view) { newLifetime(view) }
                markOffScreen(view, false)
                var current = lifetimeOf(view)
                let key = NamePair(owner: view, owned: event.instance)
                guard let index = groupIndex[key] else {
                    groupIndex[key] = groups.count
                    groups.append(Group(
                        view: view, instance: event.instance, lifetime: current, key: nextKey, first: position, last: position,
                        lines: [event.line]))
                    nextKey += 1
                    if minAppears <= 1 { reach(groups.count - 1) }
                    return
                }
                let last = groups[index].last
                groups[index].last = position
                if groups[index].lifetime == current && !replaced {
                    // Another instance appearing with that one, not that one appearing again.
                    if batches.isSibling(of: view, since: last) { return }
                    if batches.isRebuilt(view, since: last) || batches.isAdded(view, since: last) {
                        newLifetime(view)
                        current = lifetimeOf(view)
                    }
                }
                // A named instance built anew while shown, then swapped off and on screen, is a
                // new row in the old one's place (its id changed): a lifetime of its own.
                if groups[index].lifetime != current || replaced {
                    close(index)
                    groups[index].lifetime = current
                    groups[index].key = nextKey
                    nextKey += 1
                    groups[index].first = position
                }
                groups[index].lines.append(event.line)
                if groups[index].lines.count == minAppears { reach(index) }
            case .body:
                guard event.isPrintChanges, event.newIdentity, let view = event.view else { return }
                newLifetime(view)
            case .disappear:
                guard let view = event.view else { return }
                markOffScreen(view, true)
            case .`init`, .`deinit`:
                // The view itself made again after it went off screen: a new presentation.
                if event.kind == .`init`, event.owner == nil, let view = event.view, isOffScreen(view) {
                    newLifetime(view)
                    markOffScreen(view, false)
                }
                guard let owner = event.owner else { return }
                let key = NamePair(owner: owner, owned: event.view)
                let count = alive[key, default: 0] + (event.kind == .`init` ? 1 : -1)
                alive[key] = count
                if event.kind == .`deinit` && count == 0 { newLifetime(owner) }
            default:
                break
            }
        }

        private func reach(_ index: Int) {
            guard decidesEarly else { return }
            let group = groups[index]
            reached.append((group.key, group.view, group.instance, group.lines))
        }

        private func isShown(_ symbol: Symbol) -> Bool {
            symbol.index < shown.count && shown[symbol.index]
        }

        private func isOffScreen(_ view: Symbol) -> Bool {
            view.index < offScreen.count && offScreen[view.index]
        }

        private func markOffScreen(_ view: Symbol, _ value: Bool) {
            offScreen.grow(toInclude: view.index, with: false)
            offScreen[view.index] = value
        }

        private func lifetimeOf(_ view: Symbol) -> Int {
            view.index < lifetime.count ? lifetime[view.index] : 0
        }

        private func newLifetime(_ view: Symbol) {
            lifetime.grow(toInclude: view.index, with: 0)
            lifetime[view.index] += 1
        }

        /// Files group `index` when it has enough appears and empties it (keeping its storage).
        private func close(_ index: Int) {
            // Read in place: a copy of the group would make `removeAll` copy its lines.
            if groups[index].lines.count >= minAppears {
                found.append(Found(
                    first: groups[index].first, key: groups[index].key, view: groups[index].view, instance: groups[index].instance,
                    linesStart: foundLines.count, lineCount: groups[index].lines.count
                ))
                for line in groups[index].lines { foundLines.append(line) }
            }
            groups[index].lines.clear()
        }

        func finish(_ subjects: Subjects) -> [Violation] { collected(subjects) }

        /// The groups not yet handed over, each read back as its turn comes, in the order they
        /// closed: sorting them as `settled` does would hold one entry per group (3 MB at ten
        /// million lines), and the order only numbers the stored findings.
        func finish(_ subjects: Subjects, each body: (Violation) throws -> Void) rethrows {
            for index in groups.indices { close(index) }
            try handOver(subjects.symbols, inOrderBegun: false, body)
        }

        /// A closed group is final: a later appear starts a group of its own.
        func settled(_ subjects: Subjects) -> [Violation] {
            var violations: [Violation] = []
            handOver(subjects.symbols, inOrderBegun: true) { violations.append($0) }
            return violations
        }

        /// The closed groups not yet handed over, in the order they began or in the order they closed.
        private func handOver(_ symbols: SymbolTable, inOrderBegun: Bool, _ body: (Violation) throws -> Void) rethrows {
            let waiting = foundTaken ..< found.count
            foundTaken = found.count
            func handOver(_ index: Int) throws {
                let group = found[index]
                let lines = (group.linesStart ..< group.linesStart + group.lineCount).map { foundLines[$0] }
                try body(Self.violation(key: group.key, view: group.view, instance: group.instance, lines: lines, symbols))
            }
            guard inOrderBegun else { return try waiting.forEach(handOver) }
            var order = waiting.map { (first: found[$0].first, index: $0) }
            order.sort { $0.first < $1.first }
            for (_, index) in order { try handOver(index) }
        }

        /// A group is decided when it reaches `minAppears` appears within its lifetime.
        func decided(_ subjects: Subjects) -> [Violation] {
            guard !reached.isEmpty else { return [] }
            defer { reached.removeAll() }
            return reached.map { Self.violation(key: $0.key, view: $0.view, instance: $0.instance, lines: $0.lines, subjects.symbols) }
        }

        private static func violation(key: Int, view: Symbol, instance: Symbol?, lines: [Int], _ symbols: SymbolTable) -> Violation {
            let view = symbols[view]
            let name = instance.map { "\(view) \(symbols[$0])" } ?? view
            let count = lines.count
            // The first appear of a lifetime had to happen: the count is the ones after it.
            let again = count - 1
            return Violation(
                view: view,
                message: "\(name) appeared \(count == 2 ? "twice" : "\(count) times") within one lifetime (no new identity in between): "
                    + "its onAppear work ran again \(again == 1 ? "once" : "\(again) times"), though its state lived on.",
                count: again,
                lines: lines,
                earlyKey: key
            )
        }
    }
}
