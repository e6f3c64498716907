import TraceModel

/// Lays out a trace's events while the rules' scan hands them out: lanes and marks; lifetimes in
/// `finish`, when `identity_churn` has judged every new identity.
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
    private var tokenLists = TokenLists()
    private(set) var marks: [TimelineModel.Mark] = []
    /// Per mark, its event's id, and whether it printed a new `@identity`: what the lifetimes
    /// are replayed from once the verdicts are in.
    private var markEvents: [Int] = []
    private var markIdentities: [Bool] = []
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
        marks.append(mark)
        markEvents.append(event.id)
        markIdentities.append(event.newIdentity)
        laneMarks[lane] += 1
    }

    /// The lifetimes of the marks, in the order they begin, each new identity taken as `verdicts`
    /// (the scan's, in event order) judged it.
    private func lifetimes(_ verdicts: [IdentityMark]) -> [TimelineModel.Lifetime] {
        var lifetimes: [TimelineModel.Lifetime] = []
        var tracker = LifetimeTracker()
        for _ in laneKeys { tracker.addLane() }
        var cursor = IdentityMarkCursor(verdicts)
        func close(lane: Int, _ current: LifetimeTracker.Open, at mark: Int, by boundary: TimelineModel.Boundary) {
            lifetimes.append(TimelineModel.Lifetime(
                lane: lane, start: current.start, end: mark, startedBy: current.startedBy, endedBy: boundary,
                verdict: current.verdict
            ))
        }
        for (index, mark) in marks.enumerated() {
            let verdict = markIdentities[index] ? cursor.verdict(of: markEvents[index]) : nil
            tracker.track(lane: mark.lane, at: index, kind: mark.kind, newIdentity: markIdentities[index], verdict: verdict) { current, boundary in
                close(lane: mark.lane, current, at: index, by: boundary)
            }
        }
        if let last = marks.indices.last {
            tracker.endAll { lane, current in close(lane: lane, current, at: last, by: .end) }
        }
        lifetimes.sort { ($0.start, $0.lane) < ($1.start, $1.lane) }
        return lifetimes
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
        return index
    }

    /// Lays out the lifetimes by the scan's `verdicts` (in event order) and names lanes and
    /// tokens; call after the scan, when `symbols` may be read.
    func finish(into model: inout TimelineModel, symbols: SymbolTable, verdicts: [IdentityMark]) {
        model.lanes = laneKeys.indices.map { index in
            let key = laneKeys[index]
            return TimelineModel.Lane(
                view: symbols[key.view], instance: key.instance.map { symbols[$0] },
                parent: laneParents[index], marks: laneMarks[index]
            )
        }
        model.tokenTexts = tokenLists.texts(symbols)
        model.marks = marks
        model.lifetimes = lifetimes(verdicts)
        model.unplaced = unplaced
    }
}
