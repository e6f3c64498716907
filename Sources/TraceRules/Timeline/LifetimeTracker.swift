import TraceModel

/// Where each lane's lifetime stands as its events arrive: the one state machine behind every
/// timeline builder (the exact model, the spool, the summary), so they draw the same lifetimes.
///
/// An `init` opens a lifetime; a first `@identity` joins the open one (its init came before it),
/// a second one replaces it; a `deinit` or `disappear` ends it. `start` is whatever position the
/// builder counts in: a mark's index or a line.
struct LifetimeTracker {
    /// A lifetime that has begun and not yet ended.
    struct Open {
        /// The builder's position of the event that began it.
        let start: Int
        /// What began it.
        let startedBy: TimelineModel.Boundary
        /// Whether an `@identity` has been seen in it (a second one begins another lifetime).
        var sawIdentity: Bool
    }

    /// Per lane, the open lifetime's start (`none` when none is open) and, in `states`, what
    /// began it and whether it saw an `@identity`: nine bytes a lane where an `Open?` took
    /// sixteen, for a trace can have a lane per view instance, each open to the end.
    private var starts = ChunkedArray<Int>()
    private var states = ChunkedArray<UInt8>()
    private static let none = Int.min
    private static let sawIdentityBit: UInt8 = 0x80

    /// Lane `lane`'s open lifetime, if any.
    private subscript(lane: Int) -> Open? {
        get {
            guard starts[lane] != Self.none else { return nil }
            let state = states[lane]
            return Open(
                start: starts[lane], startedBy: Self.boundaries[Int(state & ~Self.sawIdentityBit)],
                sawIdentity: state & Self.sawIdentityBit != 0
            )
        }
        set {
            guard let newValue else {
                starts[lane] = Self.none
                return
            }
            starts[lane] = newValue.start
            states[lane] = UInt8(Self.boundaries.firstIndex(of: newValue.startedBy)!) | (newValue.sawIdentity ? Self.sawIdentityBit : 0)
        }
    }

    /// What can begin a lifetime, as a lane's state numbers it.
    private static let boundaries: [TimelineModel.Boundary] = [.`init`, .identity]

    /// Makes room for one more lane, with no lifetime open.
    mutating func addLane() {
        starts.append(Self.none)
        states.append(0)
    }

    /// Follows `event` of `lane` at `position`; calls `close` with the lifetime it ends, and the
    /// boundary that ends it, before any lifetime it begins.
    mutating func track(lane: Int, at position: Int, event: LifecycleEvent, close: (Open, TimelineModel.Boundary) -> Void) {
        track(lane: lane, at: position, kind: event.kind, newIdentity: event.newIdentity, close: close)
    }

    /// Follows an event of `kind` (with `newIdentity` when it printed `@identity`), as
    /// `track(lane:at:event:close:)` does: for a builder that replays its own records of the
    /// events rather than the scan's.
    mutating func track(lane: Int, at position: Int, kind: EventKind, newIdentity: Bool, close: (Open, TimelineModel.Boundary) -> Void) {
        switch kind {
        case .`init`:
            if self[lane] == nil { self[lane] = Open(start: position, startedBy: .`init`, sawIdentity: false) }
        case .body where newIdentity:
            if let current = self[lane], !current.sawIdentity {
                states[lane] |= Self.sawIdentityBit
                return
            }
            end(lane: lane, by: .replaced, close: close)
            self[lane] = Open(start: position, startedBy: .identity, sawIdentity: true)
        case .`deinit`:
            end(lane: lane, by: .`deinit`, close: close)
        case .disappear:
            end(lane: lane, by: .disappear, close: close)
        default:
            break
        }
    }

    /// Ends every lifetime still open, as the trace ends.
    mutating func endAll(close: (_ lane: Int, Open) -> Void) {
        for lane in starts.indices {
            if let current = self[lane] { close(lane, current) }
            self[lane] = nil
        }
    }

    private mutating func end(lane: Int, by boundary: TimelineModel.Boundary, close: (Open, TimelineModel.Boundary) -> Void) {
        guard let current = self[lane] else { return }
        self[lane] = nil
        close(current, boundary)
    }
}
