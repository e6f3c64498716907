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

    private var open: [Open?] = []

    /// Makes room for one more lane, with no lifetime open.
    mutating func addLane() { open.append(nil) }

    /// Follows `event` of `lane` at `position`; calls `close` with the lifetime it ends, and the
    /// boundary that ends it, before any lifetime it begins.
    mutating func track(lane: Int, at position: Int, event: LifecycleEvent, close: (Open, TimelineModel.Boundary) -> Void) {
        switch event.kind {
        case .`init`:
            if open[lane] == nil { open[lane] = Open(start: position, startedBy: .`init`, sawIdentity: false) }
        case .body where event.newIdentity:
            if let current = open[lane], !current.sawIdentity {
                open[lane]?.sawIdentity = true
                return
            }
            end(lane: lane, by: .replaced, close: close)
            open[lane] = Open(start: position, startedBy: .identity, sawIdentity: true)
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
        for lane in open.indices {
            if let current = open[lane] { close(lane, current) }
            open[lane] = nil
        }
    }

    private mutating func end(lane: Int, by boundary: TimelineModel.Boundary, close: (Open, TimelineModel.Boundary) -> Void) {
        guard let current = open[lane] else { return }
        open[lane] = nil
        close(current, boundary)
    }
}
