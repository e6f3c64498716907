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
            Example(note: "A sheet's view initialised three times for one appearance: its parent re-ran while it was presented.", """
                ContentView: _showSheet changed.
                ↓SettingsSheet init
                ContentView: _query changed.
                ↓SettingsSheet init
                ContentView: _query changed.
                ↓SettingsSheet init
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

    /// Per view, the inits not followed by a body or appear of the same view before its next
    /// init; at the end, the views whose totals qualify, and those built `min_inits_per_use`
    /// times or more in a row for one use (a sheet initialised three times before it appears),
    /// whatever the totals.
    ///
    /// The lines either finding may cite wait in spilled lists: a long trace's unused inits would
    /// otherwise each cost memory until the end. A run of inits since the view's last use is its
    /// unused inits since then plus its pending one, so a run that became a burst is kept as the
    /// range of the unused list it covers, with its pending init and its use: each init line is
    /// written once, and no line is moved. In memory stay only per-view counts.
    final class UnusedInits: Detector {
        private let minInstances: Int
        private let minRatio: Double
        private let minInitsPerUse: Int
        /// Per symbol index: the view's slot in `views`, from its first init; -1 before. Views
        /// are numbered apart from symbols because a trace's instance names are symbols too: a
        /// view first met late in a long trace would otherwise cost state for every name before it.
        @exclusivity(unchecked) private var slots: [Int32] = []
        /// Per view slot: its last init not yet followed by a use, and where its current run
        /// starts in its unused list.
        @exclusivity(unchecked) private var views: [Progress] = []
        /// Per view slot: what its runs that one use closed add up to.
        @exclusivity(unchecked) private var bursts: [Bursts] = []
        /// The lines, per view slot and `Part`.
        private let spilled = SpilledLists<Int>()

        /// Where a view's lines wait; a list's key is the view's slot times `count` plus the part's.
        private enum Part: Int, CaseIterable {
            /// The inits not followed by a use before the view's next init, in trace order.
            case unused
            /// Per burst, where its unused inits start and end in `unused` (two entries).
            case burstRanges
            /// The bursts' last (pending) inits and the uses that closed them.
            case burstEnds
        }

        private struct Progress {
            var pending: Int?
            var runStart = 0
        }

        /// The runs of one view long enough that a use closed them.
        private struct Bursts {
            var runs = 0
            var inits = 0
            var largest = 0
            var appeared = true
        }

        /// The tokens of a `TraceProbe` state token's deinit: discarded unseen, or kept.
        private let discardedToken: Symbol
        private let endedToken: Symbol
        /// Per symbol index: the view's state tokens the probe saw die unseen, and whether the
        /// probe reports the view at all (then its counts are exact, and its finding says so).
        @exclusivity(unchecked) private var discarded: [Int] = []
        @exclusivity(unchecked) private var probed: [Bool] = []
        /// Per symbol index: the probe's body lines. A log that keeps `_printChanges()` beside
        /// the probe shows each evaluation twice; a probed view's uses are the probe's own.
        @exclusivity(unchecked) private var probeBodies: [Int] = []

        init(minInstances: Int, minRatio: Double, minInitsPerUse: Int, symbols: SymbolTable) {
            self.minInstances = minInstances
            self.minRatio = minRatio
            self.minInitsPerUse = minInitsPerUse
            discardedToken = symbols.intern(StructuredMessage.discardedToken)
            endedToken = symbols.intern(StructuredMessage.endedToken)
        }

        /// Notes a probe state token's deinit.
        private func noteToken(_ event: LifecycleEvent, view symbol: Int) {
            guard !event.isPrintChanges, event.owner == nil, let token = event.tokens.last,
                  token == discardedToken || token == endedToken else { return }
            probed.grow(toInclude: symbol, with: false)
            discarded.grow(toInclude: symbol, with: 0)
            probed[symbol] = true
            if token == discardedToken { discarded[symbol] += 1 }
        }

        @inline(__always) private func key(_ view: Int, _ part: Part) -> Int {
            view &* Part.allCases.count &+ part.rawValue
        }

        func observe(_ event: LifecycleEvent) {
            guard let symbol = event.view?.index else { return }
            switch event.kind {
            case .`init`:
                slots.grow(toInclude: symbol, with: -1)
                if slots[symbol] < 0 {
                    slots[symbol] = Int32(views.count)
                    views.append(Progress())
                    bursts.append(Bursts())
                }
                let view = Int(slots[symbol])
                if let line = views[view].pending { spilled.append(line, to: key(view, .unused)) }
                views[view].pending = event.line
            case .body, .appear:
                if event.kind == .body, !event.isPrintChanges, event.durationMilliseconds != nil || event.newIdentity {
                    probeBodies.grow(toInclude: symbol, with: 0)
                    probeBodies[symbol] += 1
                }
                guard symbol < slots.count, slots[symbol] >= 0 else { return }
                let view = Int(slots[symbol])
                guard let last = views[view].pending else { return }
                let unused = spilled.count(of: key(view, .unused))
                let run = unused - views[view].runStart + 1
                if run >= minInitsPerUse {
                    spilled.append(views[view].runStart, to: key(view, .burstRanges))
                    spilled.append(unused, to: key(view, .burstRanges))
                    spilled.append(last, to: key(view, .burstEnds))
                    spilled.append(event.line, to: key(view, .burstEnds))
                    bursts[view].runs += 1
                    bursts[view].inits += run
                    bursts[view].largest = max(bursts[view].largest, run)
                    bursts[view].appeared = bursts[view].appeared && event.kind == .appear
                }
                views[view] = Progress(pending: nil, runStart: unused)
            case .`deinit`:
                noteToken(event, view: symbol)
            default:
                break
            }
        }

        func finish(_ subjects: Subjects) -> [Violation] { collected(subjects) }

        /// Each view's finding, its lines read back only when the one before has been taken.
        func finish(_ subjects: Subjects, each body: (Violation) throws -> Void) rethrows {
            // In symbol order, as findings have always come.
            for index in slots.indices where slots[index] >= 0 {
                let view = Int(slots[index])
                let symbol = subjects.symbols.symbol(at: index), counts = subjects[symbol]
                // Views with neither body nor appear lines are skipped: nothing says whether
                // their bodies ran, only that nobody logged them.
                let exact = index < probed.count && probed[index]
                let uses = exact && index < probeBodies.count && probeBodies[index] > 0
                    ? probeBodies[index] : counts.bodies > 0 ? counts.bodies : counts.appears
                guard counts.inits >= minInstances, uses > 0, Double(counts.inits) >= minRatio * Double(uses) else {
                    if bursts[view].runs > 0, let burst = burstViolation(view, symbol, subjects) { try body(burst) }
                    continue
                }
                let name = subjects.symbols[symbol]
                // Read straight into one array of the right size: it holds every line cited.
                var lines: [Int] = []
                lines.reserveCapacity(spilled.count(of: key(view, .unused)) + 1)
                spilled.forEach(of: key(view, .unused)) { lines.append($0) }
                if let pending = views[view].pending { lines.append(pending) }
                let use = counts.bodies > 0 ? "its body was evaluated" : "it appeared"
                let message = exact
                    ? "\(name) was initialised \(counts.inits) times but its body was evaluated only \(times(uses)) "
                        + "(exact, from TraceProbe's state tokens); \(lines.count) values were built and dropped before any use, "
                        + "and \(discarded[index]) state tokens died without a body ever reading them."
                    : "\(name) was initialised \(counts.inits) times but \(use) only \(times(uses)); "
                        + "\(lines.count) instances were built and dropped before any use."
                try body(Violation(
                    view: name,
                    message: message,
                    count: counts.inits,
                    lines: lines
                ))
            }
        }

        /// The runs of inits that one use closed, when the totals alone do not qualify.
        private func burstViolation(_ view: Int, _ symbol: Symbol, _ subjects: Subjects) -> Violation? {
            guard subjects.isView(symbol) else { return nil }
            let name = subjects.symbols[symbol]
            let runs = bursts[view]
            let use = runs.appeared ? "appeared" : "was shown"
            return Violation(
                view: name,
                message: "\(name) was initialised up to \(runs.largest) times in a row before it \(use) once "
                    + "(\(runs.inits) inits in \(runs.runs == 1 ? "one run" : "\(runs.runs) runs")): all but the last "
                    + "instance of each run were built and dropped unused.",
                count: runs.inits,
                lines: burstLines(view)
            )
        }

        /// The lines of `view`'s bursts: the stretches of its unused inits that the ranges name
        /// (in order, apart), then each burst's last init and use.
        private func burstLines(_ view: Int) -> [Int] {
            let ranges = spilled.elements(of: key(view, .burstRanges))
            var lines: [Int] = []
            lines.reserveCapacity(bursts[view].inits + bursts[view].runs)
            var range = 0, position = 0
            spilled.forEach(of: key(view, .unused)) { line in
                defer { position += 1 }
                while range < ranges.count, position >= ranges[range + 1] { range += 2 }
                if range < ranges.count, position >= ranges[range] { lines.append(line) }
            }
            spilled.forEach(of: key(view, .burstEnds)) { lines.append($0) }
            return lines
        }
    }

    private static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }
}
