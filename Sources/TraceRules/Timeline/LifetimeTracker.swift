import TraceModel

/// Where each lane's lifetime stands as its events arrive: the one state machine behind every
/// timeline builder (the exact model, the spool, the summary), so they draw the same lifetimes.
///
/// An `init` opens a lifetime; a first `@identity` joins the open one (its init came before it);
/// a later one is what `identity_churn` judged it (`LifetimeStart`): a reset replaces the open
/// lifetime, a re-insertion begins a new one after the removed one, an identity added beside
/// others (a row appended) or not judged joins the open one. A `deinit` or `disappear` ends it.
/// `start` is whatever position the builder counts in: a mark's index or a line.
struct LifetimeTracker {
    /// A lifetime that has begun and not yet ended.
    struct Open {
        /// The builder's position of the event that began it.
        let start: Int
        /// What began it.
        let startedBy: TimelineModel.Boundary
        /// The verdict on the new identity that began it; nil for an init, a first identity or
        /// one not judged.
        let verdict: LifetimeStart?
        /// Whether an `@identity` has been seen in it (a second one begins another lifetime).
        var sawIdentity: Bool
    }

    /// What a new identity did to its lane's lifetimes, for a builder that learns verdicts later.
    enum IdentityStep {
        /// A first identity joined the lifetime its init began.
        case joinedInit
        /// It joined an open lifetime that had already seen an identity (no verdict, or added beside).
        case joined
        /// A lifetime began with it.
        case began
    }

    /// Per lane, the open lifetime's start (`none` when none is open) and, in `states`, what
    /// began it, its verdict and whether it saw an `@identity`: nine bytes a lane where an
    /// `Open?` took sixteen, for a trace can have a lane per view instance, each open to the end.
    private var starts = ChunkedArray<Int>()
    private var states = ChunkedArray<UInt8>()
    private static let none = Int.min
    private static let startedByIdentityBit: UInt8 = 0x01
    private static let sawIdentityBit: UInt8 = 0x80
    /// Bits 1–3: the verdict's raw value plus one, 0 for none.
    private static let verdictShift: UInt8 = 1

    /// Lane `lane`'s open lifetime, if any.
    private subscript(lane: Int) -> Open? {
        get {
            guard starts[lane] != Self.none else { return nil }
            let state = states[lane]
            let verdict = (state >> Self.verdictShift) & 0x07
            return Open(
                start: starts[lane], startedBy: state & Self.startedByIdentityBit != 0 ? .identity : .`init`,
                verdict: verdict == 0 ? nil : LifetimeStart(rawValue: verdict - 1),
                sawIdentity: state & Self.sawIdentityBit != 0
            )
        }
        set {
            guard let newValue else {
                starts[lane] = Self.none
                return
            }
            starts[lane] = newValue.start
            states[lane] = (newValue.startedBy == .identity ? Self.startedByIdentityBit : 0)
                | ((newValue.verdict.map { $0.rawValue + 1 } ?? 0) << Self.verdictShift)
                | (newValue.sawIdentity ? Self.sawIdentityBit : 0)
        }
    }

    /// Makes room for one more lane, with no lifetime open.
    mutating func addLane() {
        starts.append(Self.none)
        states.append(0)
    }

    /// Follows an event of `kind` (with `newIdentity` when it printed `@identity`, judged
    /// `verdict`) of `lane` at `position`; calls `close` with the lifetime it ends, and the
    /// boundary that ends it, before any lifetime it begins. Returns what a new identity did.
    @discardableResult
    mutating func track(
        lane: Int, at position: Int, kind: EventKind, newIdentity: Bool, verdict: LifetimeStart?,
        close: (Open, TimelineModel.Boundary) -> Void
    ) -> IdentityStep? {
        switch kind {
        case .`init`:
            if self[lane] == nil { self[lane] = Open(start: position, startedBy: .`init`, verdict: nil, sawIdentity: false) }
        case .body where newIdentity:
            if let current = self[lane] {
                if !current.sawIdentity {
                    // The init printed first was this identity's: the lifetime it began is judged as it is.
                    self[lane] = Open(start: current.start, startedBy: current.startedBy, verdict: verdict, sawIdentity: true)
                    return .joinedInit
                }
                guard let verdict, verdict.beginsLifetime else { return .joined }
                end(lane: lane, by: verdict.losesState ? .replaced : .removed, close: close)
            }
            self[lane] = Open(start: position, startedBy: .identity, verdict: verdict, sawIdentity: true)
            return .began
        case .`deinit`:
            end(lane: lane, by: .`deinit`, close: close)
        case .disappear:
            end(lane: lane, by: .disappear, close: close)
        default:
            break
        }
        return nil
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
