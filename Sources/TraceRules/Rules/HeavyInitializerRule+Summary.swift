import Foundation

/// What `heavy_initializer` gathers about one view before it words a finding.
extension HeavyInitializerRule {
    struct HeavyInit {
        let view: Symbol
        private var helpers: [Symbol] = []
        private var helperLines: Set<Int> = []
        private var slowInitLines: Set<Int> = []
        private var lines: [Int] = []
        private var slowest: Double = 0

        init(view: Symbol) { self.view = view }

        /// Adds one sign of work the detector kept: a helper, a long init, or both.
        mutating func add(initLine: Int?, helper: Symbol?, helperLine: Int?, milliseconds: Double?, limit: Double) {
            if let helper, !helpers.contains(helper) { helpers.append(helper) }
            if let helperLine {
                helperLines.insert(helperLine)
                lines.append(helperLine)
            }
            if let initLine { lines.append(initLine) }
            if let milliseconds, milliseconds > limit {
                slowest = max(slowest, milliseconds)
                // Keyed by line: one init can show up both with a helper and with a duration.
                slowInitLines.insert(initLine ?? helperLine ?? 0)
            }
        }

        /// The finding; `inits` is how often the view's init ran in the trace. An init that ran
        /// once did its work once: worth knowing (info), not a repeat to fix.
        func violation(limit: Double, symbols: SymbolTable, inits: Int) -> Violation? {
            let view = symbols[view]
            var parts: [String] = []
            if !helpers.isEmpty {
                let times = helperLines.count == 1 ? "once" : "\(helperLines.count) times"
                parts.append("\(view)'s init created \(helpers.map { symbols[$0] }.joined(separator: ", ")) (\(times))")
            }
            if !slowInitLines.isEmpty {
                let count = slowInitLines.count == 1 ? "1 init" : "\(slowInitLines.count) inits"
                parts.append("\(count) of \(view) took longer than \(Threshold.format(limit)) ms (up to \(String(format: "%.1f", slowest)) ms)")
            }
            guard !parts.isEmpty else { return nil }
            let once = max(inits, helperLines.count, slowInitLines.count) <= 1
            let consequence = once
                ? "; it ran once here, but a view's init runs again whenever its parent's body does: keep it light."
                : "; a view's init runs again whenever its parent's body does, so this work repeats."
            return Violation(
                view: view,
                message: parts.joined(separator: "; ") + consequence,
                count: max(helperLines.count, slowInitLines.count),
                lines: lines,
                weight: once ? .hint : .full
            )
        }
    }
}
