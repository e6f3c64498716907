/// The sweep behind `excessive_body_evaluation`: runs, busy seconds and totals per view.
extension ExcessiveBodyEvaluationRule {
    struct Storms {
        private struct Stretch {
            var count: Int
            let firstLine: Int
            var lastLine: Int
        }

        /// One tenth of a second of one view's evaluations.
        private struct Tenth {
            let slot: Int
            var stretch: Stretch
        }

        private let minConsecutive: Int
        private let minPerSecond: Int

        private var run: (key: String, view: String, stretch: Stretch)?
        /// Per view, its evaluations in the last ten tenths it was evaluated in.
        private var tenths: [String: [Tenth]] = [:]
        private var totals: [String: Stretch] = [:]
        private var total = 0
        private var order: [String] = []
        private var loops: [String: [Stretch]] = [:]
        private var peaks: [String: Stretch] = [:]

        init(thresholds: ThresholdValues) {
            minConsecutive = thresholds.count(ExcessiveBodyEvaluationRule.minConsecutive)
            minPerSecond = thresholds.count(ExcessiveBodyEvaluationRule.minPerSecond)
        }

        /// A line that is not a body evaluation: it ends any run.
        mutating func other() {
            endRun()
        }

        /// A body evaluation; `slot` is its time in tenths of a second, when the line has one.
        mutating func body(view: String, instance: String?, line: Int, slot: Int?, valueOrIdentityOnly: Bool) {
            total += 1
            if totals[view] == nil {
                order.append(view)
                totals[view] = Stretch(count: 1, firstLine: line, lastLine: line)
            } else {
                totals[view]!.count += 1
                totals[view]!.lastLine = line
            }
            if let slot { count(view: view, slot: slot, line: line) }
            // Rows of one update print `@self` or `@identity` one after another: never a loop.
            guard !valueOrIdentityOnly else { return endRun() }
            let key = instance.map { view + "\u{1F}" + $0 } ?? view
            if run?.key == key {
                run!.stretch.count += 1
                run!.stretch.lastLine = line
            } else {
                endRun()
                run = (key, view, Stretch(count: 1, firstLine: line, lastLine: line))
            }
        }

        /// Ends the pass: the last run and every view's last second are counted.
        mutating func finish() {
            endRun()
            for view in tenths.keys { closeSecond(of: view) }
        }

        private mutating func endRun() {
            if let run, run.stretch.count >= minConsecutive {
                loops[run.view, default: []].append(run.stretch)
            }
            run = nil
        }

        private mutating func count(view: String, slot: Int, line: Int) {
            var recent = tenths[view] ?? []
            if recent.last?.slot == slot {
                recent[recent.count - 1].stretch.count += 1
                recent[recent.count - 1].stretch.lastLine = line
                tenths[view] = recent
                return
            }
            closeSecond(of: view)
            recent.removeAll { $0.slot <= slot - 10 }
            recent.append(Tenth(slot: slot, stretch: Stretch(count: 1, firstLine: line, lastLine: line)))
            tenths[view] = recent
        }

        /// The second ending with the view's latest tenth counts when all ten tenths had evaluations.
        private mutating func closeSecond(of view: String) {
            guard let recent = tenths[view], recent.count == 10 else { return }
            let evaluations = recent.reduce(0) { $0 + $1.stretch.count }
            if evaluations >= minPerSecond, evaluations > peaks[view]?.count ?? 0 {
                peaks[view] = Stretch(count: evaluations, firstLine: recent[0].stretch.firstLine, lastLine: recent[9].stretch.lastLine)
            }
        }

        func violations(minEvaluations: Int, minSharePercent: Int) -> [Violation] {
            order.compactMap { view in
                var parts: [String] = []
                var lines: [Int] = []
                let viewLoops = loops[view] ?? []
                if let longest = viewLoops.max(by: { $0.count < $1.count }) {
                    let runs = viewLoops.count == 1 ? "" : " (\(viewLoops.count) such runs)"
                    parts.append("\(longest.count) times in a row with nothing else between (lines \(longest.firstLine)–\(longest.lastLine))\(runs): an update loop")
                    lines += viewLoops.flatMap { [$0.firstLine, $0.lastLine] }
                }
                if let peak = peaks[view] {
                    parts.append("\(peak.count) times within one second (lines \(peak.firstLine)–\(peak.lastLine))")
                    lines += [peak.firstLine, peak.lastLine]
                }
                let all = totals[view]!
                if all.count >= minEvaluations, all.count * 100 >= minSharePercent * total {
                    let percent = Int((Double(all.count) * 100 / Double(total)).rounded())
                    parts.append("\(all.count) times in all, \(percent)% of the trace's \(total) body evaluations")
                    lines += [all.firstLine, all.lastLine]
                }
                guard !parts.isEmpty else { return nil }
                let why = viewLoops.isEmpty && peaks[view] == nil
                    ? " Look for a dependency that changes far more often than what the view shows."
                    : " Something it depends on keeps changing while it updates."
                return Violation(view: view, message: "\(view)'s body was evaluated " + parts.joined(separator: "; ") + "." + why,
                                 count: all.count, lines: lines)
            }
        }
    }
}
