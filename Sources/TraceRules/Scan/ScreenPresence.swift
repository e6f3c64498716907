/// Per view type, whether any of its identities is on screen, by the log's appear and disappear
/// lines: what tells a model `@StateObject` installs (right before the first body of a view
/// not on screen) from work done while the view shows.
struct ScreenPresence {
    /// Per view symbol: its appears less its disappears, never below 0.
    private var shown: [Int32] = []

    /// Counts `event` when it is an appear or a disappear.
    mutating func note(_ event: LifecycleEvent) {
        guard let view = event.view else { return }
        switch event.kind {
        case .appear:
            shown.grow(toInclude: view.index, with: 0)
            shown[view.index] += 1
        case .disappear:
            shown.grow(toInclude: view.index, with: 0)
            shown[view.index] = max(0, shown[view.index] - 1)
        default:
            break
        }
    }

    func isOnScreen(_ view: Symbol) -> Bool {
        view.index < shown.count && shown[view.index] > 0
    }

    /// Whether `event`, coming right after an init, shows that init was a model installed as a
    /// view got its identity: the first body of a view with no identity on screen.
    func isInstalledBy(_ event: LifecycleEvent) -> Bool {
        event.kind == .body && event.view.map { !isOnScreen($0) } ?? false
    }
}
