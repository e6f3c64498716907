/// Screens pushed over others, read from the order SwiftUI prints a push in: the pushed screen's
/// new identity appears, then the views under it disappear. Those views are covered, not
/// removed: they keep their identities (and their state) under the pushed screen, print no end
/// when an update under it replaces or removes them, and appear again at the pop. A view given
/// an identity under a covering waits there too, unseen, as do the new identities the push's
/// own update made before the covering began.
///
/// A disappear is read as a covering only when a view given its identity in the same update
/// appeared before it, and the disappearing view was given none there: a view replaced in place
/// (its new identity appears, then the old one disappears) is an end, whatever the order.
///
/// `IdentityLifetimes` asks which views are covered, so that their new identities are judged as
/// in a log that prints no ends, and counts a covered view's disappear as an end only once it is
/// known to be one: when a new identity of the view is made under the covering, or when the
/// covering ends and the view did not appear again.
struct ScreenCoverings {
    /// The screens covering others, outermost first, each with the epoch it began.
    private var stack: [(screen: Int, epoch: Int)] = []
    private var epoch = 0
    /// The first view given its identity in update `update` that appeared in it: a screen
    /// presented, which covers the views that disappear after it.
    private var presented: (update: Int, view: Int)?
    /// Per view symbol: the epoch of the covering it waits under (0: none).
    private var coveredIn: [Int] = []
    /// Per view symbol: its disappears at a covering that no appear or new identity followed.
    private var hidden: [Int32] = []
    /// Per view symbol: its appears less its disappears, never below 0.
    private var shown: [Int32] = []
    /// Per view symbol: it was given an identity and has not appeared since; it appeared once.
    private var waiting: [Bool] = []
    private var appearedOnce: [Bool] = []
    /// The views given an identity in update `begunUpdate`, and those with `hidden` above 0.
    private var begun: [Int] = []
    private var begunUpdate = -1
    private var hiddenViews: [Int] = []
    /// A covering ended since the last `settle`.
    private var ended = false

    /// Whether `view`'s identities end unprinted: it waits under a covering screen, or none of
    /// it is on screen and its latest identity never appeared (made under a pushed screen before
    /// the covering showed), so nothing of it can print a disappear when an update replaces or
    /// removes it. Only for a view whose appears the log was seen to print: one whose prints
    /// begin later (an excerpt, a print added mid-session) shows nothing by its silence.
    func endsUnprinted(_ view: Int) -> Bool {
        isCovered(view) || view < waiting.count && waiting[view] && shown[view] == 0 && appearedOnce[view]
    }

    /// Whether `view` waits under a covering screen.
    func isCovered(_ view: Int) -> Bool {
        guard let outermost = stack.first, view < coveredIn.count else { return false }
        return coveredIn[view] >= outermost.epoch
    }

    /// `view` was given a new identity in update `update`. Returns how many of its disappears
    /// at a covering were ends after all: a new identity made under the covering took the
    /// covered one's place, or came after it was removed.
    mutating func began(_ view: Int, update: Int) -> Int {
        grow(view)
        if begunUpdate != update {
            begun.removeAll(keepingCapacity: true)
            begunUpdate = update
        }
        begun.append(view)
        waiting[view] = true
        if let innermost = stack.last, shown[view] == 0 { coveredIn[view] = innermost.epoch }
        let ends = Int(hidden[view])
        hidden[view] = 0
        return ends
    }

    /// `view` appeared in update `update`, having been given an identity there (`began`) or not.
    mutating func appeared(_ view: Int, update: Int, began: Bool) {
        grow(view)
        if began && presented?.update != update { presented = (update, view) }
        shown[view] += 1
        waiting[view] = false
        appearedOnce[view] = true
        coveredIn[view] = 0
        if hidden[view] > 0 { hidden[view] -= 1 }
    }

    /// `view` disappeared in update `update`, having been given an identity there or not.
    /// Returns true when it was covered (no end of its identity); false for an end.
    mutating func disappeared(_ view: Int, update: Int, began: Bool) -> Bool {
        grow(view)
        shown[view] = max(0, shown[view] - 1)
        if let index = stack.firstIndex(where: { $0.screen == view }) {
            // The pop: the covering screen's own disappear is its end.
            stack.removeSubrange(index...)
            ended = true
            return false
        }
        guard let presented, presented.update == update, presented.view != view, !began else { return false }
        if stack.last?.screen != presented.view {
            epoch += 1
            stack.append((presented.view, epoch))
            // The update's new identities that have not appeared wait under it.
            for other in begun where waiting[other] && other != presented.view { coveredIn[other] = epoch }
        }
        coveredIn[view] = epoch
        if hidden[view] == 0 { hiddenViews.append(view) }
        hidden[view] += 1
        return true
    }

    /// Once a covering has ended and the views under it have appeared again (at the next
    /// update), each covered disappear not followed by an appear was an end: the view was removed
    /// under the covering. Hands each such view and its count to `end`.
    mutating func settle(_ end: (Int, Int) -> Void) {
        guard ended else { return }
        ended = false
        var stillCovered: [Int] = []
        for view in hiddenViews where hidden[view] > 0 {
            if isCovered(view) {
                stillCovered.append(view)
            } else {
                end(view, Int(hidden[view]))
                hidden[view] = 0
            }
        }
        hiddenViews = stillCovered
    }

    private mutating func grow(_ view: Int) {
        coveredIn.grow(toInclude: view, with: 0)
        hidden.grow(toInclude: view, with: 0)
        shown.grow(toInclude: view, with: 0)
        waiting.grow(toInclude: view, with: false)
        appearedOnce.grow(toInclude: view, with: false)
    }
}
