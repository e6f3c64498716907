import Foundation
import TraceStore

/// Re-creations seen without an update of the parent printed: rows replaced in place (a
/// named instance built anew, taken off screen and put back), a printed instance id that
/// changes, and new identities back to back with no ancestor printing anything.
extension IdentityChurnRule.Recreations {
    /// A named instance replaced in place (see `InstanceSwaps`): its row got a new identity
    /// in the round of rebuilding under way, which counts once per round for the view.
    func swap(_ event: LifecycleEvent) {
        guard let view = event.view?.index else { return }
        let replaced = swaps.isReplacement(event)
        swapRounds.grow(toInclude: view, with: (0, true, nil, 0, 0))
        if event.kind == .`init`, event.owner == nil, swapRounds[view].lastWasAppear {
            swapRounds[view].round += 1
            swapRounds[view].root = rootIsBody ? root : nil
            swapRounds[view].rootLine = rootIsBody ? rootLine : 0
        }
        if event.owner == nil { swapRounds[view].lastWasAppear = event.kind == .appear }
        guard replaced, let instance = event.instance else { return }
        grow(to: view)
        if swapRounds[view].counted != swapRounds[view].round {
            swapRounds[view].counted = swapRounds[view].round
            recreated[view].add(root: swapRounds[view].root, created: 1, state: [])
            if swapRounds[view].rootLine > 0 { recreatedLines.append(swapRounds[view].rootLine, to: view) }
        } else {
            recreated[view].created += 1
        }
        if !recreated[view].instances.contains(instance) { recreated[view].instances.append(instance) }
        recreatedLines.append(event.line, to: view)
        noteRecreated(view)
    }

    /// A developer's print that names the view's instance (an id kept in `@State`): the id
    /// changing after the same one was printed more than once means the state was made
    /// anew. Ids printed once each prove nothing: a `let id = UUID()` changes with every value.
    func instanceChange(_ event: LifecycleEvent) {
        guard let instance = event.instance, let view = event.view?.index else { return }
        printed.grow(toInclude: view, with: (nil, 0, 0))
        let last = printed[view]
        if last.instance == instance {
            printed[view] = (instance, last.count + 1, event.line)
            return
        }
        if last.instance != nil, last.count >= 2 {
            grow(to: view)
            recreated[view].add(root: nil, created: 1, state: [])
            recreatedLines.append(last.line, to: view)
            recreatedLines.append(event.line, to: view)
            noteRecreated(view)
        }
        printed[view] = (instance, 1, event.line)
    }

    /// A new identity with no update of an ancestor printed: the view made anew again and
    /// again, back to back, a frame or more apart and within a second of the last
    /// (`orphanGap`), is re-created by an ancestor that prints nothing. New identities within one frame are
    /// siblings made together (a list's rows), and ones farther apart may be a screen
    /// opened again; neither counts.
    func orphan(_ view: Int, ts: Double, _ event: LifecycleEvent, consecutive: Bool) {
        lastOrphan.grow(toInclude: view, with: nil)
        defer { lastOrphan[view] = (ts, event.line) }
        // Only back to back: with other lines between (a row's appear, another view), new
        // identities of one type are as likely rows scrolled in one after another.
        guard consecutive, let last = lastOrphan[view], Self.orphanGap.contains(ts - last.ts) else { return }
        grow(to: view)
        var state: [Symbol] = []
        for token in event.tokens where token.isState { state.append(token) }
        if recreated[view].orphans == 0 { recreatedLines.append(last.line, to: view) }
        recreated[view].add(root: nil, created: 1, state: state)
        recreated[view].orphans += 1
        recreated[view].orphanSpan += ts - last.ts
        recreatedLines.append(event.line, to: view)
        // Made anew a frame after the last, with nothing between: a reset, as `why` says too.
        marks.append(IdentityMark(event: event.id, kind: .reset))
        noteRecreated(view)
    }

    /// A frame at 120 Hz up to a second, in seconds.
    static let orphanGap = 0.008...1.0
}
