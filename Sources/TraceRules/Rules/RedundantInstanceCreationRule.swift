import TraceModel
import TraceStore

/// A view type built far more often than its body is used: instances made and thrown away.
public enum RedundantInstanceCreationRule: Rule {
    static let minInstances = Threshold.count(
        "min_instances", default: 5, "Inits of the view type before the rule looks at it.")
    static let minInitsPerUse = Threshold.count(
        "min_inits_per_use", default: 3,
        "Inits of a view in a row before its one body or appear (a sheet or detail view built again and again before it shows).")
    static let minRatio = Threshold.ratio(
        "min_ratio", default: 3, "How many times more inits than body evaluations (or appears when no body is logged).")

    public static let description = RuleDescription(
        identifier: "redundant_instance_creation",
        title: "Redundant instance creation",
        defaultSeverity: .warning,
        summary: "A view type is instantiated far more often than its body is evaluated: instances are built and thrown away.",
        rationale: """
            Every time a parent's body runs, SwiftUI calls the initialisers of all its child views \
            to compare the new values with the stored ones; when a value is unchanged the body is \
            skipped and the instance is discarded. That is cheap only while `init` is cheap: a \
            view whose inits outnumber its body evaluations many times over pays its init cost \
            for nothing, on every parent update. A warning, not an error: the app still behaves \
            correctly; it does work it throws away.
            """,
        fix: """
            Keep `init` trivial (store the arguments, nothing else) and move work to `.task` or \
            `.onAppear`; pass narrower inputs so fewer parents re-run; split the parent so the \
            state that changes lives next to the views that read it.
            """,
        swiftFix: [
            SwiftPair(
                note: "`ForecastRow`'s init builds a formatter and formats two temperatures; the init runs on every update of the parent, and SwiftUI throws most of those values away after comparing them. The init now only stores its argument; the formatter is made once (`static let`) and used when the body runs.",
                before: #"""
                    import SwiftUI

                    struct Forecast: Equatable {
                        let city: String
                        let highCelsius: Int
                        let lowCelsius: Int
                    }

                    /// Builds a measurement formatter and its locale tables when made.
                    final class TemperatureFormatter {
                        func string(celsius: Int) -> String { "\(celsius) °C" }
                    }

                    struct ForecastRow: View {
                        let forecast: Forecast
                        let summary: String

                        init(forecast: Forecast) {
                            self.forecast = forecast
                            // Runs on every update of the parent, for a value SwiftUI compares and throws away.
                            let formatter = TemperatureFormatter()
                            summary = formatter.string(celsius: forecast.lowCelsius) + " to " + formatter.string(celsius: forecast.highCelsius)
                        }

                        var body: some View {
                            Text("\(forecast.city): \(summary)")
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    struct Forecast: Equatable {
                        let city: String
                        let highCelsius: Int
                        let lowCelsius: Int
                    }

                    /// Builds a measurement formatter and its locale tables when made.
                    final class TemperatureFormatter {
                        func string(celsius: Int) -> String { "\(celsius) °C" }
                    }

                    struct ForecastRow: View {
                        /// Made once for the app, not per view value.
                        @MainActor private static let formatter = TemperatureFormatter()

                        // The init only stores its argument; the text is made when the body runs.
                        let forecast: Forecast

                        var body: some View {
                            Text("\(forecast.city): \(Self.formatter.string(celsius: forecast.lowCelsius)) to \(Self.formatter.string(celsius: forecast.highCelsius))")
                        }
                    }
                    """#,
                lintRules: ["heavy_view_initializer"]
            ),
        ],
        seed: "003 (`subview1 init` on every tap, its body evaluated once); 000 (keep init light)",
        thresholds: [minInstances, minRatio, minInitsPerUse],
        triggeringExamples: [
            Example(note: "Seed 003 tapped four times: `subview1` is re-created on every tap, its body evaluated once.", """
                Evaluating View Declaration Value
                subview1 init
                subview1 body update
                Evaluating View Declaration Value
                ↓subview1 init
                Evaluating View Declaration Value
                ↓subview1 init
                Evaluating View Declaration Value
                ↓subview1 init
                Evaluating View Declaration Value
                ↓subview1 init
                """),
            Example(note: "Printed bodies count as uses: 7 rows built, 2 evaluated.", """
                RowView init
                RowView: @self, @identity changed.
                ↓RowView init
                ↓RowView init
                RowView init
                RowView: @self changed.
                ↓RowView init
                ↓RowView init
                ↓RowView init
                """),
            Example(note: "A sheet's view initialised three times for one appearance: its parent re-ran while it was presented; the last value is the one shown.", """
                ContentView: _showSheet changed.
                ↓SettingsSheet init
                ContentView: _query changed.
                ↓SettingsSheet init
                ContentView: _query changed.
                SettingsSheet init
                ↓SettingsSheet appear
                """),
            Example(note: "Exact, from TraceProbe: five values made by parent updates died unread (seen=0); the body ran once.", """
                trace-analyze: kind=init view=PlayButton id=#1
                trace-analyze: kind=body view=PlayButton id=#1 ms=0.05 identity=new
                ↓trace-analyze: kind=init view=PlayButton id=#2
                trace-analyze: kind=deinit view=PlayButton id=#2 seen=0
                ↓trace-analyze: kind=init view=PlayButton id=#3
                trace-analyze: kind=deinit view=PlayButton id=#3 seen=0
                ↓trace-analyze: kind=init view=PlayButton id=#4
                trace-analyze: kind=deinit view=PlayButton id=#4 seen=0
                ↓trace-analyze: kind=init view=PlayButton id=#5
                trace-analyze: kind=deinit view=PlayButton id=#5 seen=0
                ↓trace-analyze: kind=init view=PlayButton id=#6
                trace-analyze: kind=deinit view=PlayButton id=#6 seen=0
                """),
            Example(note: "A tab made again with every update of its TabView, selected again at the end: it shows the value it kept (no body ran), so the last value made was dropped too.", """
                HomeView: @self, @identity changed.
                FeedTab init
                FeedTab: @self, @identity changed.
                FeedTab appear
                HomeView: _selection changed.
                ↓FeedTab init
                FeedTab disappear
                HomeView: _count changed.
                ↓FeedTab init
                HomeView: _count changed.
                ↓FeedTab init
                HomeView: _selection changed.
                ↓FeedTab init
                FeedTab appear
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Exact, from TraceProbe: each value made again was evaluated (its body read the kept token), as a label under a counter is.", """
                trace-analyze: kind=init view=CountLabel id=#1
                trace-analyze: kind=body view=CountLabel id=#1 ms=0.03 identity=new
                trace-analyze: kind=init view=CountLabel id=#2
                trace-analyze: kind=deinit view=CountLabel id=#2 seen=0
                trace-analyze: kind=body view=CountLabel id=#1 ms=0.03
                trace-analyze: kind=init view=CountLabel id=#3
                trace-analyze: kind=deinit view=CountLabel id=#3 seen=0
                trace-analyze: kind=body view=CountLabel id=#1 ms=0.03
                trace-analyze: kind=init view=CountLabel id=#4
                trace-analyze: kind=deinit view=CountLabel id=#4 seen=0
                trace-analyze: kind=body view=CountLabel id=#1 ms=0.03
                trace-analyze: kind=init view=CountLabel id=#5
                trace-analyze: kind=deinit view=CountLabel id=#5 seen=0
                trace-analyze: kind=body view=CountLabel id=#1 ms=0.03
                """),
            Example(note: "A sheet built once per presentation, shown each time.", """
                ContentView: _showSheet changed.
                SettingsSheet init
                SettingsSheet appear
                ContentView: _showSheet changed.
                SettingsSheet disappear
                ContentView: _showSheet changed.
                SettingsSheet init
                SettingsSheet appear
                """),
            Example(note: "Seed 003 as printed: 3 inits are below the default of 5.", """
                subview1 init
                subview1 body update
                subview1 init
                subview1 init
                """),
            Example(note: "Five inits and one body, with `min_instances` raised to 6.", """
                subview1 init
                subview1 body update
                subview1 init
                subview1 init
                subview1 init
                subview1 init
                """, thresholds: ["min_instances": 6]),
            Example(note: "Every instance is evaluated: a new value each time, nothing thrown away.", """
                Card init
                Card: @self, @identity changed.
                Card init
                Card: @self changed.
                Card init
                Card: @self changed.
                Card init
                Card: @self changed.
                Card init
                Card: @self changed.
                """),
            Example(note: "No body or appear line for the type: nothing says its bodies did not run.", """
                Badge init
                Badge init
                Badge init
                Badge init
                Badge init
                Badge init
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        UnusedInits(
            minInstances: context.thresholds.count(minInstances), minRatio: context.thresholds[minRatio],
            minInitsPerUse: context.thresholds.count(minInitsPerUse),
            symbols: context.symbols
        )
    }

    /// Per view, its inits and the uses that took them: a parent's update makes the values of
    /// its children (a run of inits) and SwiftUI then evaluates those it needs (a run of uses);
    /// each use takes one value of the run, so what the uses did not take was built and dropped.
    /// Rows of a list (four inits, four bodies) drop nothing; a sheet built three times before it
    /// appears once drops two. A run ends at the view's next init after a use.
    ///
    /// A use is a body evaluation that took a new value: a `_printChanges()` line with `@self`
    /// or `@identity` (exact), a body line that names no cause (a hand print, a probe line:
    /// it may be a re-evaluation of the same value for the view's own state, so the figure is
    /// "at least"), or an appear when no body of the run was printed. A probe's body line after
    /// the view's `_printChanges()` line is the same evaluation, and takes its cause.
    ///
    /// The figure the message states is the finding's count (what JSON, fix first and `views`
    /// read): one account. Where the inits carry durations (a probe's `ms=`), the dropped ones'
    /// time is the cost, and a cheap one is a hint that says how cheap.
    final class UnusedInits: Detector {
        private let minInstances: Int
        private let minRatio: Double
        private let minInitsPerUse: Int
        /// Per symbol index: the view's slot in `views`, from its first init; -1 before. Views
        /// are numbered apart from symbols because a trace's instance names are symbols too: a
        /// view first met late in a long trace would otherwise cost state for every name before it.
        @exclusivity(unchecked) private var slots: [Int32] = []
        @exclusivity(unchecked) private var views: [Progress] = []
        /// The unused init lines per view slot (`key(view, .unused)`) and, per burst, where its
        /// unused lines start and end there and the use that closed it.
        private let spilled = SpilledLists<Int>()

        private enum Part: Int, CaseIterable {
            case unused
            /// Per burst, its start and end in `unused` (two entries).
            case burstRanges
            /// Per burst, the line of its first use.
            case burstUses
        }

        /// What is known of one view.
        private struct Progress {
            /// The open run's init lines and their durations (nil when not printed), and the uses
            /// that took its values so far.
            var run: [(line: Int, ms: Double?)] = []
            var runUses = 0
            var firstUseLine = 0
            /// The inits no use took, over the trace and in its bursts.
            var unused = Dropped()
            /// Uses that name no cause: the dropped figure is then a lower bound.
            var uncaused = 0
            /// Bursts: runs that dropped `min_inits_per_use - 1` or more for their uses.
            var bursts = 0
            var burstInits = 0
            var burstDropped = Dropped()
            var largestBurst = 0
            var burstsAppeared = true
            /// The cause of the view's last `_printChanges()` line, for the probe line that follows
            /// it (the same evaluation): nil when none waits.
            var printedCause: Bool?
            var usesAppears = false
            /// TraceProbe's body lines report the view: with every use's cause known, its figures are exact.
            var probed = false
            /// Inits (models printed with an owner left out), body evaluations (one per
            /// evaluation however many lines print it) and appears.
            var inits = 0
            var evaluations = 0
            var appears = 0
        }

        /// Dropped inits: how many, and their measured time when every one was measured.
        struct Dropped {
            var count = 0
            var milliseconds = 0.0
            var timed = 0

            mutating func add(_ ms: Double?) {
                count += 1
                if let ms {
                    milliseconds += ms
                    timed += 1
                }
            }

            /// All measured, and under `cheapMilliseconds` together.
            var isCheap: Bool { timed > 0 && timed == count && milliseconds < UnusedInits.cheapMilliseconds }

            /// ` They took 0.160 ms in all (measured)...`, when every one was measured.
            var cost: String {
                guard timed > 0, timed == count else { return "" }
                let time = String(format: "%.3f ms", milliseconds)
                return isCheap
                    ? " They took \(time) in all (measured), under \(UnusedInits.cheapMilliseconds) ms: cheap, so reported as info."
                    : " They took \(time) in all (measured)."
            }
        }

        /// The most init lines of one run held in memory: older ones are filed as unused, as no
        /// update of one parent evaluates more values of one type than this.
        static let maxRunLength = 4096

        init(minInstances: Int, minRatio: Double, minInitsPerUse: Int, symbols: SymbolTable) {
            self.minInstances = minInstances
            self.minRatio = minRatio
            self.minInitsPerUse = minInitsPerUse
        }

        @inline(__always) private func key(_ view: Int, _ part: Part) -> Int {
            view &* Part.allCases.count &+ part.rawValue
        }

        func observe(_ event: LifecycleEvent) {
            guard let symbol = event.view?.index else { return }
            switch event.kind {
            case .`init`:
                // A model printed with its owner (`PlayButton DataModel init`) is no view value.
                guard event.owner == nil else { return }
                let view = slot(of: symbol)
                views[view].inits += 1
                if views[view].runUses > 0 { closeRun(view) }
                if views[view].run.count == Self.maxRunLength { file(views[view].run.removeFirst(), of: view) }
                views[view].run.append((event.line, event.durationMilliseconds))
            case .body, .appear:
                let view = slot(of: symbol)
                if event.kind == .appear { views[view].appears += 1 }
                let caused: Bool
                if event.kind == .appear {
                    // An appear shows a value a body line already took, unless none was printed.
                    // A view that prints its body and appears without one shows the value it
                    // kept (a tab selected again): a new value would have been evaluated.
                    guard views[view].runUses == 0, !views[view].run.isEmpty, views[view].evaluations == 0 else { return }
                    views[view].usesAppears = true
                    caused = true
                } else if event.isPrintChanges {
                    views[view].evaluations += 1
                    let takesValue = event.newIdentity || event.newValue
                    views[view].printedCause = takesValue
                    if !takesValue { return }
                    caused = true
                } else if views[view].printedCause != nil {
                    // The probe's line of the evaluation `_printChanges()` printed just before.
                    views[view].printedCause = nil
                    if event.newIdentity || event.durationMilliseconds != nil { views[view].probed = true }
                    return
                } else {
                    views[view].evaluations += 1
                    if event.newIdentity || event.durationMilliseconds != nil { views[view].probed = true }
                    caused = event.newIdentity
                }
                guard views[view].runUses < views[view].run.count else { return }
                if !caused { views[view].uncaused += 1 }
                if views[view].runUses == 0 { views[view].firstUseLine = event.line }
                views[view].runUses += 1
            default:
                break
            }
        }

        /// `symbol`'s slot, made on its first line.
        private func slot(of symbol: Int) -> Int {
            slots.grow(toInclude: symbol, with: -1)
            if slots[symbol] < 0 {
                slots[symbol] = Int32(views.count)
                views.append(Progress())
            }
            return Int(slots[symbol])
        }

        /// Files an init line no use took.
        private func file(_ made: (line: Int, ms: Double?), of view: Int) {
            spilled.append(made.line, to: key(view, .unused))
            views[view].unused.add(made.ms)
        }

        /// Ends `view`'s run: the last inits were the values its uses took (SwiftUI evaluates
        /// the values of the update that made them), the ones before were dropped.
        private func closeRun(_ view: Int) {
            let run = views[view].run
            let uses = views[view].runUses
            let dropped = run.count - min(uses, run.count)
            let start = spilled.count(of: key(view, .unused))
            for made in run.prefix(dropped) { file(made, of: view) }
            if uses > 0, dropped >= max(1, minInitsPerUse - 1) {
                for made in run.prefix(dropped) { views[view].burstDropped.add(made.ms) }
                spilled.append(start, to: key(view, .burstRanges))
                spilled.append(start + dropped, to: key(view, .burstRanges))
                spilled.append(views[view].firstUseLine, to: key(view, .burstUses))
                views[view].bursts += 1
                views[view].burstInits += run.count
                views[view].largestBurst = max(views[view].largestBurst, run.count)
                views[view].burstsAppeared = views[view].burstsAppeared && views[view].usesAppears
            }
            views[view].run.removeAll(keepingCapacity: true)
            views[view].runUses = 0
            views[view].usesAppears = false
        }

        func finish(_ subjects: Subjects) -> [Violation] { collected(subjects) }

        /// Each view's finding, its lines read back only when the one before has been taken.
        func finish(_ subjects: Subjects, each body: (Violation) throws -> Void) rethrows {
            // In symbol order, as findings have always come.
            for index in slots.indices where slots[index] >= 0 {
                let view = Int(slots[index])
                // A run no use took stays open: it was never used, only a later run could say otherwise.
                closeRun(view)
                let symbol = subjects.symbols.symbol(at: index)
                let progress = views[view]
                // Views with neither body nor appear lines are skipped: nothing says whether
                // their bodies ran, only that nobody logged them.
                let uses = progress.evaluations > 0 ? progress.evaluations : progress.appears
                guard progress.inits >= minInstances, uses > 0, Double(progress.inits) >= minRatio * Double(uses), progress.unused.count > 0 else {
                    if progress.bursts > 0, let burst = burstViolation(view, symbol, subjects) { try body(burst) }
                    continue
                }
                let name = subjects.symbols[symbol]
                let lines = spilled.elements(of: key(view, .unused))
                let use = progress.evaluations > 0 ? "its body was evaluated" : "it appeared"
                let exact = progress.probed && progress.uncaused == 0 ? " (exact, from TraceProbe's lines)" : ""
                let dropped = figure(progress.unused.count, of: progress, noun: ("instance was", "instances were"))
                try body(Violation(
                    view: name,
                    message: "\(name) was initialised \(progress.inits) times but \(use) only \(times(uses))\(exact); "
                        + "\(dropped) built and dropped before any use\(boundNote(progress))." + progress.unused.cost,
                    count: progress.unused.count,
                    lines: lines,
                    weight: progress.unused.isCheap ? .hint : .full
                ))
            }
        }

        /// `7 instances were`, or `at least 7 instances were` when some uses name no cause.
        private func figure(_ count: Int, of progress: Progress, noun: (one: String, many: String)) -> String {
            (progress.uncaused > 0 ? "at least " : "") + "\(count) \(count == 1 ? noun.one : noun.many)"
        }

        /// Why the figure is a lower bound, when it is.
        private func boundNote(_ progress: Progress) -> String {
            progress.uncaused > 0 ? " (a body line that names no cause may have re-read a kept value)" : ""
        }

        /// Below a millisecond in all, thrown-away inits cost less than one frame's slack.
        static let cheapMilliseconds = 1.0

        /// The runs whose uses left several values unused, when the totals alone do not qualify.
        private func burstViolation(_ view: Int, _ symbol: Symbol, _ subjects: Subjects) -> Violation? {
            guard subjects.isView(symbol) else { return nil }
            let name = subjects.symbols[symbol]
            let runs = views[view]
            let use = runs.burstsAppeared ? "appeared" : "was shown"
            return Violation(
                view: name,
                message: "\(name) was initialised up to \(runs.largestBurst) times in a row before it \(use) "
                    + "(\(runs.burstInits) inits in \(runs.bursts == 1 ? "one run" : "\(runs.bursts) runs")); "
                    + "\(figure(runs.burstDropped.count, of: runs, noun: ("of them was", "of them were"))) built and dropped before any use."
                    + runs.burstDropped.cost,
                count: runs.burstDropped.count,
                lines: burstLines(view),
                weight: runs.burstDropped.isCheap ? .hint : .full
            )
        }

        /// The lines of `view`'s bursts: the stretches of its unused inits that the ranges name
        /// (in order, apart), then each burst's first use.
        private func burstLines(_ view: Int) -> [Int] {
            let ranges = spilled.elements(of: key(view, .burstRanges))
            var lines: [Int] = []
            var range = 0, position = 0
            spilled.forEach(of: key(view, .unused)) { line in
                defer { position += 1 }
                while range < ranges.count, position >= ranges[range + 1] { range += 2 }
                if range < ranges.count, position >= ranges[range] { lines.append(line) }
            }
            spilled.forEach(of: key(view, .burstUses)) { lines.append($0) }
            return lines.sorted()
        }
    }

    private static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }
}
