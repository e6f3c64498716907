import TraceModel
import TraceStore

/// Lays out a trace's events into a `TimelineSpool` while the rules' scan hands them out:
/// `TimelineBuilder`'s lanes and lifetimes, with the marks appended to a temporary file and
/// each lifetime written into the mark that began it once it ends.
///
/// Names are interned by the scan's reading thread meanwhile, so lanes and token lists are
/// keyed by symbol here and named in `finish`.
final class TimelineSpoolBuilder {
    private struct LaneKey: Hashable {
        var view: Symbol
        var instance: Symbol?
    }

    // A lane per view instance can mean a lane per few dozen lines: they are kept as small
    // parallel arrays, and named only when written.
    private var laneIndex: [LaneKey: Int32] = [:]
    private var laneViews: [Symbol] = []
    private var laneInstances: [Symbol?] = []
    private var laneParents: [Int32] = []
    private var laneMarks: [Int32] = []
    private var tracker = LifetimeTracker()
    private var tokenIndex: [Tokens: Int] = [:]
    private var tokenLists: [Tokens] = []
    private let records = SpilledArray<TimelineSpool.Record>(chunkCapacity: 4096, cachedChunks: 4)
    private var events = 0
    /// Whether every mark so far carried a time: known at the end without reading the file back.
    private var allTimed = true
    private var unplaced = 0

    /// Takes the scan's next event.
    func observe(_ event: LifecycleEvent) {
        defer { events += 1 }
        guard let view = event.view else {
            unplaced += 1
            return
        }
        let lane = self.lane(LaneKey(view: view, instance: event.instance))
        let tokens = event.isPrintChanges && !event.tokens.isEmpty ? tokenList(event.tokens) : -1
        records.append(TimelineSpool.Record(
            ordinal: events, line: event.line, ts: event.ts ?? 0, durationMs: event.durationMilliseconds ?? 0,
            lane: Int32(lane), tokens: Int32(tokens), kind: UInt8(event.kind.index),
            flags: (event.ts == nil ? 0 : 1) | (event.durationMilliseconds == nil ? 0 : 2)
        ))
        if event.ts == nil { allTimed = false }
        laneMarks[lane] += 1
        let mark = records.count - 1
        tracker.track(lane: lane, at: mark, event: event) { current, boundary in close(current, at: mark, by: boundary) }
    }

    private func close(_ current: LifetimeTracker.Open, at mark: Int, by boundary: TimelineModel.Boundary) {
        let startedBy = UInt8(TimelineSpool.boundaries.firstIndex(of: current.startedBy)!)
        let endedBy = UInt8(TimelineSpool.boundaries.firstIndex(of: boundary)!)
        records.update(at: current.start) { record in
            record.lifetimeEnd = mark
            record.startedBy = startedBy
            record.endedBy = endedBy
        }
    }

    private func lane(_ key: LaneKey) -> Int {
        if let index = laneIndex[key] { return Int(index) }
        // An instance's sub-lane hangs under its type's lane, which exists even when no event
        // names the type without an instance.
        let parent = key.instance == nil ? -1 : lane(LaneKey(view: key.view, instance: nil))
        let index = laneViews.count
        laneIndex[key] = Int32(index)
        laneViews.append(key.view)
        laneInstances.append(key.instance)
        laneParents.append(Int32(parent))
        laneMarks.append(0)
        tracker.addLane()
        return index
    }

    private func tokenList(_ tokens: Tokens) -> Int {
        if let index = tokenIndex[tokens] { return index }
        let index = tokenLists.count
        tokenIndex[tokens] = index
        tokenLists.append(tokens)
        return index
    }

    /// Ends the lifetimes still open at the last mark and names lanes and tokens; call after
    /// the scan, when `symbols` may be read.
    func finish(trace: TraceCatalog.Trace, symbols: SymbolTable, database: Database) -> TimelineSpool {
        if records.count > 0 {
            tracker.endAll { _, current in close(current, at: records.count - 1, by: .end) }
        }
        return TimelineSpool(
            trace: trace, lanes: TimelineSpool.Lanes(
                symbols: symbols, views: laneViews, instances: laneInstances, parents: laneParents, marks: laneMarks
            ), tokenTexts: tokenLists.map { $0.map { symbols[$0] }.joined(separator: ", ") },
            unplaced: unplaced, records: records, allTimed: allTimed, events: events, database: database
        )
    }
}
