/// What a row of `hitches`, `potential-hangs` or `swiftui-layout-updates` says beyond the columns
/// of `events`: stored in `recorded_intervals`, one row per event that has any of it.
public struct RecordedInterval: Sendable, Equatable {
    /// The table the row came from, as the export names it (`hitches`, `potential-hangs`, …).
    public var table: String
    /// `potential-hangs`: Instruments' label for the hang (`Brief Unresponsiveness`,
    /// `Potential Interaction Delay`, `Microhang`, `Hang`).
    public var hangType: String?
    /// The thread as Instruments shows it, without its process: `Main Thread (0x2732bb)`.
    public var thread: String?
    /// Whether `thread` is the main thread; nil when the row names no thread.
    public var mainThread: Bool?
    /// `hitches`: whether Instruments marks the hitch `Is System` (the system's, not the app's).
    public var isSystem: Bool?
    /// `hitches`: the display the late frame was for (`Display 1`).
    public var display: String?
    /// `swiftui-layout-updates`: the pass's duration with its children's (the `duration` column);
    /// the event's own duration is the pass's self time.
    public var inclusiveMs: Double?

    /// Creates the details of a row of `table`.
    public init(
        table: String, hangType: String? = nil, thread: String? = nil, mainThread: Bool? = nil,
        isSystem: Bool? = nil, display: String? = nil, inclusiveMs: Double? = nil
    ) {
        self.table = table
        self.hangType = hangType
        self.thread = thread
        self.mainThread = mainThread
        self.isSystem = isSystem
        self.display = display
        self.inclusiveMs = inclusiveMs
    }

    /// The facts a rule reads, as `Event.recorded` carries them.
    public var facts: RecordedFacts {
        var facts: RecordedFacts = []
        if table == InstrumentsTable.hangs.rawValue { facts.insert(.hang) }
        if table == InstrumentsTable.hangs.rawValue, mainThread == false { facts.insert(.offMainThread) }
        if isSystem == true { facts.insert(.system) }
        return facts
    }
}

/// What the reader hands on with each event of a row: the row's node id (the update's `id`, for
/// Cause & Effect edges) and the row's details beyond the event's columns.
public struct InstrumentsRow: Sendable, Equatable {
    /// The update's recorded node id; nil for a row without one.
    public var node: Int64?
    /// The row's details, for the tables that have any.
    public var interval: RecordedInterval?

    /// Creates a row's extras.
    public init(node: Int64? = nil, interval: RecordedInterval? = nil) {
        self.node = node
        self.interval = interval
    }
}

/// A `thread` cell's display text split: `Main Thread (0x2732bb) (TestApp, pid: 12345)` is the
/// thread `Main Thread (0x2732bb)`, the main thread, id 0x2732bb.
struct InstrumentsThread {
    let name: String
    let isMain: Bool
    let id: Int?

    init(_ text: String) {
        // The thread's own part ends at the first `)`: the process follows in a group of its own.
        let own = text.firstIndex(of: ")").map { String(text[...$0]) } ?? text
        name = own
        isMain = own.hasPrefix("Main Thread")
        if let open = own.lastIndex(of: "("), own[open...].hasPrefix("(0x"), own.hasSuffix(")") {
            id = Int(own[own.index(open, offsetBy: 3)..<own.index(before: own.endIndex)], radix: 16)
        } else {
            id = nil
        }
    }
}
