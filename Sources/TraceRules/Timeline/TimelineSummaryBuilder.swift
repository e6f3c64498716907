import TraceModel

/// Bins a trace's events into a `TimelineSummary` while the rules' scan hands them out.
///
/// What it holds is a pair of byte arrays per type lane and level, plus one open lifetime per
/// lane: bounded by the number of view types, whatever the length of the trace. When the types
/// are so many that the arrays would pass `budget` bytes, the finest level is given up (the
/// page says so) rather than the memory.
final class TimelineSummaryBuilder {
    private var summary: TimelineSummary
    private let budget: Int
    private var laneIndex: [Symbol: Int] = [:]
    private var laneViews: [Symbol] = []
    private var tracker = LifetimeTracker()
    private var lastLine = 0

    /// Starts a summary of `summary.trace` over `summary.lines` lines, its arrays within `budget` bytes.
    init(_ summary: TimelineSummary, budget: Int) {
        self.summary = summary
        self.budget = budget
    }

    /// Takes the scan's next event.
    func observe(_ event: LifecycleEvent) {
        guard let view = event.view else {
            summary.unplaced += 1
            return
        }
        let lane = self.lane(view)
        lastLine = event.line
        let bit = UInt8(truncatingIfNeeded: 1 << min(event.kind.index, 7))
        for level in summary.levels.indices {
            summary.lanes[lane].kinds[level][summary.bin(of: event.line, bins: summary.levels[level])] |= bit
        }
        summary.lanes[lane].kindCounts[event.kind.index] += 1
        // An instance's lifetimes would need a record per live instance, which grows with the
        // trace when instances leak; its marks are drawn, its lifetimes are the exact page's.
        guard event.instance == nil else {
            summary.lanes[lane].instanceMarks += 1
            return
        }
        let line = event.line
        tracker.track(lane: lane, at: line, event: event) { current, _ in close(lane: lane, current, at: line) }
    }

    private func close(lane: Int, _ current: LifetimeTracker.Open, at line: Int) {
        // A new identity after an earlier lifetime of the lane is a reset: its state was thrown away.
        let reset = current.startedBy == .identity && summary.lanes[lane].lifetimes > 0
        summary.lanes[lane].lifetimes += 1
        for level in summary.levels.indices {
            let bins = summary.levels[level]
            let first = summary.bin(of: current.start, bins: bins), last = summary.bin(of: line, bins: bins)
            summary.lanes[lane].extras[level].withUnsafeMutableBufferPointer { extras in
                for bin in first...last { extras[bin] |= TimelineSummary.Extra.alive }
                if reset { extras[first] |= TimelineSummary.Extra.reset }
            }
        }
    }

    private func lane(_ view: Symbol) -> Int {
        if let index = laneIndex[view] { return index }
        let index = laneViews.count
        laneIndex[view] = index
        laneViews.append(view)
        tracker.addLane()
        while summary.levels.count > 1, (index + 1) * summary.levels.reduce(0, +) * 2 > budget {
            let dropped = summary.levels.removeLast()
            summary.droppedLevels.append(dropped)
            for lane in summary.lanes.indices {
                summary.lanes[lane].kinds.removeLast()
                summary.lanes[lane].extras.removeLast()
            }
        }
        summary.lanes.append(TimelineSummary.Lane(
            view: "", kindCounts: Array(repeating: 0, count: EventKind.allCases.count), instanceMarks: 0, lifetimes: 0,
            kinds: summary.levels.map { [UInt8](repeating: 0, count: $0) },
            extras: summary.levels.map { [UInt8](repeating: 0, count: $0) }
        ))
        return index
    }

    /// Ends the lifetimes still open at the last event and names the lanes; call after the
    /// scan, when `symbols` may be read.
    func finish(symbols: SymbolTable) -> TimelineSummary {
        tracker.endAll { lane, current in close(lane: lane, current, at: lastLine) }
        for lane in summary.lanes.indices { summary.lanes[lane].view = symbols[laneViews[lane]] }
        return summary
    }
}
