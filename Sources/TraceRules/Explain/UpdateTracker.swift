import TraceModel

/// Groups a trace's events into updates and gives every body evaluation and init a cause, as a
/// consumer of the rules' one scan (`TraceScanner`), in input order.
///
/// An update is one SwiftUI transaction: the burst of body evaluations and inits it runs for one
/// change. A new one starts at
/// - a time gap of more than `maxGapSeconds` between two lines in a row that carry times (order
///   first, time second: Xcode's console mixes timed `NSLog`/`Logger` lines with untimed
///   `_printChanges()` lines, and an untimed parent's timed children are still its update's);
/// - a line after unrecognised text, when lines carry no times (the text is often the parent's
///   own print, as in seed 003's `Evaluating View Declaration Value`);
/// - an appear or disappear (printed once a transaction is committed);
/// - a `_printChanges()` line without `@self` or `@identity`: a view re-evaluated because its
///   own state changed, where SwiftUI then prints the subtree it re-evaluates, top-down (but
///   not `X: unchanged.`: nothing of its own changed, so it ran as part of the update it is
///   printed in, and its parent is found as for a body print);
/// - a view evaluated a second time: SwiftUI evaluates a view once per transaction.
/// Only updates holding a body evaluation or an init are kept: an appear alone explains nothing.
///
/// The cause of an evaluation comes from its tokens (`@identity`, then its own dynamic
/// properties, then `@self`); a body print without tokens is the parent's doing when its init
/// was printed earlier in the update, or when another evaluation came before it in the update.
/// The parent is the nearest earlier evaluation of the update that changed on its own (or
/// started the update): siblings printed `@self` between are skipped, because SwiftUI prints a
/// parent before all its children. An init's parent is found the same way, or is the appear
/// that began an update without a printed body.
///
/// Rows are kept compact (ids as offsets from the trace's first event, names as symbol
/// indexes) and wait in temporary files: there is one per body or init line, and they are
/// written after the scan. Only the
/// scan's consuming thread touches the tracker, one access at a time, so the per-access runtime
/// exclusivity check is left out of the state written per event.
public final class UpdateTracker {
    /// A cause as the scan can tell it without reading names; `ownProperty` becomes state,
    /// observed object, environment or dependency once the property's name can be read.
    enum Code: UInt8 {
        case ownProperty, parent, identity, unknown
    }

    /// One body evaluation or init.
    struct Row {
        /// The event's id minus the trace's first event id.
        let event: UInt32
        /// Index into `updates`.
        let update: UInt32
        /// The parent's event offset plus one; 0 when the log shows none.
        let parent: UInt32
        /// The first changed dynamic property's symbol index plus one; 0 for none.
        let property: UInt32
        let code: Code
        let basis: CauseBasis?
        /// A body evaluation's verdict from its own line (`Verdict.of`); nil for an init.
        let verdict: Verdict?
    }

    /// What started an update, without its line: updates share a few hundred of these.
    struct Root: Hashable {
        let kind: EventKind
        /// The root's view symbol index plus one; 0 for none.
        let view: UInt32
        let code: Code?
        /// The changed property's symbol index plus one; 0 for none.
        let property: UInt32
        /// Unrecognised text came right before the update's first line.
        let afterText: Bool

        /// One combination of the fields: the symbol indexes fill a word, the rest goes into
        /// bits an index rarely reaches. Synthesized hashing fed each field to the hasher
        /// apart, the most of `keep`'s time, once per update.
        func hash(into hasher: inout Hasher) {
            let small = UInt64(kind.index) << 4 | UInt64(code.map { $0.rawValue + 1 } ?? 0) << 1 | (afterText ? 1 : 0)
            hasher.combine(UInt64(view) << 32 ^ UInt64(property) ^ small << 24)
        }

        /// True when the root is a change the log names: a view's own property, a new
        /// identity, an appear or a disappear.
        var namesACause: Bool {
            switch (kind, code) {
            case (.body, .ownProperty?), (.body, .identity?), (.appear, _), (.disappear, _): true
            default: false
            }
        }

        /// True when the root is a view starting (a new identity or an appear): at the trace's
        /// start, that is the app or screen opening, not a cause.
        var startsViews: Bool {
            switch (kind, code) {
            case (.body, .identity?), (.appear, _): true
            default: false
            }
        }
    }

    /// One kept update, in input order; 20 bytes, as there can be one per few lines.
    struct Update {
        let firstLine: UInt32
        var lastLine: UInt32
        /// The first event (what started the update), as an offset.
        let root: UInt32
        /// Index into `roots`.
        var rootKey: UInt32
        var bodies: UInt32 = 0
    }

    /// The longest pause between two timed lines of one update.
    public static let defaultMaxGapSeconds = 0.25

    private let maxGapSeconds: Double
    private let selfToken: Symbol
    private let identityToken: Symbol
    /// Whether `rows` are kept: only when they are to be stored.
    private let keepsRows: Bool
    /// Rows and updates wait in temporary files (`SpilledArray`): there is one per few lines,
    /// and they are read only after the scan.
    let rows = SpilledArray<Row>()
    let updates = SpilledArray<Update>()
    /// The first line of every `updates.chunkCapacity`-th update: finds an evidence line's
    /// update without reading the updates back one by one.
    @exclusivity(unchecked) private(set) var chunkFirstLines: [UInt32] = []
    /// The distinct roots, indexed by `Update.rootKey`.
    @exclusivity(unchecked) private(set) var roots: [Root] = []
    @exclusivity(unchecked) private var rootIndex: [Root: UInt32] = [:]
    /// The trace's first event id: rows keep offsets from it.
    @exclusivity(unchecked) private(set) var base: Int?
    /// The first line of the first update a change started (a view's own property, a
    /// disappear): the updates before it that views starting rooted are the trace's start (the
    /// app or screen opening), which no finding's root cause names.
    @exclusivity(unchecked) private(set) var firstChangeLine: UInt32?

    /// The update in progress, kept in `updates` once it holds a row, and its root.
    @exclusivity(unchecked) private var open: Update?
    @exclusivity(unchecked) private var openRoot: Root?
    @exclusivity(unchecked) private var openIsKept = false
    @exclusivity(unchecked) private var openIsDropped = false
    /// Counts every update begun, kept or not, so per-view marks can tell updates apart.
    @exclusivity(unchecked) private var serial: UInt32 = 0
    /// The previous event's time; nil when it had none.
    @exclusivity(unchecked) private var lastTime: Double?
    /// The nearest evaluation of the open update that may be a parent (changed on its own, or
    /// started it): its offset plus one, 0 for none.
    @exclusivity(unchecked) private var candidate: UInt32 = 0
    /// Per view symbol: the update (serial) it last evaluated in, and of its last init with its offset.
    @exclusivity(unchecked) private var evaluatedIn: [UInt32] = []
    @exclusivity(unchecked) private var initIn: [UInt32] = []
    @exclusivity(unchecked) private var initEvent: [UInt32] = []

    /// Creates a tracker for a scan that interns into `symbols`.
    ///
    /// Without `keepingRows` only the updates are kept (enough for findings' root causes), not
    /// one row per body and init: `check` into a temporary database has no use for them.
    public init(symbols: SymbolTable, keepingRows: Bool = true, maxGapSeconds: Double = UpdateTracker.defaultMaxGapSeconds) {
        self.maxGapSeconds = maxGapSeconds
        keepsRows = keepingRows
        selfToken = symbols.selfToken
        identityToken = symbols.identityToken
    }

    /// How many updates hold a body evaluation or an init.
    public var updateCount: Int { updates.count }
    /// How many body evaluations and inits got a cause.
    @exclusivity(unchecked) public private(set) var causeCount = 0

    /// Takes the next event of the scan.
    public func observe(_ event: LifecycleEvent) {
        if base == nil { base = event.id }
        let offset = UInt32(truncatingIfNeeded: event.id - base!)
        let first = startsUpdate(event)
        if first { begin(event, offset: offset) }
        // The time of this line only: an untimed line between two timed ones joins them by order.
        lastTime = event.ts
        switch event.kind {
        case .body: evaluate(event, offset: offset, first: first)
        case .`init`: created(event, offset: offset)
        default: break
        }
        if openIsKept { updates.updateLast { $0.lastLine = Self.line(event.line) } }
    }

    private func startsUpdate(_ event: LifecycleEvent) -> Bool {
        guard open != nil else { return true }
        if let ts = event.ts, let lastTime {
            if ts - lastTime > maxGapSeconds { return true }
        } else if event.ts == nil && event.followsText {
            return true
        }
        switch event.kind {
        case .appear, .disappear:
            return true
        case .body:
            if event.isPrintChanges && !event.newIdentity && !event.newValue && !Self.isUnchanged(event) { return true }
            // A view evaluated again starts the next update, unless it is a new identity: rows
            // of one type made together print one `@identity` line each, siblings of one update.
            if let view = event.view?.index, view < evaluatedIn.count, evaluatedIn[view] == serial, !event.newIdentity { return true }
            return false
        default:
            return false
        }
    }

    private func begin(_ event: LifecycleEvent, offset: UInt32) {
        serial &+= 1
        open = Update(firstLine: Self.line(event.line), lastLine: Self.line(event.line), root: offset, rootKey: 0)
        openRoot = Root(
            kind: event.kind, view: event.view.map { UInt32(truncatingIfNeeded: $0.index) + 1 } ?? 0, code: nil,
            property: 0, afterText: event.followsText
        )
        openIsKept = false
        openIsDropped = false
        candidate = 0
    }

    /// `X: unchanged.`: a printed line with no token (a recorded update without one named no cause).
    @inline(__always) private static func isUnchanged(_ event: LifecycleEvent) -> Bool {
        event.isPrintChanges && !event.isRecorded && event.tokens.isEmpty
    }

    /// Lines past 4 billion (a log of 8 GB of empty lines) share the last number.
    @inline(__always) private static func line(_ line: Int) -> UInt32 { UInt32(clamping: line) }

    /// The open update's index in `updates`, adding it (and its root) on its first row; `dropped`
    /// when rows are not kept and its root names no cause a finding could cite (an unexplained
    /// body or init): then only the updates findings need are held.
    private func keep(root code: Code? = nil, property: UInt32 = 0) -> UInt32 {
        causeCount += 1
        if openIsKept { return UInt32(truncatingIfNeeded: updates.count - 1) }
        if openIsDropped { return Self.dropped }
        var root = openRoot!
        if code != nil { root = Root(kind: root.kind, view: root.view, code: code, property: property, afterText: root.afterText) }
        if !keepsRows && !root.namesACause {
            openIsDropped = true
            return Self.dropped
        }
        var update = open!
        if firstChangeLine == nil, root.namesACause, !root.startsViews { firstChangeLine = update.firstLine }
        if let key = rootIndex[root] {
            update.rootKey = key
        } else {
            update.rootKey = UInt32(truncatingIfNeeded: roots.count)
            rootIndex[root] = update.rootKey
            roots.append(root)
        }
        if updates.count % updates.chunkCapacity == 0 { chunkFirstLines.append(update.firstLine) }
        updates.append(update)
        openIsKept = true
        return UInt32(truncatingIfNeeded: updates.count - 1)
    }

    /// The index `keep` answers for an update it did not keep.
    private static let dropped = UInt32.max

    private func evaluate(_ event: LifecycleEvent, offset: UInt32, first: Bool) {
        var code = Code.unknown
        var basis: CauseBasis?
        var parent: UInt32 = 0
        var property: UInt32 = 0
        for token in event.tokens where token != selfToken && token != identityToken {
            property = UInt32(truncatingIfNeeded: token.index) + 1
            break
        }
        let view = event.view?.index
        if let view { grow(view) }
        // Decided here, in the pass that already tells the causes: a view never evaluated before
        // has 0 (serials start at 1).
        let verdict = Verdict.of(
            printed: event.isPrintChanges && !event.isRecorded, newIdentity: event.newIdentity, newValue: event.newValue,
            hasOwnProperty: property != 0, firstOfView: view.map { evaluatedIn[$0] == 0 } ?? false
        )
        if event.isPrintChanges {
            if event.newIdentity {
                code = .identity
            } else if property != 0 {
                code = .ownProperty
            } else if event.newValue {
                code = .parent
            }
            if code == .identity || code == .parent, candidate != 0 {
                parent = candidate
                basis = .tokens
            } else if code == .unknown, !first, candidate != 0, Self.isUnchanged(event) {
                // Run along with the update it is printed in: the evaluation before it is the
                // likeliest reason, as for a body print.
                parent = candidate
                basis = .order
            }
        } else if event.newIdentity {
            // A TraceProbe body: the first of a new identity, stated exactly. Its parent is found
            // as for any other line: its init in this update, else the evaluation before it.
            code = .identity
            if let view, initIn[view] == serial {
                parent = initEvent[view]
                basis = .`init`
            } else if candidate != 0 {
                parent = candidate
                basis = .order
            }
        } else if let view, initIn[view] == serial {
            code = .parent
            parent = initEvent[view]
            basis = .`init`
        } else if candidate != 0 {
            code = .parent
            parent = candidate
            basis = .order
        }
        if first || code == .ownProperty || code == .unknown { candidate = offset + 1 }
        if let view { evaluatedIn[view] = serial }
        let update = first ? keep(root: code, property: property) : keep()
        // A kept update is always the newest.
        if update != Self.dropped { updates.updateLast { $0.bodies += 1 } }
        if keepsRows {
            rows.append(Row(event: offset, update: update, parent: parent, property: property, code: code, basis: basis, verdict: verdict))
        }
    }

    private func created(_ event: LifecycleEvent, offset: UInt32) {
        var parent = candidate
        var basis: CauseBasis? = parent == 0 ? nil : .order
        if parent == 0, let open, openRoot?.kind == .appear {
            parent = open.root + 1
            basis = .appear
        }
        if let view = event.view?.index {
            grow(view)
            initIn[view] = serial
            initEvent[view] = offset + 1
        }
        let update = keep()
        if keepsRows {
            rows.append(Row(
                event: offset, update: update, parent: parent, property: 0, code: parent == 0 ? .unknown : .parent, basis: basis,
                verdict: nil
            ))
        }
    }

    private func grow(_ view: Int) {
        evaluatedIn.grow(toInclude: view, with: 0)
        initIn.grow(toInclude: view, with: 0)
        initEvent.grow(toInclude: view, with: 0)
    }
}
