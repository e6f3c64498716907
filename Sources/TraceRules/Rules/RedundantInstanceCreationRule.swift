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
        ],
        nonTriggeringExamples: [
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
            minInitsPerUse: context.thresholds.count(minInitsPerUse)
        )
    }

    /// Per view, the inits not followed by a body or appear of the same view before its next
    /// init; at the end, the views whose totals qualify, and those built `min_inits_per_use`
    /// times or more in a row for one use (a sheet initialised three times before it appears),
    /// whatever the totals.
    ///
    /// The lines either finding may cite wait in spilled lists, each init line in one list only:
    /// a long trace's unused inits would otherwise each cost memory until the end. A run of inits
    /// since the view's last use is its unused inits since then plus its pending one, so the run
    /// needs no lines of its own: when a use closes it, its unused lines join the list of runs that
    /// became bursts or of those that did not. In memory stay only per-view counts.
    final class UnusedInits: Detector {
        private let minInstances: Int
        private let minRatio: Double
        private let minInitsPerUse: Int
        /// Per view symbol: the last init not yet followed by a use.
        @exclusivity(unchecked) private var pending: [Int?] = []
        /// Per view symbol: what its runs that one use closed add up to.
        @exclusivity(unchecked) private var bursts: [Bursts] = []
        /// The lines, per view symbol and `Part`.
        private let spilled = SpilledLists<Int>()

        /// Where a view's init (and use) lines wait; a list's key is the view's index times
        /// `count` plus the part's.
        private enum Part: Int, CaseIterable {
            /// The unused inits of the current run (all but its pending init).
            case run
            /// The unused inits of runs a use closed that were too short for a burst.
            case short
            /// The unused inits of runs that became bursts.
            case burst
            /// The bursts' last (pending) inits and the uses that closed them.
            case burstEnds
        }

        /// The runs of one view long enough that a use closed them.
        private struct Bursts {
            var runs = 0
            var inits = 0
            var largest = 0
            var appeared = true
        }

        init(minInstances: Int, minRatio: Double, minInitsPerUse: Int) {
            self.minInstances = minInstances
            self.minRatio = minRatio
            self.minInitsPerUse = minInitsPerUse
        }

        @inline(__always) private func key(_ view: Int, _ part: Part) -> Int {
            view &* Part.allCases.count &+ part.rawValue
        }

        func observe(_ event: LifecycleEvent) {
            guard let view = event.view?.index else { return }
            switch event.kind {
            case .`init`:
                pending.grow(toInclude: view, with: nil)
                if let line = pending[view] { spilled.append(line, to: key(view, .run)) }
                pending[view] = event.line
            case .body, .appear:
                guard view < pending.count, let last = pending[view] else { return }
                let run = spilled.count(of: key(view, .run)) + 1
                if run >= minInitsPerUse {
                    spilled.moveAll(from: key(view, .run), to: key(view, .burst))
                    spilled.append(last, to: key(view, .burstEnds))
                    spilled.append(event.line, to: key(view, .burstEnds))
                    bursts.grow(toInclude: view, with: Bursts())
                    bursts[view].runs += 1
                    bursts[view].inits += run
                    bursts[view].largest = max(bursts[view].largest, run)
                    bursts[view].appeared = bursts[view].appeared && event.kind == .appear
                } else {
                    spilled.moveAll(from: key(view, .run), to: key(view, .short))
                }
                pending[view] = nil
            default:
                break
            }
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            var violations: [Violation] = []
            for view in pending.indices {
                let symbol = subjects.symbols.symbol(at: view), counts = subjects[symbol]
                // Views with neither body nor appear lines are skipped: nothing says whether
                // their bodies ran, only that nobody logged them.
                let uses = counts.bodies > 0 ? counts.bodies : counts.appears
                guard counts.inits >= minInstances, uses > 0, Double(counts.inits) >= minRatio * Double(uses) else {
                    if view < bursts.count, bursts[view].runs > 0, let burst = burstViolation(view, subjects) { violations.append(burst) }
                    continue
                }
                let name = subjects.symbols[symbol]
                let lines = spilled.elements(of: key(view, .short)) + spilled.elements(of: key(view, .burst))
                    + spilled.elements(of: key(view, .run)) + (pending[view].map { [$0] } ?? [])
                let use = counts.bodies > 0 ? "its body was evaluated" : "it appeared"
                violations.append(Violation(
                    view: name,
                    message: "\(name) was initialised \(counts.inits) times but \(use) only \(times(uses)); "
                        + "\(lines.count) instances were built and dropped before any use.",
                    count: counts.inits,
                    lines: lines
                ))
            }
            return violations
        }

        /// The runs of inits that one use closed, when the totals alone do not qualify.
        private func burstViolation(_ view: Int, _ subjects: Subjects) -> Violation? {
            guard subjects.isView(at: view) else { return nil }
            let name = subjects.symbols[subjects.symbols.symbol(at: view)]
            let runs = bursts[view]
            let use = runs.appeared ? "appeared" : "was shown"
            return Violation(
                view: name,
                message: "\(name) was initialised up to \(runs.largest) times in a row before it \(use) once "
                    + "(\(runs.inits) inits in \(runs.runs == 1 ? "one run" : "\(runs.runs) runs")): all but the last "
                    + "instance of each run were built and dropped unused.",
                count: runs.inits,
                lines: spilled.elements(of: key(view, .burst)) + spilled.elements(of: key(view, .burstEnds))
            )
        }
    }

    private static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }
}
