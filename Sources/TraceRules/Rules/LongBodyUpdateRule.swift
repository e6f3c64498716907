import Foundation
import TraceModel

/// A view whose body evaluation took longer than a frame can spare, measured.
public enum LongBodyUpdateRule: Rule {
    static let warningMs = Threshold.duration(
        "warning_ms", default: 0.5, "A body evaluation longer than this, in milliseconds, is reported as a warning (Instruments' orange).")
    static let errorMs = Threshold.duration(
        "error_ms", default: 1, "A body evaluation longer than this, in milliseconds, is reported as an error (Instruments' red).")

    /// At most this many evidence lines per finding: the message carries the full counts, and a
    /// view that is slow on every update of a long UI test would otherwise cite thousands.
    static let maxEvidence = 50

    public static let description = RuleDescription(
        identifier: "long_body_update",
        title: "Long body update",
        defaultSeverity: .error,
        summary: "A view's body evaluation took longer than 500 µs (warning) or 1 ms (error), as measured by the probe or Instruments.",
        rationale: """
            SwiftUI evaluates `body` on the main thread, inside the update that prepares the next \
            frame; at 120 Hz a frame lasts 8.3 ms, and every view that updates in it shares that \
            time. Instruments 26's SwiftUI instrument marks body updates above 500 µs orange and \
            above 1 ms red for that reason. The rule reads measured durations only: a body event \
            with a duration (a `TraceProbe` line's `ms=`, an Instruments export's body update), \
            never a guess from timestamps. A view whose slowest body is above `error_ms` gets \
            the rule's severity (error by default); one whose slowest is between `warning_ms` and \
            `error_ms` one level below (a warning by default).
            """,
        fix: """
            Keep `body` a cheap description of the view: move sorting, filtering, formatting and \
            image decoding into the model (computed once when the data changes, not on every \
            evaluation), split a large body into subviews so an update re-evaluates only the \
            part whose inputs changed, and never do I/O or synchronous work in `body`.
            """,
        swiftFix: [
            SwiftPair(
                note: "The body filters and sorts every transaction each time it runs, on the main thread, inside the frame. The model computes the visible list once per change of the data or the search, and the body only reads it.",
                before: #"""
                    import SwiftUI
                    import Observation

                    struct Transaction: Identifiable {
                        let id: Int
                        let payee: String
                        let amountCents: Int
                        let day: Int
                    }

                    @Observable @MainActor final class Ledger {
                        var transactions: [Transaction] = []
                        var search = ""
                    }

                    struct TransactionsView: View {
                        @State private var ledger = Ledger()

                        var body: some View {
                            List {
                                // Filtered and sorted on every evaluation, on the main thread, inside the frame.
                                ForEach(ledger.transactions.filter { ledger.search.isEmpty || $0.payee.contains(ledger.search) }.sorted { $0.day > $1.day }) { transaction in
                                    TransactionRow(transaction: transaction)
                                }
                            }
                        }
                    }

                    struct TransactionRow: View {
                        let transaction: Transaction

                        var body: some View {
                            Text("\(transaction.payee): \(transaction.amountCents / 100)")
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI
                    import Observation

                    struct Transaction: Identifiable {
                        let id: Int
                        let payee: String
                        let amountCents: Int
                        let day: Int
                    }

                    @Observable @MainActor final class Ledger {
                        var transactions: [Transaction] = [] { didSet { updateVisible() } }
                        var search = "" { didSet { updateVisible() } }
                        /// Filtered and sorted once per change of the data or the search, not per body.
                        private(set) var visible: [Transaction] = []

                        private func updateVisible() {
                            visible = transactions.filter { search.isEmpty || $0.payee.contains(search) }.sorted { $0.day > $1.day }
                        }
                    }

                    struct TransactionsView: View {
                        @State private var ledger = Ledger()

                        var body: some View {
                            List {
                                ForEach(ledger.visible) { transaction in
                                    TransactionRow(transaction: transaction)
                                }
                            }
                        }
                    }

                    struct TransactionRow: View {
                        let transaction: Transaction

                        var body: some View {
                            Text("\(transaction.payee): \(transaction.amountCents / 100)")
                        }
                    }
                    """#
            ),
        ],
        seed: "Instruments 26 SwiftUI instrument (Long View Body Updates); 000 \"keep body light\"",
        thresholds: [warningMs, errorMs],
        triggeringExamples: [
            Example(note: "Two probe-measured bodies above 1 ms: an error citing both.", """
                trace-analyze: kind=body view=FeedView id=#1 t=0.100000 ms=0.120
                ↓trace-analyze: kind=body view=FeedView id=#1 t=0.200000 ms=1.840
                ↓trace-analyze: kind=body view=FeedView id=#1 t=0.300000 ms=2.500
                """),
            Example(note: "One body between 500 µs and 1 ms: a warning.", """
                ↓trace-analyze: kind=body view=RowView id=#4 ms=0.730
                trace-analyze: kind=body view=RowView id=#4 ms=0.210
                """),
            Example(note: "A lower `error_ms` makes a 0.4 ms body an error.", """
                ↓trace-analyze: kind=body view=ChartView ms=0.4
                """, thresholds: ["warning_ms": 0.1, "error_ms": 0.3]),
        ],
        nonTriggeringExamples: [
            Example(note: "Fast bodies, all under 500 µs.", """
                trace-analyze: kind=body view=FeedView id=#1 ms=0.120
                trace-analyze: kind=body view=FeedView id=#1 ms=0.499
                """),
            Example(note: "`_printChanges()` lines carry no duration: nothing is guessed from them.", """
                2024-10-06 00:31:18.068529+0900 0x13983  Info  0x0  5224  0  MyApp: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed.
                2024-10-06 00:31:19.568529+0900 0x13983  Info  0x0  5224  0  MyApp: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed.
                """),
            Example(note: "A slow init is `heavy_initializer`'s, not a body update.", """
                trace-analyze: kind=init view=FeedView id=#1 ms=4.0
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        let warning = context.thresholds[warningMs]
        return Bodies(warningMs: warning, errorMs: max(context.thresholds[errorMs], warning), decidesEarly: context.decidesEarly)
    }

    /// Per view, its measured bodies above `warningMs`: how many, the slowest, the total.
    ///
    /// A view's finding exists from its first slow body on and only grows, so a live run
    /// (`watch`) is told at once, and again when the view crosses `errorMs`.
    final class Bodies: Detector {
        private let warningMs: Double
        private let errorMs: Double
        @exclusivity(unchecked) private var slow: [Symbol: Slow] = [:]
        /// Measured bodies per view, slow or not, for the share in the message.
        @exclusivity(unchecked) private var measured: [Symbol: Int] = [:]
        /// Views whose finding grew since the last `decided`, and the weight each was last
        /// announced at (`decided` only).
        @exclusivity(unchecked) private var grown: [Symbol] = []
        @exclusivity(unchecked) private var announced: [Symbol: Violation.Weight] = [:]

        private struct Slow {
            var first: Int
            var count = 0
            var overError = 0
            var maxMs = 0.0
            var totalMs = 0.0
            var lines: [Int] = []
        }

        /// Whether `grown` is kept for `decided`: only a live run asks.
        private let decidesEarly: Bool

        init(warningMs: Double, errorMs: Double, decidesEarly: Bool) {
            self.warningMs = warningMs
            self.errorMs = errorMs
            self.decidesEarly = decidesEarly
        }

        func observe(_ event: LifecycleEvent) {
            guard event.kind == .body, let duration = event.durationMilliseconds, let view = event.view else { return }
            measured[view, default: 0] += 1
            guard duration > warningMs else { return }
            var entry = slow.removeValue(forKey: view) ?? Slow(first: event.line)
            entry.count += 1
            if duration > errorMs { entry.overError += 1 }
            entry.maxMs = max(entry.maxMs, duration)
            entry.totalMs += duration
            if entry.lines.count < LongBodyUpdateRule.maxEvidence { entry.lines.append(event.line) }
            let weight: Violation.Weight = entry.maxMs > errorMs ? .full : .lowered
            if decidesEarly, announced[view] != weight, announced[view] != .full, !grown.contains(view) { grown.append(view) }
            slow[view] = entry
        }

        func decided(_ subjects: Subjects) -> [Violation] {
            guard !grown.isEmpty else { return [] }
            defer { grown.removeAll() }
            return grown.compactMap { view in
                guard let entry = slow[view] else { return nil }
                let violation = violation(view, entry, subjects)
                announced[view] = violation.weight
                return violation
            }
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            slow.sorted { $0.value.first < $1.value.first }.map { violation($0.key, $0.value, subjects) }
        }

        private func violation(_ view: Symbol, _ entry: Slow, _ subjects: Subjects) -> Violation {
            let name = subjects.symbols[view]
            let all = measured[view, default: entry.count]
            let overError = entry.overError > 0 ? ", \(entry.overError) above \(Self.ms(errorMs))" : ""
            var violation = Violation(
                view: name,
                message: "\(name)'s body took \(Self.ms(entry.maxMs)) at most (measured): \(entry.count) of \(all) "
                    + "measured evaluations above \(Self.ms(warningMs))\(overError), \(Self.ms(entry.totalMs)) in all.",
                count: entry.count,
                lines: entry.lines,
                weight: entry.maxMs > errorMs ? .full : .lowered,
                earlyKey: view.index
            )
            // The slow evaluations it counts, all of them: its lines stop at `maxEvidence`.
            violation.milliseconds = entry.totalMs
            return violation
        }

        /// `1.84 ms`, `0.5 ms`: three decimals at most, trailing zeros dropped.
        static func ms(_ value: Double) -> String {
            var text = String(format: "%.3f", value)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text + " ms"
        }
    }
}
