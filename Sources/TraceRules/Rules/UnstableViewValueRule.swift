import TraceStore

/// A child re-evaluated through `@self` alone on every update of its parent, whatever changed.
public enum UnstableViewValueRule: Rule {
    static let minCauses = Threshold.count(
        "min_causes", default: 2,
        "Different changes of the parent (`_count`, `_isEditing`...) after which the child re-ran by @self alone.")
    static let minUpdates = Threshold.count(
        "min_updates", default: 3, "Updates of the parent in which the child re-ran by @self alone.")
    static let maxUpdateSeconds = Threshold.duration(
        "max_update_seconds", default: 0.5,
        "When lines carry timestamps, body lines later than this after an update's first line are not part of that update.")

    public static let description = RuleDescription(
        identifier: "unstable_view_value",
        title: "Unstable view value",
        defaultSeverity: .warning,
        summary: "A child view's body re-runs through `@self` alone on every update of its parent, whatever the parent's change: its stored value differs on every init.",
        rationale: """
            When a parent's body runs, SwiftUI makes its children anew and compares each new value \
            with the stored one (field by field, like `memcmp`); only a child whose value differs \
            is evaluated again, and `_printChanges()` says so with `@self`. A child holding a \
            `UUID()`, `Date()`, random number or closure differs every time, so SwiftUI can never \
            skip it: every update of the parent re-runs its body and its whole subtree. \
            A log alone cannot tell this from a child whose input really changed, so the rule \
            looks across the parent's updates with different causes: a child that depends on \
            `count` re-runs only after `_count changed.`; an unstable one after \
            `_isEditing changed.` and `_filter changed.` too, and never sits one out. It flags a \
            child that re-ran by `@self` alone after `min_causes` different changes of the \
            parent, in `min_updates` updates, and sat out none of the parent's updates while it \
            existed. What the log cannot tell: a child that takes every value its parent changes \
            (`Row(title: title, count: count)` under a parent that changes only `title` and \
            `count`) looks the same; the more different causes, the likelier the value is \
            unstable. A parent that never changes for two reasons (seed 001's `+ 1` alone) gives \
            no evidence either way, and a child whose own parent view sits between it and the \
            updating root is seen only when that view re-runs too. A warning: the screen is \
            right, the work is wasted.
            """,
        fix: """
            Make the stored value stable: pass identifiers in instead of making them in the view \
            (`let id = UUID()` → `let id: Item.ID`), move per-instance values into `@State` \
            (SwiftUI keeps the first value per identity, so the view's value stops differing), store no closures (pass a value or an action type), or \
            make the view `Equatable` comparing only what its body reads and use `.equatable()`.
            """,
        swiftFix: [
            SwiftPair(
                note: "`private let impressionID = UUID()` gives every `EpisodeRow` value a new id, so the value SwiftUI compares always differs and the row's body re-runs on every update of the list (`@self` changed), whatever changed. Make the id where it is used, or pass one in from the data.",
                before: #"""
                    import Foundation
                    import SwiftUI

                    struct Episode: Identifiable {
                        let id: Int
                        let title: String
                    }

                    @MainActor final class Analytics {
                        static let shared = Analytics()
                        func logImpression(_ impression: UUID, episode: Int) {}
                    }

                    struct EpisodeRow: View {
                        let episode: Episode
                        // A new UUID on every init: the value always differs from the last, so SwiftUI never skips this body.
                        private let impressionID = UUID()

                        var body: some View {
                            Text(episode.title)
                                .onAppear { Analytics.shared.logImpression(impressionID, episode: episode.id) }
                        }
                    }

                    struct EpisodesView: View {
                        let episodes: [Episode]
                        @State private var showsPlayed = false

                        var body: some View {
                            VStack {
                                Toggle("Show played", isOn: $showsPlayed)
                                ForEach(episodes) { EpisodeRow(episode: $0) }
                            }
                        }
                    }
                    """#,
                after: #"""
                    import Foundation
                    import SwiftUI

                    struct Episode: Identifiable {
                        let id: Int
                        let title: String
                    }

                    @MainActor final class Analytics {
                        static let shared = Analytics()
                        func logImpression(_ impression: UUID, episode: Int) {}
                    }

                    struct EpisodeRow: View {
                        let episode: Episode

                        var body: some View {
                            Text(episode.title)
                                // Made when the row appears, not stored in the view's value, which stays equal across inits.
                                .onAppear { Analytics.shared.logImpression(UUID(), episode: episode.id) }
                        }
                    }

                    struct EpisodesView: View {
                        let episodes: [Episode]
                        @State private var showsPlayed = false

                        var body: some View {
                            VStack {
                                Toggle("Show played", isOn: $showsPlayed)
                                ForEach(episodes) { EpisodeRow(episode: $0) }
                            }
                        }
                    }
                    """#
            ),
        ],
        seed: "001 (`PlayButton` re-created by `@self` because of `private let uuid = UUID()`); 003 (`RightEmoji` updates once it holds a random `id`)",
        thresholds: [minCauses, minUpdates, maxUpdateSeconds],
        triggeringExamples: [
            Example(note: "Seed 001 with a parent that changes for three reasons: PlayButton (its `uuid`) re-runs after each; CountText only after `_count`. The first update of each cause is cited.", """
                ContentView: @self, @identity, _showPlayButton, _count, _isEditing, _filter changed.
                PlayButton: @self, @identity, _isPlaying changed.
                CountText: @self, @identity changed.
                ↓ContentView: _count changed.
                ↓PlayButton: @self changed.
                CountText: @self changed.
                ↓ContentView: _isEditing changed.
                ↓PlayButton: @self changed.
                ↓ContentView: _filter changed.
                ↓PlayButton: @self changed.
                ContentView: _count changed.
                PlayButton: @self changed.
                CountText: @self changed.
                """),
            Example(note: "Seed 003's `RightEmoji` given a random `id`: it re-runs on every tick and on pause alike.", """
                EmojiDemo: @self, @identity, _tick, _isPaused changed.
                RightEmoji: @self, @identity changed.
                ↓EmojiDemo: _tick changed.
                ↓RightEmoji: @self changed.
                EmojiDemo: _tick changed.
                RightEmoji: @self changed.
                ↓EmojiDemo: _isPaused changed.
                ↓RightEmoji: @self changed.
                """),
            Example(note: "An `@Observable` parent: Observation changes and its own state alike re-create `AvatarView`, which holds a closure.", """
                ProfileView: @self, @identity, _isEditing changed.
                AvatarView: @self, @identity changed.
                ↓ProfileView: @dependencies changed.
                ↓AvatarView: @self changed.
                ↓ProfileView: _isEditing changed.
                ↓AvatarView: @self changed.
                ProfileView: @dependencies changed.
                AvatarView: @self changed.
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Seed 001 as printed: every update is a `_count` change, so a child that reads `count` would re-run just the same.", """
                ContentView: @self, @identity, _showPlayButton, _count changed.
                PlayButton: @self, @identity, _isPlaying changed.
                CountText: @self, @identity changed.
                ContentView: _count changed.
                PlayButton: @self changed.
                CountText: @self changed.
                ContentView: _count changed.
                PlayButton: @self changed.
                CountText: @self changed.
                ContentView: _count changed.
                PlayButton: @self changed.
                CountText: @self changed.
                """),
            Example(note: "A stable child: CountText re-runs after `_count` changes and sits out `_isEditing` and `_filter`.", """
                ContentView: @self, @identity, _count, _isEditing, _filter changed.
                CountText: @self, @identity changed.
                ContentView: _count changed.
                CountText: @self changed.
                ContentView: _isEditing changed.
                ContentView: _count changed.
                CountText: @self changed.
                ContentView: _filter changed.
                ContentView: _count changed.
                CountText: @self changed.
                """),
            Example(note: "Two causes in two updates: below the default of three updates.", """
                ContentView: _count changed.
                PlayButton: @self changed.
                ContentView: _filter changed.
                PlayButton: @self changed.
                """),
            Example(note: "The child re-runs for its own state as well as its new value: `@self` is not its only news.", """
                ContentView: _count changed.
                PlayButton: @self, _isPlaying changed.
                ContentView: _filter changed.
                PlayButton: @self, _isPlaying changed.
                ContentView: _isEditing changed.
                PlayButton: @self, _isPlaying changed.
                """),
            Example(note: "Seconds apart, the child's lines are not part of the parent's updates.", """
                2024-05-01 10:00:00.000000+0000 App[1:2] ContentView: _count changed.
                2024-05-01 10:00:02.000000+0000 App[1:2] ClockText: @self changed.
                2024-05-01 10:00:03.000000+0000 App[1:2] ContentView: _filter changed.
                2024-05-01 10:00:05.000000+0000 App[1:2] ClockText: @self changed.
                2024-05-01 10:00:06.000000+0000 App[1:2] ContentView: _count changed.
                2024-05-01 10:00:08.000000+0000 App[1:2] ClockText: @self changed.
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Updates(context)
    }

    /// Parent updates as the sweep delimits them, then the children that re-ran by `@self` alone
    /// in every one of a root's updates.
    final class Updates: Detector {
        @exclusivity(unchecked) private var sweep: UpdateSweep
        private let minCauses: Int
        private let minUpdates: Int
        private let sources: SourceIndex?

        init(_ context: RuleContext) {
            sweep = UpdateSweep(maxUpdateSeconds: context.thresholds[maxUpdateSeconds], selfToken: context.symbols.selfToken)
            minCauses = context.thresholds.count(UnstableViewValueRule.minCauses)
            minUpdates = context.thresholds.count(UnstableViewValueRule.minUpdates)
            sources = context.sources
        }

        func observe(_ event: LifecycleEvent) {
            switch event.kind {
            case .appear, .disappear:
                sweep.endUpdate()
            case .body where event.isPrintChanges:
                if let view = event.view { sweep.body(view: view, event) } else { sweep.endUpdate() }
            default:
                break
            }
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            sweep.endUpdate()
            let symbols = subjects.symbols
            let qualifying = sweep.pairs.indices.filter {
                !sweep.pairs[$0].isOut && Int(sweep.pairs[$0].reruns) >= minUpdates && (sweep.causes[Int32($0)]?.count ?? 0) >= minCauses
            }
            // The evidence of the qualifying pairs alone, each pair's in the order it was filed.
            var lines = Dictionary(uniqueKeysWithValues: qualifying.map { (Int32($0), [Int]()) })
            if !lines.isEmpty {
                sweep.lines.forEach(of: 0) { record in lines[record.pair]?.append(record.line) }
            }
            // A child that qualifies under several roots (a parent and a grandparent) is one finding.
            return qualifying.map { sweep.pairs[$0].child }.uniqued().map { childIndex in
                let child = symbols[symbols.symbol(at: Int(childIndex))]
                let found = qualifying.filter { sweep.pairs[$0].child == childIndex }
                let updates = found.map {
                    "\(counted(Int(sweep.pairs[$0].reruns), "update")) of \(symbols[symbols.symbol(at: Int(sweep.pairs[$0].root))])"
                }.joined(separator: " and ")
                let causes = found.flatMap { sweep.causes[Int32($0)] ?? [] }.uniqued().map { "`\(text(of: $0, symbols))`" }.joined(separator: "; ")
                let properties = sources.flatMap { unstableProperties(of: child, in: $0) }
                return Violation(
                    view: child,
                    message: "\(child)'s body re-ran by @self alone in \(updates), whatever had changed (\(causes)), "
                        + "and never sat one out: " + cause(properties),
                    count: found.reduce(0) { $0 + Int(sweep.pairs[$1].reruns) },
                    lines: found.flatMap { lines[Int32($0)]! }
                )
            }
        }

        /// A root's tokens as printed (`_count, _title`), or `unchanged` when it printed none.
        private func text(of cause: Tokens, _ symbols: SymbolTable) -> String {
            cause.isEmpty ? "unchanged" : cause.map { symbols[$0] }.joined(separator: ", ")
        }
    }

    /// What makes the child's value differ, as far as the sources (if given) tell.
    private static func cause(_ properties: [UnstableProperty]?) -> String {
        guard let properties else {
            return "a stored value (a UUID(), Date(), random number or closure) likely differs on every init, so SwiftUI "
                + "can never skip it. The log cannot tell this from a child that reads every one of those values."
        }
        guard !properties.isEmpty else {
            return "its declaration stores no UUID(), Date(), random number or closure, so look for a value passed in "
                + "that is made anew on every update of the parent (or a child that reads every one of those values)."
        }
        let stored = properties.map { "`\($0.name)` (\($0.reason), \($0.file):\($0.line))" }.joined(separator: ", ")
        return "its declaration stores \(stored), new on every init, so SwiftUI can never skip it."
    }
}
