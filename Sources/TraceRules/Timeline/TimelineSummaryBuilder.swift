import TraceModel

/// Bins a trace's events into a `TimelineSummary` while the rules' scan hands them out.
///
/// What it holds is a pair of byte arrays per type lane and level, plus one open lifetime per
/// lane: bounded by the number of view types, whatever the length of the trace. When the types
/// are so many that the arrays would pass `budget` bytes, the finest level is given up (the
/// page says so) rather than the memory. The verdicts on new identities come only as the scan
/// ends, so the builder keeps each new identity's event, lane and line (24 bytes, beside the
/// 16 of the verdict itself) to mark the resets and count the lifetimes then.
final class TimelineSummaryBuilder {
    private var summary: TimelineSummary
    private let budget: Int
    private var laneIndex: [Symbol: Int] = [:]
    private var laneViews: [Symbol] = []
    private var tracker = LifetimeTracker()
    private var lastLine = 0
    /// Each new identity, in event order: whether it joined an open lifetime that had seen one
    /// (a verdict may yet split it), with its event, lane and line.
    private var identities: [(event: Int, lane: Int32, joined: Bool, line: Int)] = []

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
        // Unjudged yet, an identity joins the open lifetime: the lane is alive over the same
        // bins whether a verdict later splits it there or not.
        let step = tracker.track(lane: lane, at: line, kind: event.kind, newIdentity: event.newIdentity, verdict: nil) { current, _ in
            close(lane: lane, current, at: line)
        }
        if let step { identities.append((event.id, Int32(lane), step == .joined, line)) }
    }

    private func close(lane: Int, _ current: LifetimeTracker.Open, at line: Int) {
        summary.lanes[lane].lifetimes += 1
        for level in summary.levels.indices {
            let bins = summary.levels[level]
            let first = summary.bin(of: current.start, bins: bins), last = summary.bin(of: line, bins: bins)
            summary.lanes[lane].extras[level].withUnsafeMutableBufferPointer { extras in
                for bin in first...last { extras[bin] |= TimelineSummary.Extra.alive }
            }
        }
    }

    /// Takes the verdicts on the identities joined or begun during the scan, as the exact
    /// layout does: one that begins a lifetime splits the lifetime it joined, and a reset is
    /// flagged where it happened.
    private func judge(_ verdicts: [IdentityMark]) {
        var cursor = IdentityMarkCursor(verdicts)
        for identity in identities {
            guard let verdict = cursor.verdict(of: identity.event) else { continue }
            let lane = Int(identity.lane)
            if identity.joined, verdict.beginsLifetime { summary.lanes[lane].lifetimes += 1 }
            guard verdict.losesState else { continue }
            for level in summary.levels.indices {
                summary.lanes[lane].extras[level][summary.bin(of: identity.line, bins: summary.levels[level])] |= TimelineSummary.Extra.reset
            }
        }
        identities = []
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

    /// Ends the lifetimes still open at the last event, takes the scan's `verdicts` (in event
    /// order) and names the lanes; call after the scan, when `symbols` may be read.
    func finish(symbols: SymbolTable, verdicts: [IdentityMark]) -> TimelineSummary {
        tracker.endAll { lane, current in close(lane: lane, current, at: lastLine) }
        judge(verdicts)
        for lane in summary.lanes.indices { summary.lanes[lane].view = symbols[laneViews[lane]] }
        return summary
    }
}
