import TraceModel
import TraceStore

/// One trace laid out as `TimelineModel` lays it out, with its marks in a temporary file
/// instead of in memory: what a writer that walks the drawing in order (the Chrome trace
/// export) needs, in memory that grows with the lanes and token lists, never with the events.
///
/// Built by `Timeline.spool`. Each walk reads the file (and, for messages and findings, the
/// store) again, in order.
public final class TimelineSpool {
    /// A mark as the file keeps it: fixed size, with the lifetime it begins patched in when
    /// that lifetime ends.
    struct Record {
        /// The event's position in the scan, to pair it with its message.
        var ordinal: Int
        /// The event's id, to find the verdict on a new identity by.
        var event: Int
        var line: Int
        var ts: Double
        var durationMs: Double
        /// The end mark of the lifetime this mark begins; -1 when it begins none.
        var lifetimeEnd: Int = -1
        /// The view's symbol index: with `instance`, what `Lanes` finds the mark's lane by.
        var view: UInt32
        /// The instance's index plus one; 0 for none.
        var instance: UInt32
        /// The token list's index in `tokenTexts`; -1 for none.
        var tokens: Int32
        var kind: UInt8
        /// Bit 0: `ts` is a time; bit 1: `durationMs` is a duration; bit 2: the event printed a
        /// new `@identity` (which can begin a lifetime).
        var flags: UInt8
        var startedBy: UInt8 = 0
        var endedBy: UInt8 = 0
        /// The lifetime's verdict (`LifetimeStart`) plus one; 0 for none.
        var verdict: UInt8 = 0
    }

    /// An instance's lane, as the file lists them per view.
    struct InstanceLane {
        let lane: Int32
        let instance: Symbol
    }

    /// `Boundary` as a byte of a record, and back.
    static let boundaries: [TimelineModel.Boundary] = [.`init`, .identity, .`deinit`, .disappear, .replaced, .end, .removed]

    /// The trace as stored.
    public let trace: TraceCatalog.Trace
    private let laneTable: Lanes
    /// The distinct `_printChanges()` token lists the marks cite, each joined by `, `.
    public let tokenTexts: [String]
    /// Events that named no view (and so have no lane).
    public let unplaced: Int
    /// True when every mark carries a time: the axis is then seconds, otherwise line order.
    public let hasTimes: Bool
    /// The time of the first mark, when it has one.
    public let firstTime: Double?

    private let records: SpilledArray<Record>
    private let database: Database
    private let traceID: Int
    /// The scan's events, how many: the message pass must count as many.
    private let events: Int

    init(
        trace: TraceCatalog.Trace, lanes: Lanes, tokenTexts: [String], unplaced: Int,
        records: SpilledArray<Record>, allTimed: Bool, events: Int, database: Database
    ) {
        self.trace = trace
        laneTable = lanes
        self.tokenTexts = tokenTexts
        self.unplaced = unplaced
        self.records = records
        self.events = events
        self.database = database
        traceID = trace.id
        hasTimes = allTimed && records.count > 0
        firstTime = records.isEmpty ? nil : records[0].flags & 1 != 0 ? records[0].ts : nil
    }

    /// How many lanes there are: type lanes and instance lanes.
    public var laneCount: Int { laneTable.views.count }

    /// The name of lane `index`'s view.
    public func view(ofLane index: Int) -> String {
        laneTable.symbols[laneTable.symbols.symbol(at: Int(laneTable.views[index]))]
    }

    /// The index of lane `index`'s type lane, for an instance's sub-lane.
    public func parent(ofLane index: Int) -> Int? {
        let type = laneTable.typeLane(of: index)
        return type == index ? nil : type
    }

    /// Calls `body` with every lane and its index in display order: type lanes in order of
    /// appearance, each followed by its instances' lanes. Instance lanes are read back from
    /// the file a view at a time, never all at once.
    public func forEachLane(_ body: (_ index: Int, TimelineModel.Lane) throws -> Void) rethrows {
        for index in 0..<laneCount where parent(ofLane: index) == nil {
            let view = self.view(ofLane: index)
            try body(index, TimelineModel.Lane(view: view, instance: nil, parent: nil, marks: Int(laneTable.marks[index])))
            try laneTable.instances.forEach(of: Int(laneTable.views[index])) { entry in
                let lane = Int(entry.lane)
                try body(lane, TimelineModel.Lane(
                    view: view, instance: laneTable.symbols[entry.instance], parent: index, marks: Int(laneTable.marks[lane])
                ))
            }
        }
    }

    /// Every lane, named, in order of first appearance (as `TimelineModel.lanes`): as many
    /// strings as lanes, for a short trace or a test.
    public var lanes: [TimelineModel.Lane] {
        var lanes = [TimelineModel.Lane?](repeating: nil, count: laneCount)
        forEachLane { lanes[$0] = $1 }
        return lanes.map { $0! }
    }

    /// How many marks there are.
    public var markCount: Int { records.count }

    /// The mark at `index` (without its message: `forEachMark` pairs them).
    public func mark(_ index: Int) -> TimelineModel.Mark {
        let record = records[index]
        var mark = TimelineModel.Mark(
            lane: laneTable.lane(of: record), kind: EventKind.allCases[Int(record.kind)], line: record.line,
            ts: record.flags & 1 != 0 ? record.ts : nil
        )
        mark.durationMs = record.flags & 2 != 0 ? record.durationMs : nil
        mark.tokens = record.tokens >= 0 ? Int(record.tokens) : nil
        return mark
    }

    /// Calls `body` with every lifetime, ordered by the mark that began it (as
    /// `TimelineModel.lifetimes`).
    public func forEachLifetime(_ body: (TimelineModel.Lifetime) throws -> Void) rethrows {
        for index in 0..<records.count {
            let record = records[index]
            guard record.lifetimeEnd >= 0 else { continue }
            try body(TimelineModel.Lifetime(
                lane: laneTable.lane(of: record), start: index, end: record.lifetimeEnd,
                startedBy: Self.boundaries[Int(record.startedBy)], endedBy: Self.boundaries[Int(record.endedBy)],
                verdict: record.verdict == 0 ? nil : LifetimeStart(rawValue: record.verdict - 1)
            ))
        }
    }

    /// Calls `body` with every mark in input order, its index and its message (nil when the
    /// event was stored without one), read from the store alongside.
    public func forEachMark(_ body: (Int, TimelineModel.Mark, String?) throws -> Void) throws {
        var event = 0
        var next = 0
        try EventMessages(database: database, traceID: traceID).forEach { message in
            defer { event += 1 }
            guard event < events else {
                throw AnalysisError("trace \(traceID) changed while it was read: more messages than events")
            }
            guard next < records.count, records[next].ordinal == event else { return }
            try body(next, mark(next), message)
            next += 1
        }
        guard event == events else {
            throw AnalysisError("trace \(traceID) changed while it was read: \(event) messages for \(events) events")
        }
    }

    /// The index of the first mark at or after `line` (marks are in line order); nil past the last.
    public func mark(atOrAfter line: Int) -> Int? {
        var low = 0, high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return low < records.count ? low : nil
    }

    /// Calls `body` with each stored finding of the trace in report order and the type lane of
    /// its view (nil when no lane names it), one at a time.
    public func forEachFinding(_ body: (Finding, Int?) throws -> Void) throws {
        var typeLanes: [String: Int] = [:]
        for index in 0..<laneCount where parent(ofLane: index) == nil {
            let view = self.view(ofLane: index)
            if typeLanes[view] == nil { typeLanes[view] = index }
        }
        try StoredFindings(database: database, traceIDs: [traceID]).forEach(order: .report) { _, finding in
            try body(finding, finding.view.flatMap { typeLanes[$0] })
        }
    }
}
