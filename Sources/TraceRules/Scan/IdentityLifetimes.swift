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
    /// An update's new identities of one view, judged: how many were resets, what the others
    /// were, and whether the log could not confirm that reading (it printed none of the view's ends).
    typealias Verdict = (resets: Int, others: LifetimeVerdict, unconfirmed: Bool)

    /// The facts of one view taken when it first prints in an update, before that update's
    /// lines change them.
    struct Snapshot {
        var identities = 0
        var disappears = 0
        var deinits = 0
        var appears = 0
        /// An earlier update with the same root came after the view's last line.
        var absentBefore = false
        /// An update of its root view by another change than the one making it now gave it no
        /// new identity, after it had one: its identities outlive that view's updates (rows with
        /// stable ids), so a new one later need not have replaced any. (The same change printing
        /// none of it may have removed it: `absentBefore`.) Once seen, it holds for the trace.
        var survived = false
        /// The most identities it began in one update: more than one is rows of a list, whose
        /// removals the log shows only by their ends.
        var mostInOneUpdate = 0
        /// The identities it began in the last update it began any in: where every update of
        /// its root makes it anew, all it had.
        var lastBatch = 0
        /// The previous update of the same change re-ran an identity of it that it kept: one
        /// still there would re-run again, so new identities alone took its place.
        var reRanInLastOfChange = false
        /// Its identities end unprinted (`ScreenCoverings.endsUnprinted`): under a pushed screen,
        /// or never seen.
        var endsUnprinted = false

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
    /// Per view symbol index: the update it last printed a body in that kept its identity.
    private var lastKept: [Int] = []
    private var counts: [Snapshot] = []
    /// Per view symbol index: the update it last began an identity in, and how many it began there.
    private var lastBegan: [(serial: Int, count: Int)] = []
    /// Per root view: the changes it began updates with; and, for the current update, the latest
    /// update of its root view by another change, if any.
    private var rootKeys: [Int: [RootKey]] = [:]
    private var previousOtherChange: Int?
    /// Some view's disappear was printed: the log's prints include disappears.
    private(set) var printsDisappears = false
    /// The screens pushed over others, whose covered views' disappears are no ends.
    private var coverings = ScreenCoverings()

    /// An update begins at a body line of `view` whose own state `tokens` changed (none: its
    /// cause is not printed). A line naming several is an update of each change: the one before
    /// it is the latest update of any of them.
    mutating func beginUpdate(view: Symbol?, tokens: Tokens) {
        coverings.settle { view, ends in counts[view].disappears += ends }
        serial += 1
        guard let view else { previousOfRoot = nil; previousOtherChange = nil; return }
        previousOfRoot = nil
        previousOtherChange = nil
        // Read from the line's tokens in place: a root line comes with every update.
        func key(_ token: Symbol?) -> RootKey { RootKey(view: view.index, property: token.map { $0.index + 1 } ?? 0) }
        var named = false
        for token in tokens where token.isState { named = true; break }
        func isCurrent(_ other: RootKey) -> Bool {
            named ? tokens.contains { $0.isState && key($0) == other } : other == key(nil)
        }
        for other in rootKeys[view.index, default: []] where !isCurrent(other) {
            if let update = rootUpdates[other] { previousOtherChange = max(previousOtherChange ?? update, update) }
        }
        func note(_ key: RootKey) {
            if let previous = rootUpdates[key] { previousOfRoot = max(previousOfRoot ?? previous, previous) } else { rootKeys[view.index, default: []].append(key) }
            rootUpdates[key] = serial
        }
        if named {
            for token in tokens where token.isState { note(key(token)) }
        } else {
            note(key(nil))
        }
        printed(view.index)
    }

    /// The facts of `view` as the current update finds them; call before `printed`.
    func snapshot(_ view: Int) -> Snapshot {
        guard view < counts.count else { return Snapshot() }
        var snapshot = counts[view]
        snapshot.absentBefore = previousOfRoot.map { $0 > lastPrinted[view] } ?? false
        snapshot.survived = snapshot.survived || snapshot.identities > 0 && (previousOtherChange.map { $0 > lastBegan[view].serial } ?? false)
        snapshot.lastBatch = lastBegan[view].count
        snapshot.reRanInLastOfChange = previousOfRoot.map { $0 == lastKept[view] } ?? false
        snapshot.endsUnprinted = coverings.endsUnprinted(view)
        return snapshot
    }

    /// `view` printed a body line in the current update; `kept`, one that kept its identity.
    mutating func printed(_ view: Int, kept: Bool = true) {
        grow(view)
        lastPrinted[view] = serial
        if kept { lastKept[view] = serial }
    }

    /// `view`'s facts as the current update found them (`snapshot`) become its own: what it
    /// was seen to outlive stays known.
    mutating func keep(_ snapshot: Snapshot, of view: Int) {
        grow(view)
        counts[view].survived = counts[view].survived || snapshot.survived
    }

    /// `view` got a new identity.
    mutating func began(_ view: Int) {
        grow(view)
        counts[view].disappears += coverings.began(view, update: serial)
        counts[view].identities += 1
        lastBegan[view] = (serial, lastBegan[view].serial == serial ? lastBegan[view].count + 1 : 1)
        counts[view].mostInOneUpdate = max(counts[view].mostInOneUpdate, lastBegan[view].count)
    }

    /// `view` appeared. A view that prints its appears, in a trace that prints disappears,
    /// prints its own disappears too (one print template), so an update that printed none of
    /// them removed none.
    mutating func appeared(_ view: Int) {
        grow(view)
        coverings.appeared(view, update: serial, began: lastBegan[view].serial == serial)
        counts[view].appears += 1
    }

    /// An identity of `view` ended: its disappear, or its own deinit.
    mutating func ended(_ view: Int, disappear: Bool) {
        if disappear { printsDisappears = true }
        grow(view)
        if disappear && coverings.disappeared(view, update: serial, began: lastBegan[view].serial == serial) { return }
        if disappear { counts[view].disappears += 1 } else { counts[view].deinits += 1 }
    }

    /// The verdict on `created` new identities of `view` in an update that found it as
    /// `snapshot`, once that update's appears and disappears have been read: how many were
    /// resets, and what the others were.
    ///
    /// Where the log prints the view's ends (or its appears, in a log that prints disappears),
    /// each end in the update lets one new identity take
    /// the place of one on screen (a reset); with none, the new identities came after the last
    /// was removed (reinserted: none was alive) or beside ones that stayed (inserted). Where it
    /// prints none, the reading is the log's best, and not confirmed (`unconfirmed`):
    /// - a view that an earlier update of the same change printed none of, as when that change
    ///   removed it (an `if` shown again), was re-inserted, since a view kept on screen and
    ///   replaced by the same change prints each time; unless it is rows known to outlive other
    ///   changes' updates, which that change may have cut down rather than removed:
    /// - a view whose identities outlived an update of its root view by another change (stable
    ///   row ids) got new ones beside them (inserted, as rows appended), since nothing remakes
    ///   them on every update; unless the previous update of the same change re-ran one it kept,
    ///   which would have re-run again had it stayed;
    /// - otherwise, made anew by every update of its root (`.id(UUID())`), it had the identities
    ///   of its last batch, and as many new ones took their places (resets); more were added.
    ///   The log cannot show otherwise.
    func verdict(of created: Int, view: Int, snapshot: Snapshot) -> Verdict {
        let now = view < counts.count ? counts[view] : Snapshot()
        // Under a pushed screen, or never seen, its identities end unprinted: it is read as in a
        // log without ends.
        if !snapshot.endsUnprinted && (now.disappears + now.deinits > 0 || printsDisappears && now.appears > 0) {
            let ends = max(now.disappears - snapshot.disappears, now.deinits - snapshot.deinits)
            if ends > 0 { return (min(created, ends), .inserted, false) }
            return (0, snapshot.alive == 0 ? .reinserted : .inserted, false)
        }
        if snapshot.absentBefore && (snapshot.mostInOneUpdate <= 1 || !snapshot.survived) { return (0, .reinserted, true) }
        if snapshot.survived && !snapshot.reRanInLastOfChange { return (0, .inserted, true) }
        return (min(created, max(1, snapshot.lastBatch)), .inserted, false)
    }

    /// Whether the verdict on new identities of `view` (found as `snapshot`) waits for the log
    /// to show whether it prints disappears: the view printed its appears, no disappear of any
    /// view has been printed yet, nor a deinit of it, and it neither waits under a pushed screen
    /// nor was last given an identity unseen. Where the log goes on to print disappears, an
    /// update that printed none of this
    /// view's replaced none of it (`verdict`'s first branch); where it never does, the reading
    /// without ends stands.
    func awaitsEnds(_ view: Int, snapshot: Snapshot) -> Bool {
        guard !printsDisappears, !snapshot.endsUnprinted, view < counts.count else { return false }
        return counts[view].appears > 0 && counts[view].deinits == 0
    }

    private mutating func grow(_ view: Int) {
        lastPrinted.grow(toInclude: view, with: 0)
        counts.grow(toInclude: view, with: Snapshot())
        lastBegan.grow(toInclude: view, with: (-1, 0))
        lastKept.grow(toInclude: view, with: -1)
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
    /// Added beside identities of its type that outlived earlier updates (rows with stable
    /// ids, one appended): the log prints no end of the view to confirm that none was replaced.
    case insertedUnconfirmed

    /// The name `causes.lifetime` stores.
    public var name: String {
        switch self {
        case .inserted: "inserted"
        case .reinserted: "reinserted"
        case .reset: "reset"
        case .resetOrInserted: "reset_or_inserted"
        case .reinsertedUnconfirmed: "reinserted_unconfirmed"
        case .insertedUnconfirmed: "inserted_unconfirmed"
        }
    }

    /// Whether the identity took the place of one still shown, so the user lost its state.
    public var losesState: Bool { self == .reset || self == .resetOrInserted }

    /// Whether a new lifetime begins here: a reset ends the one it replaced, a re-insertion the
    /// one that was removed; an identity added beside others does not end any.
    var beginsLifetime: Bool { self != .inserted && self != .insertedUnconfirmed }

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
