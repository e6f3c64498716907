import TraceModel
import TraceStore

/// Spools a trace's events into a `TimelineSpool` as the rules' scan hands them out, then lays
/// them out as `TimelineBuilder` does (lanes, lifetimes): the marks go to a temporary file, and
/// each lifetime is written into the mark that began it.
///
/// During the scan only the marks are kept, each with its view and instance as symbol indexes;
/// lanes and lifetimes are laid out in `finish`, replaying the marks in order. A trace can have
/// a lane per view instance, each open to the end, and the scan's buffers are at their largest
/// while it runs: laid out after it, the lanes' state (21 bytes a lane, 4 MB for the 190,000
/// lanes of 10M benchmark lines) takes memory those buffers have given back.
///
/// Names are interned by the scan's reading thread meanwhile, so token lists are keyed by
/// symbol here and named in `finish`.
final class TimelineSpoolBuilder {
    private var tokenLists = TokenLists()
    private let records: SpilledArray<TimelineSpool.Record>
    private var events = 0
    /// Whether every mark so far carried a time: known at the end without reading the file back.
    private var allTimed = true
    private var unplaced = 0

    /// A builder whose file of marks is written and read `chunkCapacity` marks at a time.
    init(chunkCapacity: Int = 4096) {
        records = SpilledArray(chunkCapacity: chunkCapacity, cachedChunks: 4)
    }

    /// Takes the scan's next event.
    func observe(_ event: LifecycleEvent) {
        defer { events += 1 }
        guard let view = event.view else {
            unplaced += 1
            return
        }
        let tokens = event.isPrintChanges && !event.tokens.isEmpty ? tokenLists.index(of: event.tokens) : -1
        records.append(TimelineSpool.Record(
            ordinal: events, event: event.id, line: event.line, ts: event.ts ?? 0, durationMs: event.durationMilliseconds ?? 0,
            view: UInt32(view.index), instance: event.instance.map { UInt32($0.index + 1) } ?? 0,
            tokens: Int32(tokens), kind: UInt8(event.kind.index),
            flags: (event.ts == nil ? 0 : 1) | (event.durationMilliseconds == nil ? 0 : 2) | (event.newIdentity ? 4 : 0)
        ))
        if event.ts == nil { allTimed = false }
    }

    /// Lays out the lanes and lifetimes, each new identity taken as `verdicts` (the scan's, in
    /// event order) judged it, and names the token lists; call after the scan, when `symbols`
    /// may be read.
    func finish(trace: TraceCatalog.Trace, symbols: SymbolTable, verdicts: [IdentityMark], database: Database) -> TimelineSpool {
        TimelineSpool(
            trace: trace, lanes: layOut(symbols, verdicts: verdicts), tokenTexts: tokenLists.texts(symbols),
            unplaced: unplaced, records: records, allTimed: allTimed, events: events, database: database
        )
    }

    /// Replays the marks in order: each gets its lane (lanes are numbered as their first marks
    /// come), and the lifetimes the marks begin and end are written into the marks that began
    /// them; those still open end at the last mark.
    private func layOut(_ symbols: SymbolTable, verdicts: [IdentityMark]) -> TimelineSpool.Lanes {
        var lanes = TimelineSpool.Lanes(symbols: symbols)
        var tracker = LifetimeTracker()
        var cursor = IdentityMarkCursor(verdicts)
        var tracked = 0
        // A lifetime that began in the chunk being read is ended in it, written back once with
        // the chunk; one that began in an earlier chunk waits for the end of this one (the chunk
        // is lent to the loop) and is patched alone.
        var endings: [(start: Int, end: Int, open: LifetimeTracker.Open, endedBy: TimelineModel.Boundary)] = []
        let kinds = EventKind.allCases
        for chunk in 0 ..< (records.count + records.chunkCapacity - 1) / records.chunkCapacity {
            let first = chunk * records.chunkCapacity
            records.modifyChunk(chunk) { marks in
                var changed = false
                for offset in marks.indices {
                    let record = marks[offset]
                    let mark = first + offset
                    let lane = lanes.place(view: Int(record.view), instance: record.instance == 0 ? nil : Int(record.instance) - 1)
                    while tracked < lanes.count {
                        tracker.addLane()
                        tracked += 1
                    }
                    lanes.addMark(to: lane)
                    let newIdentity = record.flags & 4 != 0
                    let verdict = newIdentity ? cursor.verdict(of: record.event) : nil
                    tracker.track(lane: lane, at: mark, kind: kinds[Int(record.kind)], newIdentity: newIdentity, verdict: verdict) { current, boundary in
                        if current.start >= first {
                            Self.end(&marks[current.start - first], at: mark, current, endedBy: boundary)
                            changed = true
                        } else {
                            endings.append((current.start, mark, current, boundary))
                        }
                    }
                }
                return changed
            }
            for ending in endings {
                records.update(at: ending.start) { Self.end(&$0, at: ending.end, ending.open, endedBy: ending.endedBy) }
            }
            endings.removeAll(keepingCapacity: true)
        }
        if records.count > 0 {
            let last = records.count - 1
            tracker.endAll { _, current in
                records.update(at: current.start) { Self.end(&$0, at: last, current, endedBy: .end) }
            }
        }
        return lanes
    }

    /// Writes into `record` the lifetime `open` it begins.
    private static func end(_ record: inout TimelineSpool.Record, at mark: Int, _ open: LifetimeTracker.Open, endedBy: TimelineModel.Boundary) {
        record.lifetimeEnd = mark
        record.startedBy = UInt8(TimelineSpool.boundaries.firstIndex(of: open.startedBy)!)
        record.endedBy = UInt8(TimelineSpool.boundaries.firstIndex(of: endedBy)!)
        record.verdict = open.verdict.map { $0.rawValue + 1 } ?? 0
    }
}
