import Foundation

/// What `heavy_initializer` gathers about one view before it words a finding.
extension HeavyInitializerRule {
    /// One sign of work as `HeavyInit.add` takes it, waiting on file under its view until the
    /// view's summary is made. Lines start at 1, so 0 stands for none.
    struct Work: BitwiseCopyable {
        private let initLineOrZero: Int
        private let helperLineOrZero: Int
        /// The helper's symbol index plus one; 0 for none.
        private let helperPlusOne: UInt32
        /// NaN for none.
        private let millisecondsOrNaN: Double
        /// The helper's own measured init (a probe's `ms=`); NaN for none.
        private let helperMillisecondsOrNaN: Double
        /// `milliseconds` is the init's own measured duration (a structured `ms=`), not a gap
        /// between two timestamps.
        let measured: Bool

        init(initLine: Int?, helper: Symbol?, helperLine: Int?, milliseconds: Double?, measured: Bool = false, helperMilliseconds: Double? = nil) {
            initLineOrZero = initLine ?? 0
            helperLineOrZero = helperLine ?? 0
            helperPlusOne = helper.map { UInt32(truncatingIfNeeded: $0.index + 1) } ?? 0
            millisecondsOrNaN = milliseconds ?? .nan
            helperMillisecondsOrNaN = helperMilliseconds ?? .nan
            self.measured = measured
        }

        var helperMilliseconds: Double? { helperMillisecondsOrNaN.isNaN ? nil : helperMillisecondsOrNaN }

        var initLine: Int? { initLineOrZero == 0 ? nil : initLineOrZero }
        var helperLine: Int? { helperLineOrZero == 0 ? nil : helperLineOrZero }
        var helper: Int? { helperPlusOne == 0 ? nil : Int(helperPlusOne) - 1 }
        var milliseconds: Double? { millisecondsOrNaN.isNaN ? nil : millisecondsOrNaN }
    }

    struct HeavyInit {
        let view: Symbol
        private var helpers: [Symbol] = []
        /// The lines of the helpers' inits and of the view's inits, as added: a line may come
        /// twice (one init can show up both with a helper and with a duration). Arrays rather
        /// than sets, counted once at the end: they hold every line the finding cites.
        private var helperLines: [Int] = []
        private var initLines: [Int] = []
        private var slowInitLines: [Int] = []
        private var slowest: Double = 0
        /// Every slow init's duration was measured (`ms=`), none inferred from timestamps.
        private var slowAllMeasured = true
        /// The helpers' measured inits: how many, the longest, the sum.
        private var helperMeasured = 0
        private var helperSlowest: Double = 0
        private var helperTotal: Double = 0

        init(view: Symbol) { self.view = view }

        /// Adds one sign of work the detector kept: a helper, a long init, or both.
        mutating func add(
            initLine: Int?, helper: Symbol?, helperLine: Int?, milliseconds: Double?,
            measured: Bool = false, helperMilliseconds: Double? = nil, limit: Double
        ) {
            if let helperMilliseconds {
                helperMeasured += 1
                helperSlowest = max(helperSlowest, helperMilliseconds)
                helperTotal += helperMilliseconds
            }
            if let milliseconds, milliseconds > limit, !measured { slowAllMeasured = false }
            if let helper, !helpers.contains(helper) { helpers.append(helper) }
            if let helperLine { helperLines.append(helperLine) }
            if let initLine { initLines.append(initLine) }
            if let milliseconds, milliseconds > limit {
                slowest = max(slowest, milliseconds)
                // Keyed by line: one init can show up both with a helper and with a duration.
                slowInitLines.append(initLine ?? helperLine ?? 0)
            }
        }

        /// `2.5 ms`, `0.012 ms`: three decimals at most, trailing zeros dropped.
        static func milliseconds(_ value: Double) -> String {
            // Three decimals would print a measured 10 ns as "0 ms", which reads as not measured.
            if value > 0, value < 0.0005 { return "under 0.001 ms" }
            var text = String(format: "%.3f", value)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text + " ms"
        }

        /// Sorts `lines` and drops repeats; returns how many remain.
        private static func distinct(_ lines: inout [Int]) -> Int {
            lines.formSortedUniqued()
            return lines.count
        }

        /// The finding; `inits` is how often the view's init ran in the trace and `identities` how
        /// many new identities it got. An init that ran once did its work once: worth knowing
        /// (info), not a repeat to fix. Inits that each began an identity (a sheet presented, a
        /// screen pushed, a row added) made their helpers once per lifetime, as `@StateObject`
        /// does: no repeated work, and not reported; a slow one still delays each first frame.
        consuming func violation(limit: Double, symbols: SymbolTable, inits: Int, identities: Int) -> Violation? {
            let view = symbols[view]
            let helperCount = Self.distinct(&helperLines), slowCount = Self.distinct(&slowInitLines)
            // Once is `once`'s hint below, whatever began it.
            let oncePerIdentity = inits > 1 && identities >= inits
            var parts: [String] = []
            if !helpers.isEmpty, !oncePerIdentity {
                let times = helperCount == 1 ? "once" : "\(helperCount) times"
                // A probe's model lines measure the helpers' inits: the time they added to the view's.
                let measuredTime = helperMeasured == 0 ? ""
                    : "; measured: \(Self.milliseconds(helperTotal)) in all, up to \(Self.milliseconds(helperSlowest)) each"
                parts.append("\(view)'s init created \(helpers.map { symbols[$0] }.joined(separator: ", ")) (\(times)\(measuredTime))")
            }
            if slowCount > 0 {
                let count = slowCount == 1 ? "1 init" : "\(slowCount) inits"
                parts.append("\(count) of \(view) took longer than \(Threshold.format(limit)) ms (\(slowAllMeasured ? "measured: " : "")up to \(String(format: "%.1f", slowest)) ms)")
            }
            guard !parts.isEmpty else { return nil }
            let once = max(inits, helperCount, slowCount) <= 1
            let consequence = oncePerIdentity && !once
                ? "; each of its \(inits) inits began a new identity (a new lifetime, such as a sheet or screen presented again), "
                    + "so the work is not repeated within one, but it delays each first frame."
                : once
                ? "; it ran once here, but a view's init runs again whenever its parent's body does: keep it light."
                : "; a view's init runs again whenever its parent's body does, so this work repeats."
            slowInitLines = []
            // Ascending and each once here, so the finding takes them as they are rather than
            // sorting a copy: the lines of a view's every init.
            helperLines += initLines
            initLines = []
            helperLines.formSortedUniqued()
            let count = max(helperCount, slowCount)
            var violation = Violation(
                view: view,
                message: parts.joined(separator: "; ") + consequence,
                count: count,
                lines: helperLines,
                weight: once || oncePerIdentity ? .hint : .full
            )
            // The first init of each lifetime is the one SwiftUI needed; only the repeats are waste.
            let lifetimes = max(1, identities)
            if count <= lifetimes || oncePerIdentity { violation.waste = 0 } else { violation.waste = count - lifetimes }
            return violation
        }
    }
}
