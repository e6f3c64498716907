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
        var instance: Symbol
    }

    // A lane per view instance can mean a lane per few dozen lines, each open to the end: per
    // lane, memory holds its view and mark count (eight bytes) and its lifetime's state (nine);
    // per instance, its first lane (four), in chunked arrays that never hold twice what they use.
    // Instance lanes wait in a file, listed by view, with their instances, until they are named
    // in display order.
    /// Per lane: its view's symbol index.
    private var laneViews = ChunkedArray<UInt32>()
    private var laneMarks = ChunkedArray<Int32>()
    /// Per view symbol index: its type lane plus one (0: none yet).
    private var typeLanes: [Int32] = []
    /// Per instance symbol index: the lane of its first view plus one (0: none yet).
    private var instanceLanes = ChunkedArray<UInt32>()
    /// The lanes of instances met again with another view than their first: a few, if any.
    private var otherInstanceLanes: [LaneKey: Int32] = [:]
    private let instances = SpilledLists<TimelineSpool.InstanceLane>(blockCapacity: 64)
    private var tracker = LifetimeTracker()
    private var tokenLists = TokenLists()
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
        let lane = self.lane(view: view, instance: event.instance)
        let tokens = event.isPrintChanges && !event.tokens.isEmpty ? tokenLists.index(of: event.tokens) : -1
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

    private func lane(view: Symbol, instance: Symbol?) -> Int {
        guard let instance else { return typeLane(view) }
        let slot = instance.index
        if slot < instanceLanes.count, instanceLanes[slot] != 0 {
            let first = Int(instanceLanes[slot]) - 1
            if laneViews[first] == UInt32(view.index) { return first }
            if let other = otherInstanceLanes[LaneKey(view: view, instance: instance)] { return Int(other) }
        }
        // An instance's sub-lane hangs under its type's lane, which exists even when no event
        // names the type without an instance, and comes before it.
        _ = typeLane(view)
        let index = addLane(view)
        instances.append(TimelineSpool.InstanceLane(lane: Int32(index), instance: instance), to: view.index)
        instanceLanes.grow(toInclude: slot, with: 0)
        if instanceLanes[slot] == 0 {
            instanceLanes[slot] = UInt32(index + 1)
        } else {
            otherInstanceLanes[LaneKey(view: view, instance: instance)] = Int32(index)
        }
        return index
    }

    private func typeLane(_ view: Symbol) -> Int {
        if view.index < typeLanes.count, typeLanes[view.index] != 0 { return Int(typeLanes[view.index]) - 1 }
        let index = addLane(view)
        typeLanes.grow(toInclude: view.index, with: 0)
        typeLanes[view.index] = Int32(index + 1)
        return index
    }

    private func addLane(_ view: Symbol) -> Int {
        laneViews.append(UInt32(view.index))
        laneMarks.append(0)
        tracker.addLane()
        return laneViews.count - 1
    }

    /// Ends the lifetimes still open at the last mark and names lanes and tokens; call after
    /// the scan, when `symbols` may be read.
    func finish(trace: TraceCatalog.Trace, symbols: SymbolTable, database: Database) -> TimelineSpool {
        if records.count > 0 {
            tracker.endAll { _, current in close(current, at: records.count - 1, by: .end) }
        }
        return TimelineSpool(
            trace: trace, lanes: TimelineSpool.Lanes(
                symbols: symbols, views: laneViews, marks: laneMarks, typeLanes: typeLanes, instances: instances
            ), tokenTexts: tokenLists.texts(symbols),
            unplaced: unplaced, records: records, allTimed: allTimed, events: events, database: database
        )
    }
}
