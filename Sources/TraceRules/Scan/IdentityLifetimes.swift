/// What a new identity of a view was, as far as the log tells: the verdict `identity_churn`
/// reports, `why` words and `views` counts, so that none of them can call a new lifetime a lost
/// state while another does not.
///
/// SwiftUI gives a view a new identity (its `@State` and `@StateObject` storage made afresh)
/// when it first shows, when it is added beside others (a row appended), when an `if`/`else`
/// branch or a presentation shows it again after it was removed, and when its place is given
/// another id while it is shown (`.id(UUID())`, a `ForEach` element renamed). Only the last loses
/// state the user still sees.
public enum LifetimeVerdict: String, Sendable, BitwiseCopyable, CaseIterable {
    /// Added beside identities of its type that stayed (a row appended), or the type's first.
    case inserted
    /// Shown again after every earlier identity was removed (their disappears or deinits printed,
    /// or an earlier update by the same change printed none of it): an `if`/`else` branch shown
    /// again, a sheet or a pushed screen presented again. Its state starts over by design.
    case reinserted
    /// Replaced an identity still on screen in the same update (the old one ended there, or the
    /// view was made anew in update after update of the same change): its state was lost.
    case reset
}

/// The per-view facts a new identity's verdict is read from, followed over one scan in input
/// order: which updates each view printed in, which identities ended, and when.
///
/// An update is keyed by its root: the view whose own property changed and that property
/// (`ContentView._showPlayButton`). A view is *absent* from an update when an earlier update with
/// the same root came after the view's last line: that change removed it (or left it alone, which
/// a view made anew in the next update of the same change rules out).
struct IdentityLifetimes {
    /// The facts of one view taken when it first prints in an update, before that update's
    /// lines change them.
    struct Snapshot {
        var identities = 0
        var disappears = 0
        var deinits = 0
        /// An earlier update with the same root came after the view's last line.
        var absentBefore = false

        /// Identities begun and not ended: a view that prints both its disappear and its deinit
        /// prints two ends of one identity, so the more numerous kind counts.
        var alive: Int { max(0, identities - max(disappears, deinits)) }
    }

    private struct RootKey: Hashable {
        let view: Int
        let property: Int
    }

    /// Counts every update begun with a body root; a view's `lastPrinted` is one of these.
    private var serial = 0
    /// The previous update of the current update's root, if any.
    private var previousOfRoot: Int?
    private var rootUpdates: [RootKey: Int] = [:]
    /// Per view symbol index: the update it last printed a body in, and its counts so far.
    private var lastPrinted: [Int] = []
    private var counts: [Snapshot] = []

    /// An update begins at a body line of `view` whose own `property` changed.
    mutating func beginUpdate(view: Symbol?, property: Symbol?) {
        serial += 1
        guard let view else { previousOfRoot = nil; return }
        let key = RootKey(view: view.index, property: property.map { $0.index + 1 } ?? 0)
        previousOfRoot = rootUpdates[key]
        rootUpdates[key] = serial
        printed(view.index)
    }

    /// The facts of `view` as the current update finds them; call before `printed`.
    func snapshot(_ view: Int) -> Snapshot {
        guard view < counts.count else { return Snapshot() }
        var snapshot = counts[view]
        snapshot.absentBefore = previousOfRoot.map { $0 > lastPrinted[view] } ?? false
        return snapshot
    }

    /// `view` printed a body line in the current update.
    mutating func printed(_ view: Int) {
        grow(view)
        lastPrinted[view] = serial
    }

    /// `view` got a new identity.
    mutating func began(_ view: Int) {
        grow(view)
        counts[view].identities += 1
    }

    /// An identity of `view` ended: its disappear, or its own deinit.
    mutating func ended(_ view: Int, disappear: Bool) {
        grow(view)
        if disappear { counts[view].disappears += 1 } else { counts[view].deinits += 1 }
    }

    /// The verdict on `created` new identities of `view` in an update that found it as
    /// `snapshot`, once that update's appears and disappears have been read: how many were
    /// resets, and what the others were.
    ///
    /// Where the log prints the view's ends, each end in the update lets one new identity take
    /// the place of one on screen (a reset); with none, the new identities came after the last
    /// was removed (reinserted: none was alive) or beside ones that stayed (inserted). Where it
    /// prints none, the new identities count as resets, as the log cannot show otherwise, unless an
    /// earlier update of the same change printed none of the view, as when that change removed it
    /// (an `if` shown again): then they are re-insertions the log does not confirm (`unconfirmed`),
    /// since a view kept on screen and replaced by the same change prints each time.
    func verdict(of created: Int, view: Int, snapshot: Snapshot) -> (resets: Int, others: LifetimeVerdict, unconfirmed: Bool) {
        let now = view < counts.count ? counts[view] : Snapshot()
        if now.disappears + now.deinits > 0 {
            let ends = max(now.disappears - snapshot.disappears, now.deinits - snapshot.deinits)
            if ends > 0 { return (min(created, ends), .inserted, false) }
            return (0, snapshot.alive == 0 ? .reinserted : .inserted, false)
        }
        return snapshot.absentBefore ? (0, .reinserted, true) : (created, .reset, false)
    }

    private mutating func grow(_ view: Int) {
        lastPrinted.grow(toInclude: view, with: 0)
        counts.grow(toInclude: view, with: Snapshot())
    }
}

/// How one new identity's lifetime began, as `identity_churn` judged it: the one vocabulary
/// `why` and `views` read back (`causes.lifetime`) and the timeline draws.
public enum LifetimeStart: UInt8, Sendable, BitwiseCopyable, CaseIterable {
    case inserted, reinserted, reset
    /// One of several new identities of one update took a place on screen, the others were
    /// added: the log does not say which.
    case resetOrInserted
    /// Shown again, read from an earlier update of the same change that printed none of the
    /// view (as when it removed it): the log prints no end of the view to confirm.
    case reinsertedUnconfirmed

    /// The name `causes.lifetime` stores.
    public var name: String {
        switch self {
        case .inserted: "inserted"
        case .reinserted: "reinserted"
        case .reset: "reset"
        case .resetOrInserted: "reset_or_inserted"
        case .reinsertedUnconfirmed: "reinserted_unconfirmed"
        }
    }

    /// Whether the identity took the place of one still shown, so the user lost its state.
    public var losesState: Bool { self == .reset || self == .resetOrInserted }

    /// Whether a new lifetime begins here: a reset ends the one it replaced, a re-insertion the
    /// one that was removed; an identity added beside others does not end any.
    var beginsLifetime: Bool { self != .inserted }

    init(_ verdict: LifetimeVerdict) {
        switch verdict {
        case .inserted: self = .inserted
        case .reinserted: self = .reinserted
        case .reset: self = .reset
        }
    }
}

/// The verdict the scan gave one new identity, by its event's id: what `why` and `views` read.
struct IdentityMark: BitwiseCopyable {
    typealias Kind = LifetimeStart

    let event: Int
    let kind: Kind
}

/// A trace's identity marks in event order, read by a walk of its events in the same order:
/// each event's verdict in constant time, without a dictionary of them.
struct IdentityMarkCursor {
    private let marks: [IdentityMark]
    private var next = 0

    /// A cursor over `marks`, sorted by event.
    init(_ marks: [IdentityMark]) {
        self.marks = marks
    }

    /// The verdict on event `id`, if it was judged; ids must come in increasing order.
    mutating func verdict(of id: Int) -> LifetimeStart? {
        while next < marks.count, marks[next].event < id { next += 1 }
        return next < marks.count && marks[next].event == id ? marks[next].kind : nil
    }
}
