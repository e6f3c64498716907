import TraceStore

/// A view's body evaluated in a loop, in a sustained storm, or far more than anything else.
public enum ExcessiveBodyEvaluationRule: Rule {
    static let minConsecutive = Threshold.count(
        "min_consecutive", default: 10,
        "Body lines of one view in a row, with no other line between, that make an update loop.")
    static let minPerSecond = Threshold.count(
        "min_per_second", default: 60,
        "Evaluations within one second, spread over each tenth of it, that make a sustained storm (needs timestamps).")
    static let minEvaluations = Threshold.count(
        "min_evaluations", default: 100,
        "Evaluations of one view before its share of all evaluations is looked at.")
    static let minSharePercent = Threshold.count(
        "min_share_percent", default: 50,
        "The share of all body evaluations in the trace, in percent, that one view's make excessive.")

    public static let description = RuleDescription(
        identifier: "excessive_body_evaluation",
        title: "Excessive body evaluation",
        defaultSeverity: .warning,
        summary: "A view's body is evaluated in a tight loop, at 60 or more evaluations a second sustained over a second, or far more often than every other view's.",
        rationale: """
            SwiftUI evaluates a body when something it depends on changes. A body that runs again \
            and again with nothing else happening is an update loop: a state written during the \
            update it triggers (`onChange`, `onPreferenceChange`, a `GeometryReader` storing its \
            size, a binding set in `body`), or an `@Observable` dependency touched in every frame. \
            It burns the main thread, drains the battery and, at worst, freezes the UI. The rule \
            flags three shapes: `min_consecutive` body lines of one view in a row with no other \
            line between (a `_printChanges()` line that only reports `@self` or a new `@identity` \
            does not count: rows of one update print exactly that); `min_per_second` evaluations \
            within one second when timestamps tell, with some in each tenth of it (a long list \
            updated once is one burst, not a storm); or `min_evaluations` evaluations making up \
            `min_share_percent` of all body evaluations in the trace. A loop may also pass through \
            a few views in turn (a parent and its children, as a device log shows it with no \
            warning): `min_consecutive` times round the same cycle of up to four views is the \
            same loop, reported on the cycle's first view and naming the others. A child that \
            only prints `@self` (handed a new value each round) is one of the cycle's views when \
            another line of the round says more (a changed property, a hand print); a round of \
            `@self` lines alone is also what one update of rows, each with a child, prints. A line the log \
            counts (`Row body (×12)`, `last message repeated 11 times`) counts as that many. A \
            pasted log that shows two rounds or more and then the author's note that it goes on \
            without end (`…forever`, `(and so on, until the watchdog kills it)`, `etc.`) is a loop \
            on the author's word: the finding quotes the note and counts only the lines shown. \
            (`etc.` and `and so on` after one view's lines alone mean more rows, unless each line \
            names the state that changed.)
            """,
        fix: """
            Find the state written while the view updates and move the write out of the update \
            path (compare before assigning, derive the value instead of storing it, debounce); \
            read fast-changing values (scroll offsets, timers, geometry) in the smallest view \
            that needs them, or through `TimelineView`/`Canvas` so only that view re-runs.
            """,
        swiftFix: [
            SwiftPair(
                note: "The screen's body reads `elapsed`, which changes every frame while music plays, so the whole screen is evaluated every frame. Read it in a small `ElapsedLabel` instead: Observation tracks the properties each body reads, so only the label re-runs.",
                before: #"""
                    import SwiftUI
                    import Observation

                    @Observable @MainActor final class Playback {
                        var title = "Blue in Green"
                        var queue = ["So What", "Freddie Freeloader", "Blue in Green"]
                        /// Seconds played, advanced every frame while playing.
                        var elapsed = 0.0

                        func play() async {
                            while !Task.isCancelled {
                                try? await Task.sleep(for: .milliseconds(16))
                                elapsed += 0.016
                            }
                        }
                    }

                    struct NowPlayingScreen: View {
                        @State private var playback = Playback()

                        var body: some View {
                            VStack {
                                Text(playback.title).font(.headline)
                                // Reading `elapsed` here makes the whole screen depend on it: this body runs every frame.
                                Text("\(Int(playback.elapsed)) s")
                                UpNextList(tracks: playback.queue)
                            }
                            .task { await playback.play() }
                        }
                    }

                    struct UpNextList: View {
                        let tracks: [String]

                        var body: some View {
                            Text("Up next: " + tracks.joined(separator: ", "))
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI
                    import Observation

                    @Observable @MainActor final class Playback {
                        var title = "Blue in Green"
                        var queue = ["So What", "Freddie Freeloader", "Blue in Green"]
                        /// Seconds played, advanced every frame while playing.
                        var elapsed = 0.0

                        func play() async {
                            while !Task.isCancelled {
                                try? await Task.sleep(for: .milliseconds(16))
                                elapsed += 0.016
                            }
                        }
                    }

                    struct NowPlayingScreen: View {
                        @State private var playback = Playback()

                        var body: some View {
                            VStack {
                                Text(playback.title).font(.headline)
                                ElapsedLabel(playback: playback)
                                UpNextList(tracks: playback.queue)
                            }
                            .task { await playback.play() }
                        }
                    }

                    /// The one view that reads `elapsed`, so the one body that runs every frame.
                    struct ElapsedLabel: View {
                        let playback: Playback

                        var body: some View {
                            Text("\(Int(playback.elapsed)) s")
                        }
                    }

                    struct UpNextList: View {
                        let tracks: [String]

                        var body: some View {
                            Text("Up next: " + tracks.joined(separator: ", "))
                        }
                    }
                    """#
            ),
        ],
        seed: "000 (body evaluation is the cost SwiftUI avoids when a subview's inputs are unchanged); 003 (what makes SwiftUI re-evaluate a body)",
        thresholds: [minConsecutive, minPerSecond, minEvaluations, minSharePercent],
        triggeringExamples: [
            Example(note: "An update loop: the view's own state changes again as soon as its body has run; the run's first and last lines are cited (the first evaluation, a new identity, is not part of it).", """
                ContentView: @self, @identity changed.
                ProgressRing: @self, @identity, _progress changed.
                ↓ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ↓ProgressRing: _progress changed.
                """),
            Example(note: "Developer prints count too: `row body` ten times in a row.", """
                ↓2024-05-01 10:00:00.000000+0000 App[1:2] row body
                2024-05-01 10:00:00.000100+0000 App[1:2] row body
                2024-05-01 10:00:00.000200+0000 App[1:2] row body
                2024-05-01 10:00:00.000300+0000 App[1:2] row body
                2024-05-01 10:00:00.000400+0000 App[1:2] row body
                2024-05-01 10:00:00.000500+0000 App[1:2] row body
                2024-05-01 10:00:00.000600+0000 App[1:2] row body
                2024-05-01 10:00:00.000700+0000 App[1:2] row body
                2024-05-01 10:00:00.000800+0000 App[1:2] row body
                ↓2024-05-01 10:00:00.000900+0000 App[1:2] row body
                2024-05-01 10:00:00.001000+0000 App[1:2] row appear
                """),
            Example(note: "A device log (idevicesyslog) with no SwiftUI warning: two bodies cycling ten times round with nothing else between are a loop through both; the cycle's first and last lines are cited.", """
                ↓Jun  3 09:51:55.000000 MyApp(SwiftUI)[1234] <Notice>: FeedView body
                Jun  3 09:51:55.010000 MyApp(SwiftUI)[1234] <Notice>: FeedRow body
                Jun  3 09:51:55.020000 MyApp(SwiftUI)[1234] <Notice>: FeedView body
                Jun  3 09:51:55.030000 MyApp(SwiftUI)[1234] <Notice>: FeedRow body
                Jun  3 09:51:55.040000 MyApp(SwiftUI)[1234] <Notice>: FeedView body
                Jun  3 09:51:55.050000 MyApp(SwiftUI)[1234] <Notice>: FeedRow body
                Jun  3 09:51:55.060000 MyApp(SwiftUI)[1234] <Notice>: FeedView body
                Jun  3 09:51:55.070000 MyApp(SwiftUI)[1234] <Notice>: FeedRow body
                Jun  3 09:51:55.080000 MyApp(SwiftUI)[1234] <Notice>: FeedView body
                Jun  3 09:51:55.090000 MyApp(SwiftUI)[1234] <Notice>: FeedRow body
                Jun  3 09:51:55.100000 MyApp(SwiftUI)[1234] <Notice>: FeedView body
                Jun  3 09:51:55.110000 MyApp(SwiftUI)[1234] <Notice>: FeedRow body
                Jun  3 09:51:55.120000 MyApp(SwiftUI)[1234] <Notice>: FeedView body
                Jun  3 09:51:55.130000 MyApp(SwiftUI)[1234] <Notice>: FeedRow body
                Jun  3 09:51:55.140000 MyApp(SwiftUI)[1234] <Notice>: FeedView body
                Jun  3 09:51:55.150000 MyApp(SwiftUI)[1234] <Notice>: FeedRow body
                Jun  3 09:51:55.160000 MyApp(SwiftUI)[1234] <Notice>: FeedView body
                Jun  3 09:51:55.170000 MyApp(SwiftUI)[1234] <Notice>: FeedRow body
                Jun  3 09:51:55.180000 MyApp(SwiftUI)[1234] <Notice>: FeedView body
                ↓Jun  3 09:51:55.190000 MyApp(SwiftUI)[1234] <Notice>: FeedRow body
                """),
            Example(note: "A parent whose state changes every round and a child it hands a new value each time (so the child prints only `@self`): ten times round with nothing else between is a loop through both.", """
                ↓ShelfView: _offset changed.
                BookTower: @self changed.
                ShelfView: _offset changed.
                BookTower: @self changed.
                ShelfView: _offset changed.
                BookTower: @self changed.
                ShelfView: _offset changed.
                BookTower: @self changed.
                ShelfView: _offset changed.
                BookTower: @self changed.
                ShelfView: _offset changed.
                BookTower: @self changed.
                ShelfView: _offset changed.
                BookTower: @self changed.
                ShelfView: _offset changed.
                BookTower: @self changed.
                ShelfView: _offset changed.
                BookTower: @self changed.
                ShelfView: _offset changed.
                ↓BookTower: @self changed.
                """),
            Example(note: "A log that counts instead of pasting: one line said twelve times (`(×12)`, `x 12`, `[repeated 12 times]`, or `last message repeated 11 times` after it) is twelve evaluations in a row.", """
                ↓Row body (×12)
                Row appear
                """),
            Example(note: "A pasted log: two rounds of a cycle, then the author's note that it goes on. A loop on the author's word, counted as the four lines shown; the note's line is cited with the rounds'.", """
                ↓GalleryView: … _zoom, _offset … changed.
                ThumbnailStrip: @self changed.
                GalleryView: _offset changed.
                ↓ThumbnailStrip: @self changed.
                ↓(and so on, until the watchdog kills it)
                """),
            Example(note: "The same of one view: its state changed twice in a row, then `…forever`.", """
                Feed loaded
                ↓ProgressRing: _progress changed.
                ↓ProgressRing: _progress changed.
                ↓…forever
                """),
            Example(note: "A storm with `min_per_second` lowered to 10: evaluated in every tenth of a second for a second, around other output.", """
                ↓2024-05-01 10:00:00.050000+0000 App[1:2] ScrollHeader: _offset changed.
                2024-05-01 10:00:00.060000+0000 App[1:2] scrolled
                2024-05-01 10:00:00.150000+0000 App[1:2] ScrollHeader: _offset changed.
                2024-05-01 10:00:00.160000+0000 App[1:2] scrolled
                2024-05-01 10:00:00.250000+0000 App[1:2] ScrollHeader: _offset changed.
                2024-05-01 10:00:00.260000+0000 App[1:2] scrolled
                2024-05-01 10:00:00.350000+0000 App[1:2] ScrollHeader: _offset changed.
                2024-05-01 10:00:00.360000+0000 App[1:2] scrolled
                2024-05-01 10:00:00.450000+0000 App[1:2] ScrollHeader: _offset changed.
                2024-05-01 10:00:00.460000+0000 App[1:2] scrolled
                2024-05-01 10:00:00.550000+0000 App[1:2] ScrollHeader: _offset changed.
                2024-05-01 10:00:00.560000+0000 App[1:2] scrolled
                2024-05-01 10:00:00.650000+0000 App[1:2] ScrollHeader: _offset changed.
                2024-05-01 10:00:00.660000+0000 App[1:2] scrolled
                2024-05-01 10:00:00.750000+0000 App[1:2] ScrollHeader: _offset changed.
                2024-05-01 10:00:00.760000+0000 App[1:2] scrolled
                2024-05-01 10:00:00.850000+0000 App[1:2] ScrollHeader: _offset changed.
                2024-05-01 10:00:00.860000+0000 App[1:2] scrolled
                ↓2024-05-01 10:00:00.950000+0000 App[1:2] ScrollHeader: _offset changed.
                """, thresholds: ["min_per_second": 10]),
            Example(note: "With `min_evaluations` lowered to 5: one view makes most of the trace's evaluations.", """
                ↓FeedView: _posts changed.
                HeaderView: @self changed.
                FeedView: _posts changed.
                FeedView appear
                FeedView: _posts changed.
                FeedView disappear
                FeedView: _posts changed.
                FooterView: @self changed.
                ↓FeedView: _posts changed.
                """, thresholds: ["min_evaluations": 5]),
        ],
        nonTriggeringExamples: [
            Example(note: "A parent and a child evaluated together three times, each after a tap: a cycle, but three times round is far below `min_consecutive`.", """
                ListView body
                Row body
                ListView body
                Row body
                ListView body
                Row body
                """),
            Example(note: "Seed 000: an inline stack re-evaluated with its parent on every update.", """
                root update
                circle update
                root update
                circle update
                root update
                circle update
                """),
            Example(note: "Nine in a row are below the default of ten.", """
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                ProgressRing: _progress changed.
                """),
            Example(note: "Rows of one update print `@self` or a new `@identity`, one line per row: not a loop.", """
                ListView: _items changed.
                Row: @self changed.
                Row: @self changed.
                Row: @self changed.
                Row: @self changed.
                Row: @self changed.
                Row: @self changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                """),
            Example(note: "One update of rows, each with a child: every line prints `@self` alone, row after row. A list, not a loop, however long.", """
                InboxView: _threads changed.
                ThreadRow: @self changed.
                AvatarView: @self changed.
                ThreadRow: @self changed.
                AvatarView: @self changed.
                ThreadRow: @self changed.
                AvatarView: @self changed.
                ThreadRow: @self changed.
                AvatarView: @self changed.
                ThreadRow: @self changed.
                AvatarView: @self changed.
                ThreadRow: @self changed.
                AvatarView: @self changed.
                ThreadRow: @self changed.
                AvatarView: @self changed.
                ThreadRow: @self changed.
                AvatarView: @self changed.
                ThreadRow: @self changed.
                AvatarView: @self changed.
                ThreadRow: @self changed.
                AvatarView: @self changed.
                """),
            Example(note: "Rows of one update and the author's `etc.`: more rows, not more rounds.", """
                ListView: _items changed.
                Row: @self changed.
                Row: @self changed.
                Row: @self changed.
                etc.
                """),
            Example(note: "One view's print twice and `…and so on`: a list going on (rows print the same), not a loop; `forever` and the like would say it does not end.", """
                RowView body
                RowView body
                …and so on
                """),
            Example(note: "Prose that says forever is no note, and a note after other text closes nothing.", """
                GalleryView: _offset changed.
                ThumbnailStrip: @self changed.
                GalleryView: _offset changed.
                ThumbnailStrip: @self changed.
                The app hangs forever after this.
                (scrolling)
                …forever
                """),
            Example(note: "With `min_per_second` lowered to 10: twelve rows re-evaluated in one burst, once, are not sustained over a second.", """
                2024-05-01 10:00:00.000000+0000 App[1:2] ListView: _items changed.
                2024-05-01 10:00:00.001000+0000 App[1:2] Row: @self changed.
                2024-05-01 10:00:00.001100+0000 App[1:2] Row: @self changed.
                2024-05-01 10:00:00.001200+0000 App[1:2] Row: @self changed.
                2024-05-01 10:00:00.001300+0000 App[1:2] Row: @self changed.
                2024-05-01 10:00:00.001400+0000 App[1:2] Row: @self changed.
                2024-05-01 10:00:00.001500+0000 App[1:2] Row: @self changed.
                2024-05-01 10:00:00.001600+0000 App[1:2] Row: @self changed.
                2024-05-01 10:00:00.001700+0000 App[1:2] Row: @self changed.
                2024-05-01 10:00:00.001800+0000 App[1:2] Row: @self changed.
                2024-05-01 10:00:00.001900+0000 App[1:2] Row: @self changed.
                2024-05-01 10:00:00.002000+0000 App[1:2] Row: @self changed.
                2024-05-01 10:00:00.002100+0000 App[1:2] Row: @self changed.
                2024-05-01 10:00:00.900000+0000 App[1:2] ListView: _items changed.
                """, thresholds: ["min_per_second": 10]),
            Example(note: "With `min_evaluations` lowered to 5: five of twelve evaluations are less than half.", """
                FeedView: _posts changed.
                HeaderView: _title changed.
                FeedView: _posts changed.
                HeaderView: _title changed.
                FeedView: _posts changed.
                HeaderView: _title changed.
                FeedView: _posts changed.
                HeaderView: _title changed.
                FeedView: _posts changed.
                HeaderView: _title changed.
                FooterView: _year changed.
                FooterView: _year changed.
                """, thresholds: ["min_evaluations": 5]),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Evaluations(context)
    }

    /// Feeds every line to `Storms`: body evaluations by view and instance, anything else as a
    /// break in a run.
    final class Evaluations: Detector {
        @exclusivity(unchecked) private var storms: Storms
        private let minEvaluations: Int
        private let minSharePercent: Int
        private let selfToken: Symbol

        init(_ context: RuleContext) {
            storms = Storms(thresholds: context.thresholds)
            minEvaluations = context.thresholds.count(ExcessiveBodyEvaluationRule.minEvaluations)
            minSharePercent = context.thresholds.count(ExcessiveBodyEvaluationRule.minSharePercent)
            selfToken = context.symbols.selfToken
        }

        func observe(_ event: LifecycleEvent) {
            if event.followsText { storms.other() }
            guard event.kind == .body, let view = event.view else { return storms.other() }
            // A `_printChanges()` line whose only news is a new `@identity` or `@self`: rows of
            // one update print exactly that.
            let valueOrIdentityOnly = event.isPrintChanges && !event.tokens.isEmpty
                && (event.newIdentity || event.tokens.allSatisfy { $0 == selfToken })
            storms.body(
                view: view, instance: event.instance, line: event.line,
                slot: event.ts.flatMap(Self.tenths), valueOrIdentityOnly: valueOrIdentityOnly, newIdentity: event.newIdentity,
                namesCause: event.isPrintChanges && !event.tokens.isEmpty && !valueOrIdentityOnly, milliseconds: event.durationMilliseconds
            )
            // The author's `…forever` after it speaks of the rounds up to here and any repeats
            // of this line still to come; the stretch is weighed when it ends.
            if let note = event.endlessNote { storms.endlessNote(line: note.line, words: note.words) }
        }

        /// `seconds` in tenths, truncated toward zero; nil for a time no Int can hold.
        private static func tenths(_ seconds: Double) -> Int? {
            let tenths = seconds * 10
            return abs(tenths) < 9e18 ? Int(tenths) : nil
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            storms.finish()
            return storms.violations(minEvaluations: minEvaluations, minSharePercent: minSharePercent, symbols: subjects.symbols)
        }

        /// A view is decided once it showed a loop or a busy second; its share of all
        /// evaluations is known only at the end.
        func decided(_ subjects: Subjects) -> [Violation] {
            storms.takeDecided(minEvaluations: minEvaluations, minSharePercent: minSharePercent, symbols: subjects.symbols)
        }
    }
}
