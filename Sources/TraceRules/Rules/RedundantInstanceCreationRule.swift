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
    final class UnusedInits: Detector {
        private let minInstances: Int
        private let minRatio: Double
        private let minInitsPerUse: Int
        /// Per view symbol: the last init not yet followed by a use, and the unused ones before it.
        @exclusivity(unchecked) private var pending: [Int?] = []
        @exclusivity(unchecked) private var unused: [[Int]] = []
        /// Per view symbol: the inits since its last use, and the runs long enough that a use closed.
        @exclusivity(unchecked) private var run: [[Int]] = []
        @exclusivity(unchecked) private var bursts: [[Burst]] = []

        /// Inits in a row and the use that closed them.
        private struct Burst {
            let inits: [Int]
            let use: Int
            let appeared: Bool
        }

        init(minInstances: Int, minRatio: Double, minInitsPerUse: Int) {
            self.minInstances = minInstances
            self.minRatio = minRatio
            self.minInitsPerUse = minInitsPerUse
        }

        func observe(_ event: LifecycleEvent) {
            guard let view = event.view?.index else { return }
            switch event.kind {
            case .`init`:
                pending.grow(toInclude: view, with: nil)
                unused.grow(toInclude: view, with: [])
                if let line = pending[view] { unused[view].append(line) }
                pending[view] = event.line
                run.grow(toInclude: view, with: [])
                bursts.grow(toInclude: view, with: [])
                run[view].append(event.line)
            case .body, .appear:
                if view < pending.count { pending[view] = nil }
                if view < run.count {
                    if run[view].count >= minInitsPerUse {
                        bursts[view].append(Burst(inits: run[view], use: event.line, appeared: event.kind == .appear))
                    }
                    run[view].removeAll(keepingCapacity: true)
                }
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
                    if view < bursts.count, !bursts[view].isEmpty, let burst = burstViolation(view, subjects) { violations.append(burst) }
                    continue
                }
                let name = subjects.symbols[symbol]
                let lines = unused[view] + (pending[view].map { [$0] } ?? [])
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
            let inits = runs.reduce(0) { $0 + $1.inits.count }
            let largest = runs.map(\.inits.count).max() ?? 0
            let use = runs.allSatisfy(\.appeared) ? "appeared" : "was shown"
            return Violation(
                view: name,
                message: "\(name) was initialised up to \(largest) times in a row before it \(use) once "
                    + "(\(inits) inits in \(runs.count == 1 ? "one run" : "\(runs.count) runs")): all but the last "
                    + "instance of each run were built and dropped unused.",
                count: inits,
                lines: runs.flatMap { $0.inits + [$0.use] }
            )
        }
    }

    private static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }
}
