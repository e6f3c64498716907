/// Named instances replaced in place: `ItemRow(id: 1) init` while row 1 is on screen, then
/// `ItemRow(id: 1) onDisappear` and, at once, `ItemRow(id: 1) onAppear`. SwiftUI built a new
/// value for the row, found its identity changed (a `ForEach` id made anew on every update, an
/// `.id(…)` that changes), tore the old row down and put a new one in its place: a new lifetime
/// whose state starts over, not the same row appearing again.
///
/// Only lines that name their instance count: without one, a row removed and another inserted
/// in the same update look the same. The init must come while the instance is on screen (after
/// its appear, before its disappear), as the parent's update builds the new value before the
/// swap is committed; a screen pushed again after a pop is made anew after it went off screen.
/// The disappear and the appear must be one swap: between them only other rows of the same
/// type being swapped the same way, and no more than `maxGap` apart when lines carry times. A
/// row scrolled out and back in has other rows appear (or other views print) in between.
struct InstanceSwaps {
    /// Per named instance: where it stands since its last appear.
    private var stages: [NamePair: Stage] = [:]
    /// Instances taken off screen after a rebuild, waiting for their appear, with the time of
    /// the disappear.
    private var pending: [(key: NamePair, ts: Double?)] = []

    /// The longest disappear-to-appear gap of one swap, in seconds: both sides of it are
    /// committed in the same transaction.
    static let maxGap = 0.5

    private enum Stage {
        /// On screen, not rebuilt since it appeared.
        case shown
        /// On screen, and a new value of it was built (its init) since it appeared.
        case rebuilt
        /// Rebuilt, then taken off screen: its appear, next, is the replacement.
        case swapping
        /// Off screen in the ordinary way.
        case hidden
    }

    /// Follows `event`; true when it is the appear of an instance that was replaced in place.
    mutating func isReplacement(_ event: LifecycleEvent) -> Bool {
        guard let view = event.view else { return false }
        // Another view's line between a row's disappear and its appear: not one swap.
        if !pending.isEmpty { cancel { $0.owner != view } }
        guard let instance = event.instance, event.owner == nil, !event.implied else { return false }
        let key = NamePair(owner: view, owned: instance)
        switch event.kind {
        case .`init`:
            if stages[key] == .shown { stages[key] = .rebuilt }
        case .disappear:
            if stages[key] == .rebuilt {
                stages[key] = .swapping
                pending.append((key, event.ts))
            } else if stages[key] != nil {
                stages[key] = .hidden
            }
        case .appear:
            if stages[key] == .swapping, let index = pending.firstIndex(where: { $0.key == key }) {
                let gap = event.ts.flatMap { now in pending[index].ts.map { now - $0 } }
                pending.remove(at: index)
                stages[key] = .shown
                if gap.map({ $0 <= Self.maxGap }) ?? true { return true }
                return false
            }
            // An ordinary appear of this type (a row scrolled in): no swap of its rows is under way.
            cancel { $0.owner == view }
            stages[key] = .shown
        default:
            break
        }
        return false
    }

    /// Ends the pending swaps whose key `matches`: those instances went off screen the ordinary way.
    private mutating func cancel(where matches: (NamePair) -> Bool) {
        pending.removeAll { entry in
            guard matches(entry.key) else { return false }
            stages[entry.key] = .hidden
            return true
        }
    }
}
