/// Per view type, whether any of its identities is on screen, by the log's appear and disappear
/// lines, and whether it has run a body since it was last gone: what tells a model
/// `@StateObject` installs (right before the first body of a view getting its identity) from
/// work done while the view lives.
struct ScreenPresence {
    /// Per view symbol: its appears less its disappears, never below 0.
    private var shown: [Int32] = []
    /// Per view symbol: it ran a body and has not disappeared altogether since.
    private var live: [Bool] = []
    /// Per view symbol: it disappeared altogether and has run no body nor appeared since.
    private var gone: [Bool] = []

    /// Counts `event` when it is an appear, a disappear or a body. Returns true for a body
    /// after the view was gone and before any appear: a lifetime begun again (a sheet or screen
    /// presented again) in a log that marks no identities. A view shown again within its
    /// lifetime (a tab) appears before any body does.
    @discardableResult
    mutating func note(_ event: LifecycleEvent) -> Bool {
        guard let view = event.view else { return false }
        switch event.kind {
        case .appear:
            shown.grow(toInclude: view.index, with: 0)
            shown[view.index] += 1
            if view.index < gone.count { gone[view.index] = false }
        case .disappear:
            shown.grow(toInclude: view.index, with: 0)
            shown[view.index] = max(0, shown[view.index] - 1)
            if shown[view.index] == 0, view.index < live.count { live[view.index] = false }
            gone.grow(toInclude: view.index, with: false)
            gone[view.index] = shown[view.index] == 0
        case .body:
            live.grow(toInclude: view.index, with: false)
            live[view.index] = true
            if view.index < gone.count, gone[view.index] {
                gone[view.index] = false
                return true
            }
        default:
            break
        }
        return false
    }

    func isOnScreen(_ view: Symbol) -> Bool {
        view.index < shown.count && shown[view.index] > 0
    }

    /// Whether `event`, coming right after an init, shows that init was a model installed as a
    /// view got its identity: the view's first body (`@identity`, or its first since it was
    /// gone), with no identity of it on screen.
    func isInstalledBy(_ event: LifecycleEvent) -> Bool {
        guard event.kind == .body, let view = event.view, !isOnScreen(view) else { return false }
        return event.newIdentity || !(view.index < live.count && live[view.index])
    }
}
