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

        func violation(limit: Double, symbols: SymbolTable) -> Violation? {
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
            return Violation(
                view: view,
                message: parts.joined(separator: "; ") + "; a view's init runs again whenever its parent's body does, so this work repeats.",
                count: max(helperLines.count, slowInitLines.count),
                lines: lines
            )
        }
    }
}
