extension RepeatedAppearRule {
    /// Which appears of one view happened together, in one batch of SwiftUI's appear and
    /// disappear calls, and so cannot be one instance appearing again.
    ///
    /// A view on screen cannot appear again before something else happens: it leaves the screen,
    /// the user acts, time passes. So a batch is a stretch of appear and disappear lines; it
    /// ends at any other line (a text line, another view's init or body, a model's line) and at
    /// a pause between two timed lines. A view's own init, body and deinit lines do not end its
    /// batch: a list builds its next row between its rows' appears.
    struct AppearBatches {
        /// Lines further apart than this are not one batch (SwiftUI calls a commit's appear and
        /// disappear actions within a frame or a few).
        static let pause = 0.25

        /// The position of the last line that ends a batch.
        private var lastBreak = 0
        /// The view whose own lines the latest breaks have all been (nil when the last break was
        /// any other line), and the last break before that run of them.
        private var runView: Symbol?
        private var beforeRun = 0
        private var lastTime: Double?
        /// The position of the last event that text lines came right before.
        private var lastText = 0
        /// Per view symbol: the position of its last disappear, and of its last init or body.
        private var disappeared: [Int] = []
        private var built: [Int] = []
        /// Per view symbol: the position of its last body line that names no cause (a hand
        /// print), and whether it ever printed a `_printChanges()` line.
        private var evaluated: [Int] = []
        private var printsChanges: [Bool] = []
        /// The position of the last init line of any view or model (values made: the next
        /// update under way), and of the last pause.
        private var lastInit = 0
        private var lastPause = 0
        /// The last init, until the next line says whether it was a model `@StateObject`
        /// installed for a view getting its identity (part of this update, not the next's values).
        private var heldInit: Int?
        private var presence = ScreenPresence()

        /// Notes the event at `position` (every event, appears included, in input order).
        mutating func observe(_ event: LifecycleEvent, at position: Int) {
            if let held = heldInit {
                heldInit = nil
                if !presence.isInstalledBy(event) { lastInit = held }
            }
            presence.note(event)
            if let time = event.ts {
                if let lastTime, time - lastTime > Self.pause {
                    noteBreak(own: nil, at: position)
                    lastPause = position
                }
                lastTime = time
            }
            // Text lines came right before: a tap logged, a request started, or a print the
            // parser does not read as a view's.
            if event.followsText { lastText = position }
            switch event.kind {
            case .appear:
                break
            case .disappear:
                guard let view = event.view else { return }
                disappeared.grow(toInclude: view.index, with: 0)
                disappeared[view.index] = position
            case .`init`, .body, .`deinit`:
                let own = event.owner == nil ? event.view : nil
                if let own, event.kind != .`deinit` {
                    built.grow(toInclude: own.index, with: 0)
                    built[own.index] = position
                }
                if event.kind == .`init` { heldInit = position }
                if let own, event.kind == .body {
                    if event.isPrintChanges {
                        printsChanges.grow(toInclude: own.index, with: false)
                        printsChanges[own.index] = true
                    } else {
                        evaluated.grow(toInclude: own.index, with: 0)
                        evaluated[own.index] = position
                    }
                }
                noteBreak(own: own, at: position)
            default:
                noteBreak(own: nil, at: position)
            }
        }

        private mutating func noteBreak(own: Symbol?, at position: Int) {
            if own == nil || own != runView { beforeRun = lastBreak }
            runView = own
            lastBreak = position
        }

        private static func position(of view: Symbol, in positions: [Int]) -> Int {
            view.index < positions.count ? positions[view.index] : 0
        }

        /// Whether nothing but appear and disappear lines, and `view`'s own, came after `earlier`,
        /// nor text lines unless `allowingText`.
        private func isOneBatch(since earlier: Int, for view: Symbol, allowingText: Bool = false) -> Bool {
            (lastBreak < earlier || (runView == view && beforeRun < earlier)) && (allowingText || lastText <= earlier)
        }

        /// Whether `view`'s appear now is in the batch of its appear at `earlier`, and it did
        /// not disappear since: another instance appearing with that one (`ForEach` rows whose
        /// prints name no row), not that one appearing again.
        func isSibling(of view: Symbol, since earlier: Int) -> Bool {
            Self.position(of: view, in: disappeared) < earlier && isOneBatch(since: earlier, for: view)
        }

        /// Whether `view`, last appeared at `earlier`, printed a body since and appears now in
        /// that update (no value made after the body, no pause), where its prints never name an
        /// identity: a new instance added beside the ones on screen (a row appended), whose first
        /// appear this is. One on screen cannot appear again without leaving it; a view that
        /// prints `_printChanges()` shows a new identity as `@identity` instead.
        func isAdded(_ view: Symbol, since earlier: Int) -> Bool {
            let body = Self.position(of: view, in: evaluated)
            let changes = view.index < printsChanges.count && printsChanges[view.index]
            return body > earlier && !changes && lastInit < body && lastPause <= body
        }

        /// Whether `view`, last appeared at `earlier`, was built again and disappeared since,
        /// and appears now in the batch of that disappear: a new instance inserted in the old
        /// one's place as the update commits (rows given new ids), a lifetime of its own. Text
        /// lines between the removal and the insertion do not part them: other views' prints
        /// the parser does not read are as likely there as a user's action.
        func isRebuilt(_ view: Symbol, since earlier: Int) -> Bool {
            let disappear = Self.position(of: view, in: disappeared)
            return Self.position(of: view, in: built) > earlier && disappear > earlier
                && isOneBatch(since: disappear, for: view, allowingText: true)
        }
    }
}
