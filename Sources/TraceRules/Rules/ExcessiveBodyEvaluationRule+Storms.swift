import TraceModel

/// The sweep behind `excessive_body_evaluation`: runs, busy seconds and totals per view.
extension ExcessiveBodyEvaluationRule {
    struct Storms {
        private struct Stretch: BitwiseCopyable {
            var count: Int
            let firstLine: Int
            var lastLine: Int
        }

        /// One tenth of a second of one view's evaluations.
        private struct Tenth {
            let slot: Int
            var stretch: Stretch
        }

        /// Everything counted for one view, indexed by its symbol.
        private struct ViewState {
            var all: Stretch?
            /// Its evaluations of a new identity: needed once per identity, so never avoidable.
            var identities = 0
            /// The measured time of its other evaluations (those it counts), and how many of them
            /// had no duration: the time is the finding's only when every one had.
            var avoidableMs = 0.0
            var unmeasured = 0
            /// Its evaluations in the last ten tenths it was evaluated in.
            var tenths: [Tenth] = []
            /// How many loops it ran, and the first of the longest; every loop is in `loops`.
            var loopCount = 0
            var longestLoop: Stretch?
            var peak: Stretch?
            /// The longest cycle it led: the views in order, and its lines (`count` cycles).
            var cycle: (views: [Symbol], stretch: Stretch)?
            /// The longest stretch it led that the author's note says goes on without end: the
            /// views of one round in order, its lines (`count` rounds), the note's line and words.
            var endless: (views: [Symbol], stretch: Stretch, note: Int, words: EndlessNote.Words)?
            /// True once a loop or a busy second made the view's finding certain.
            var decided = false
        }

        /// A run is one view's (and, when printed, one instance's) evaluations back to back.
        private struct RunKey: Equatable {
            let view: Symbol
            let instance: Symbol?
        }

        private let minConsecutive: Int
        private let minPerSecond: Int

        private var run: (key: RunKey, stretch: Stretch)?
        private var views: [ViewState] = []
        /// Per view symbol, its loops, which its finding cites: a view looping all through a long
        /// trace has one per loop, so they wait on file.
        private let loops = SpilledLists<Stretch>()
        private var total = 0
        private var order: [Symbol] = []
        /// Views whose finding became certain since the last `takeDecided`, each once.
        private var newlyDecided: [Int] = []
        /// The last body lines with nothing else between, newest last, at most `maxPeriod`;
        /// `selfOnly` marks a `_printChanges()` line that reports `@self` alone.
        private var recent: [(view: Symbol, line: Int, selfOnly: Bool)] = []
        /// Per period 2…`maxPeriod` (index period − 2): how many lines in a row repeated the
        /// view `period` lines before them, and the first line of that stretch's cycle.
        private var streaks = [Int](repeating: 0, count: Storms.maxPeriod - 1)
        private var streakStarts = [Int](repeating: 0, count: Storms.maxPeriod - 1)
        /// The most views one cycle may pass through: a loop through a parent and a few
        /// children, as a device log shows it (`FeedView`, `FeedRow`, `FeedHeader`, again).
        static let maxPeriod = 4
        /// The body lines since anything else, whatever they printed: the rounds an endless note
        /// speaks of (`EndlessNote`). Unlike `recent`, a line printing only `@self` stays: a
        /// child re-evaluated with its parent on every round of a loop prints exactly that.
        private var shown = ShownRounds()
        /// The author's note after the last body line, weighed when that stretch ends (the
        /// line's repeats, when the log counts it, come first).
        private var pendingNote: (line: Int, words: EndlessNote.Words)?

        init(thresholds: ThresholdValues) {
            minConsecutive = thresholds.count(ExcessiveBodyEvaluationRule.minConsecutive)
            minPerSecond = thresholds.count(ExcessiveBodyEvaluationRule.minPerSecond)
        }

        /// A line that is not a body evaluation: it ends any run.
        mutating func other() {
            endRun()
            endCycles()
            endShown()
        }

        /// The author wrote after the last body line, on line `line`, that it goes on without end.
        mutating func endlessNote(line: Int, words: EndlessNote.Words) {
            pendingNote = (line, words)
        }

        /// A body evaluation; `slot` is its time in tenths of a second, when the line has one.
        /// `namesCause` is true for a `_printChanges()` line naming a property that changed.
        mutating func body(
            view: Symbol, instance: Symbol?, line: Int, slot: Int?, valueOrIdentityOnly: Bool, newIdentity: Bool,
            namesCause: Bool = false, milliseconds: Double? = nil
        ) {
            total += 1
            let index = view.index
            views.grow(toInclude: index, with: ViewState())
            if newIdentity {
                views[index].identities += 1
            } else if let milliseconds {
                views[index].avoidableMs += milliseconds
            } else {
                views[index].unmeasured += 1
            }
            if views[index].all == nil {
                order.append(view)
                views[index].all = Stretch(count: 1, firstLine: line, lastLine: line)
            } else {
                views[index].all!.count += 1
                views[index].all!.lastLine = line
            }
            if let slot { count(view: index, slot: slot, line: line) }
            shown.append(view: view, instance: instance, line: line, valueOrIdentityOnly: valueOrIdentityOnly, namesCause: namesCause)
            // Rows of one update print `@self` or `@identity` one after another: never a run. A
            // child that only printed `@self` may still be a round of a cycle (its parent's
            // state changes, it is handed a new value, again and again); a new identity may not.
            guard !valueOrIdentityOnly else {
                if newIdentity { endCycles() } else { cycle(view: view, line: line, selfOnly: true) }
                return endRun()
            }
            cycle(view: view, line: line, selfOnly: false)
            let key = RunKey(view: view, instance: instance)
            if run?.key == key {
                run!.stretch.count += 1
                run!.stretch.lastLine = line
            } else {
                endRun()
                run = (key, Stretch(count: 1, firstLine: line, lastLine: line))
            }
        }

        /// A body line in a stretch of them: each period's streak grows when the line repeats the
        /// view `period` lines back, and a streak that breaks is a cycle when it was long enough.
        private mutating func cycle(view: Symbol, line: Int, selfOnly: Bool) {
            for period in 2...Self.maxPeriod {
                let slot = period - 2
                if recent.count >= period, recent[recent.count - period].view == view {
                    if streaks[slot] == 0 { streakStarts[slot] = recent[recent.count - period].line }
                    streaks[slot] += 1
                } else {
                    endCycle(period: period)
                }
            }
            recent.append((view, line, selfOnly))
            if recent.count > Self.maxPeriod { recent.removeFirst() }
        }

        private mutating func endCycles() {
            // Streaks grow only over `recent` and are zeroed with it: nothing to end. Every line
            // that is not a body ends the cycles, so this is the common case.
            guard !recent.isEmpty else { return }
            for period in 2...Self.maxPeriod { endCycle(period: period) }
            recent.removeAll(keepingCapacity: true)
        }

        /// Files period `period`'s streak as a cycle when it ran `min_consecutive` times round
        /// through `period` different views (the same view twice is a shorter period's cycle),
        /// and one line of a round says more than `@self`: a parent whose state changed, or a
        /// hand print. A round of `@self` lines alone is also what one update of rows, each
        /// with a child, prints (`Row: @self changed.`, `Avatar: @self changed.`, row after row).
        private mutating func endCycle(period: Int) {
            let slot = period - 2
            defer { streaks[slot] = 0 }
            let cycles = (streaks[slot] + period) / period
            guard streaks[slot] > 0, cycles >= minConsecutive, recent.count >= period else { return }
            let round = recent.suffix(period)
            guard round.contains(where: { !$0.selfOnly }) else { return }
            let members = round.map(\.view)
            guard Set(members.map(\.index)).count == period else { return }
            // The cycle is named from its first line's view on, as the log shows it.
            // `members` are the stretch's last `period` lines; its first line sits `streak`
            // lines before the first of them, which is this many places round the cycle.
            let first = (period - streaks[slot] % period) % period
            let ordered = (0..<period).map { members[(first + $0) % period] }
            let lead = ordered[0].index
            let stretch = Stretch(count: cycles, firstLine: streakStarts[slot], lastLine: recent[recent.count - 1].line)
            if cycles > views[lead].cycle?.stretch.count ?? 0 { views[lead].cycle = (ordered, stretch) }
            decide(lead)
        }

        /// The stretch of body lines ends: when the author's note closed it, the rounds it shows
        /// (two at least, of one view or of a cycle of up to `maxPeriod`) are a loop on the
        /// author's word, counted as the lines shown and no more. Words that continue a list
        /// (`etc.`, `and so on`) after one view's lines say more rows, unless those lines name
        /// the state that changed each time.
        private mutating func endShown() {
            defer { shown.removeAll() }
            guard let note = pendingNote else { return }
            pendingNote = nil
            guard let rounds = shown.rounds(listing: note.words.continuesAList) else { return }
            let lead = rounds.views[0].index
            if rounds.count > views[lead].endless?.stretch.count ?? 0 {
                let stretch = Stretch(count: rounds.count, firstLine: rounds.firstLine, lastLine: rounds.lastLine)
                views[lead].endless = (rounds.views, stretch, note.line, note.words)
            }
            decide(lead)
        }

        /// Ends the pass: the last run and every view's last second are counted.
        mutating func finish() {
            endRun()
            endCycles()
            endShown()
            for view in views.indices { closeSecond(of: view) }
        }

        private mutating func endRun() {
            if let run, run.stretch.count >= minConsecutive {
                let view = run.key.view.index
                loops.append(run.stretch, to: view)
                views[view].loopCount += 1
                if run.stretch.count > views[view].longestLoop?.count ?? 0 { views[view].longestLoop = run.stretch }
                decide(view)
            }
            run = nil
        }

        private mutating func count(view: Int, slot: Int, line: Int) {
            if views[view].tenths.last?.slot == slot {
                let last = views[view].tenths.count - 1
                views[view].tenths[last].stretch.count += 1
                views[view].tenths[last].stretch.lastLine = line
                return
            }
            closeSecond(of: view)
            // The window is the ten tenths ending at `slot`. A log whose clock steps back (two
            // envelopes with different time zones, interleaved) leaves tenths ahead of it: they
            // go too, or they would pile up for the rest of the trace.
            views[view].tenths.removeAll { $0.slot <= slot - 10 || $0.slot > slot }
            views[view].tenths.append(Tenth(slot: slot, stretch: Stretch(count: 1, firstLine: line, lastLine: line)))
        }

        /// The second ending with the view's latest tenth counts when all ten tenths had evaluations.
        private mutating func closeSecond(of view: Int) {
            let recent = views[view].tenths
            guard recent.count == 10 else { return }
            let evaluations = recent.reduce(0) { $0 + $1.stretch.count }
            if evaluations >= minPerSecond, evaluations > views[view].peak?.count ?? 0 {
                views[view].peak = Stretch(count: evaluations, firstLine: recent[0].stretch.firstLine, lastLine: recent[9].stretch.lastLine)
                decide(view)
            }
        }

        /// A loop or a busy second is the rule's finding whatever comes later: decided now.
        private mutating func decide(_ view: Int) {
            guard !views[view].decided else { return }
            views[view].decided = true
            newlyDecided.append(view)
        }

        /// The findings of the views decided since the last call, as they stand now.
        mutating func takeDecided(minEvaluations: Int, minSharePercent: Int, symbols: SymbolTable) -> [Violation] {
            guard !newlyDecided.isEmpty else { return [] }
            defer { newlyDecided.removeAll() }
            return newlyDecided.compactMap {
                violation(of: symbols.symbol(at: $0), minEvaluations: minEvaluations, minSharePercent: minSharePercent, symbols: symbols)
            }
        }

        func violations(minEvaluations: Int, minSharePercent: Int, symbols: SymbolTable) -> [Violation] {
            order.compactMap { violation(of: $0, minEvaluations: minEvaluations, minSharePercent: minSharePercent, symbols: symbols) }
        }

        /// The finding of view `symbol` as its counts stand; nil when it has none. Keyed by the
        /// view, as the view has one finding at most.
        private func violation(of symbol: Symbol, minEvaluations: Int, minSharePercent: Int, symbols: SymbolTable) -> Violation? {
            let state = views[symbol.index], view = symbols[symbol]
            var parts: [String] = []
            var lines: [Int] = []
            if let longest = state.longestLoop {
                let runs = state.loopCount == 1 ? "" : " (\(state.loopCount) such runs)"
                parts.append("\(longest.count) times in a row with nothing else between (lines \(longest.firstLine)–\(longest.lastLine))\(runs): an update loop")
                loops.forEach(of: symbol.index) { lines += [$0.firstLine, $0.lastLine] }
            }
            if let cycle = state.cycle {
                let names = cycle.views.map { symbols[$0] } + [view]
                parts.append("\(cycle.stretch.count) times round the cycle \(names.joined(separator: " → ")) with nothing else between "
                    + "(lines \(cycle.stretch.firstLine)–\(cycle.stretch.lastLine)): an update loop through \(cycle.views.count) views")
                lines += [cycle.stretch.firstLine, cycle.stretch.lastLine]
            }
            if let endless = state.endless {
                let shape = endless.views.count == 1
                    ? "\(endless.stretch.count) times in a row"
                    : "\(endless.stretch.count) times round the cycle \((endless.views.map { symbols[$0] } + [view]).joined(separator: " → "))"
                parts.append("\(shape) with nothing else between (lines \(endless.stretch.firstLine)–\(endless.stretch.lastLine)), "
                    + "and the author's note after them says it goes on (“\(endless.words.text)”, line \(endless.note)): "
                    + "an update loop on the author's word, counted as the lines shown")
                lines += [endless.stretch.firstLine, endless.stretch.lastLine, endless.note]
            }
            if let peak = state.peak {
                parts.append("\(peak.count) times within one second (lines \(peak.firstLine)–\(peak.lastLine))")
                lines += [peak.firstLine, peak.lastLine]
            }
            let all = state.all!
            if all.count >= minEvaluations, all.count * 100 >= minSharePercent * total {
                let percent = Int((Double(all.count) * 100 / Double(total)).rounded())
                parts.append("\(all.count) times in all, \(percent)% of the trace's \(total) body evaluations")
                lines += [all.firstLine, all.lastLine]
            }
            guard !parts.isEmpty else { return nil }
            let why = state.loopCount == 0 && state.peak == nil && state.cycle == nil && state.endless == nil
                ? " Look for a dependency that changes far more often than what the view shows."
                : " Something it depends on keeps changing while it updates."
            // The rule explains the view's evaluations as waste (`EvaluationVerdicts`), but the
            // first of each identity, which no view can skip: the count fix-first ranks by.
            let avoidable = all.count - min(state.identities, all.count)
            var violation = Violation(view: view, message: "\(view)'s body was evaluated " + parts.joined(separator: "; ") + "." + why
                                + " \(avoidable) of its \(all.count) evaluations avoidable.",
                             count: avoidable, lines: lines, earlyKey: symbol.index)
            // The time of the evaluations it counts, when all were measured: its lines are a sample.
            if state.unmeasured == 0, avoidable > 0, state.avoidableMs > 0 { violation.milliseconds = state.avoidableMs }
            return violation
        }

        /// The last body lines with nothing else between, and for each period 1…`maxPeriod` how
        /// many lines in a row repeated the one `period` lines before them (one view: the same
        /// instance too): what an endless note after them shows going round.
        private struct ShownRounds {
            private struct Line {
                let view: Symbol
                let instance: Symbol?
                let line: Int
                let valueOrIdentityOnly: Bool
                let namesCause: Bool
            }

            /// Newest last, at most twice `maxPeriod`: enough to tell each period's round.
            private var lines: [Line] = []
            private var streaks = [Int](repeating: 0, count: Storms.maxPeriod)
            private var starts = [Int](repeating: 0, count: Storms.maxPeriod)

            mutating func append(view: Symbol, instance: Symbol?, line: Int, valueOrIdentityOnly: Bool, namesCause: Bool) {
                for period in 1...Storms.maxPeriod {
                    let slot = period - 1
                    if lines.count >= period, lines[lines.count - period].view == view,
                       period > 1 || lines[lines.count - 1].instance == instance {
                        if streaks[slot] == 0 { starts[slot] = lines[lines.count - period].line }
                        streaks[slot] += 1
                    } else {
                        streaks[slot] = 0
                    }
                }
                lines.append(Line(view: view, instance: instance, line: line, valueOrIdentityOnly: valueOrIdentityOnly, namesCause: namesCause))
                if lines.count > 2 * Storms.maxPeriod { lines.removeFirst() }
            }

            mutating func removeAll() {
                guard !lines.isEmpty else { return }
                lines.removeAll(keepingCapacity: true)
                for slot in streaks.indices { streaks[slot] = 0 }
            }

            /// The shortest round that went round twice or more up to the last line: its views in
            /// order from the stretch's first line, how many rounds, and the stretch's lines; nil
            /// when no round repeats, or when every line of one printed only `@self` or a new
            /// `@identity` (rows of one update, which a note after them says nothing more about).
            /// When `listing` (the note continues a list), one view's lines go round only when
            /// each names the state that changed: `Row body` twice and `etc.` are more rows.
            func rounds(listing: Bool) -> (views: [Symbol], count: Int, firstLine: Int, lastLine: Int)? {
                for period in 1...Storms.maxPeriod {
                    let streak = streaks[period - 1]
                    guard streak >= period, lines.count >= period else { continue }
                    let members = lines.suffix(period)
                    guard Set(members.map(\.view.index)).count == period, members.contains(where: { !$0.valueOrIdentityOnly })
                    else { continue }
                    if period == 1, listing, !lines.suffix(streak + 1).allSatisfy(\.namesCause) { continue }
                    // As in `endCycle`: the stretch's first line sits `streak` lines before the
                    // first of the last `period`, this many places round the round.
                    let first = (period - streak % period) % period
                    let ordered = (0..<period).map { members[members.startIndex + (first + $0) % period].view }
                    return (ordered, (streak + period) / period, starts[period - 1], lines[lines.count - 1].line)
                }
                return nil
            }
        }
    }
}
