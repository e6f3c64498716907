import TraceModel

/// Lays out a trace's events while the rules' scan hands them out: lanes, marks, lifetimes.
///
/// The scan's reading thread is still interning names meanwhile, so lanes and token lists are
/// keyed by symbol here and named in `finish`.
final class TimelineBuilder {
    private struct LaneKey: Hashable {
        var view: Symbol
        var instance: Symbol?
    }

    private var laneIndex: [LaneKey: Int] = [:]
    private var laneKeys: [LaneKey] = []
    private var laneParents: [Int?] = []
    private var laneMarks: [Int] = []
    private var tracker = LifetimeTracker()
    private var tokenLists = TokenLists()
    private(set) var marks: [TimelineModel.Mark] = []
    private(set) var lifetimes: [TimelineModel.Lifetime] = []
    /// For every event of the scan, whether it became a mark (messages are matched by position).
    private(set) var placed: [Bool] = []
    private(set) var unplaced = 0
    private let lines: ClosedRange<Int>?

    /// Lays out every event, or with `lines` only the events of those lines.
    init(lines: ClosedRange<Int>? = nil) {
        self.lines = lines
    }

    /// Takes the scan's next event.
    func observe(_ event: LifecycleEvent) {
        if let lines, !lines.contains(event.line) {
            placed.append(false)
            return
        }
        guard let view = event.view else {
            placed.append(false)
            unplaced += 1
            return
        }
        placed.append(true)
        let lane = self.lane(LaneKey(view: view, instance: event.instance))
        var mark = TimelineModel.Mark(lane: lane, kind: event.kind, line: event.line, ts: event.ts)
        mark.durationMs = event.durationMilliseconds
        if event.isPrintChanges, !event.tokens.isEmpty {
            mark.tokens = tokenLists.index(of: event.tokens)
        }
        let index = marks.count
        marks.append(mark)
        laneMarks[lane] += 1
        tracker.track(lane: lane, at: index, event: event) { current, boundary in
            close(lane: lane, current, at: index, by: boundary)
        }
    }

    private func close(lane: Int, _ current: LifetimeTracker.Open, at mark: Int, by boundary: TimelineModel.Boundary) {
        lifetimes.append(TimelineModel.Lifetime(
            lane: lane, start: current.start, end: mark, startedBy: current.startedBy, endedBy: boundary
        ))
    }

    private func lane(_ key: LaneKey) -> Int {
        if let index = laneIndex[key] { return index }
        // An instance's sub-lane hangs under its type's lane, which exists even when no event
        // names the type without an instance.
        let parent = key.instance == nil ? nil : lane(LaneKey(view: key.view, instance: nil))
        let index = laneKeys.count
        laneIndex[key] = index
        laneKeys.append(key)
        laneParents.append(parent)
        laneMarks.append(0)
        tracker.addLane()
        return index
    }

    /// Ends the lifetimes still open at the last mark and names lanes and tokens; call after
    /// the scan, when `symbols` may be read.
    func finish(into model: inout TimelineModel, symbols: SymbolTable) {
        if let last = marks.indices.last {
            tracker.endAll { lane, current in close(lane: lane, current, at: last, by: .end) }
        }
        lifetimes.sort { ($0.start, $0.lane) < ($1.start, $1.lane) }
        model.lanes = laneKeys.indices.map { index in
            let key = laneKeys[index]
            return TimelineModel.Lane(
                view: symbols[key.view], instance: key.instance.map { symbols[$0] },
                parent: laneParents[index], marks: laneMarks[index]
            )
        }
        model.tokenTexts = tokenLists.texts(symbols)
        model.marks = marks
        model.lifetimes = lifetimes
        model.unplaced = unplaced
    }
}
