import TraceStore

/// A view whose init does work: it creates helper objects, or takes measurable time.
public enum HeavyInitializerRule: Rule {
    static let maxInitMilliseconds = Threshold.duration(
        "max_init_ms", default: 1,
        "Longest acceptable init, in milliseconds, where a duration or timestamps bound it.")

    public static let description = RuleDescription(
        identifier: "heavy_initializer",
        title: "Heavy initializer",
        defaultSeverity: .warning,
        summary: "A view's init creates helper objects (coordinators, models, services) or takes longer than a millisecond.",
        rationale: """
            SwiftUI creates view values whenever it likes: each time a parent's body runs, for \
            every NavigationLink destination in a list, for rows that never reach the screen. \
            Whatever a view's init does (including its stored properties' initial values, such as \
            `let coordinator = Coordinator()`) is repeated each time, on the main thread, and the \
            objects it makes are rarely the ones that end up used. The rule sees it as another \
            type's `init` printed just before the view's own (property initialisers run before the \
            init body), as an `Owner Helper init` line, or as an init longer than `max_init_ms` \
            when a duration is logged or two timestamps bound it. A warning: it costs time and \
            memory but is not wrong by itself.
            """,
        fix: """
            Keep view inits to storing their arguments. Own an `ObservableObject` with \
            `@StateObject private var model = Model()` (SwiftUI runs its autoclosure once per \
            identity); an `@Observable` class in `@State` is kept once but `Model()` still runs \
            on every init, so make it optional and create it in `.task`, or pass the object in \
            from a parent that owns it; wrap navigation destinations so they are built when opened.
            """,
        seed: "004 (`FirstCoordinator` created in `FirstView`, eager and with LazyView); 000 (keep init light)",
        thresholds: [maxInitMilliseconds],
        triggeringExamples: [
            Example(note: "Seed 004: `FirstCoordinator` is a stored property of `FirstView`, made before its init body prints.", """
                2020-03-23 01:10:46.546218+0800 App[76375:18919854] 🚩 MyRootView appear
                ↓2020-03-23 01:10:46.553204+0800 App[76375:18919854] 1️⃣ FirstCoordinator init 🟢
                ↓2020-03-23 01:10:46.553234+0800 App[76375:18919854] 1️⃣ FirstView init 🟢
                2020-03-23 01:11:03.746197+0800 App[76375:18919854] ---------1️⃣ FirstView appear-------
                """),
            Example(note: "An `Owner Helper init` line names the view that made the helper.", """
                ↓PlayButton DataModel init
                PlayButton: @self, @identity, _dataModel changed.
                """),
            Example(note: "A structured line reports the init's duration: 4.2 ms.", """
                trace-analyze: kind=appear view=RootView
                ↓trace-analyze: kind=init view=DetailView parent=RootView ms=4.2
                trace-analyze: kind=body view=DetailView
                """),
            Example(note: "Timestamps bound the init: 8 ms pass between making the cache and the end of the view's init.", """
                2024-05-01 10:00:00.000000+0000 App[1:2] ContentView appear
                ↓2024-05-01 10:00:00.001000+0000 App[1:2] ImageCache init
                ↓2024-05-01 10:00:00.009000+0000 App[1:2] GalleryView init
                2024-05-01 10:00:00.020000+0000 App[1:2] GalleryView appear
                """),
            Example(note: "The init's body prints, then makes its engine, on every init (a real log's shape).", """
                ↓🔍 DEBUG: SimulationView.init() called - creating new SimulationEngine
                ↓🔍 DEBUG: SimulationEngine.init() called - creating world type: Continental 3D
                🔍 DEBUG: Arena3DView.init() called (multiple times)
                ↓🔍 DEBUG: SimulationView.init() called - creating new SimulationEngine (DUPLICATE!)
                ↓🔍 DEBUG: SimulationEngine.init() called - creating world type: Skylands 3D
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Views initialised in turn: no object among them.", """
                ContentView appear
                HeaderView init
                FooterView init
                HeaderView appear
                FooterView appear
                """),
            Example(note: "The parent's `@StateObject` model, printed between the parent's and a child's init: its name ties it to the parent, and once is installing, not init work.", """
                ParentView init
                ParentViewModel init
                ChildView init
                ParentView appear
                ChildView appear
                """),
            Example(note: "A model made by `@StateObject` when the view is installed, after its init.", """
                DetailView init
                DetailModel init
                DetailView appear
                """),
            Example(note: "A sheet presented twice: `@StateObject` installs a model for each presentation, after the presenting body's other inits and right before the sheet's first body.", """
                InboxScreen body
                ComposeSheet init
                UnreadBadge init
                DraftStore init
                ComposeSheet body
                ComposeSheet appear
                ComposeSheet disappear
                DraftStore deinit
                InboxScreen body
                ComposeSheet init
                UnreadBadge init
                DraftStore init
                ComposeSheet body
                ComposeSheet appear
                """),
            Example(note: "Structured lines with short inits; a child view's `parent=` is not a helper of the parent.", """
                trace-analyze: kind=init view=RootView ms=0.2
                trace-analyze: kind=init view=DetailView parent=RootView ms=0.4
                trace-analyze: kind=body view=RootView
                trace-analyze: kind=body view=DetailView
                """),
            Example(note: "Timestamps alone prove nothing: the 0.1 ms since the appear is not time spent in the init.", """
                2024-05-01 10:00:00.000000+0000 App[1:2] ContentView appear
                2024-05-01 10:00:00.000100+0000 App[1:2] GalleryView init
                2024-05-01 10:00:00.020000+0000 App[1:2] GalleryView appear
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        InitWork(limit: context.thresholds[maxInitMilliseconds])
    }

    /// Every sign of work in a view's init, in three shapes:
    /// 1. an object's init printed right before a view's init (the previous lifecycle line, text
    ///    lines and lines without a view skipped): the view's stored properties made it, and the
    ///    gap between the two timestamps is time the init spent after making it; or right after
    ///    it, when the init's body printed first and then made it (`SimulationView.init() called`,
    ///    `SimulationEngine.init() called`) each time (once is `@StateObject` installing its
    ///    model). An object between two view inits goes to the one
    ///    whose name shares more leading words with its own (`SecondCoordinator` →
    ///    `SecondView`), to the one after it when neither does;
    /// 2. `Owner Helper init`: the line itself names the view that made the helper (an owned
    ///    view, such as a structured line's `parent=`, is a child, not a helper);
    /// 3. a view's init that logged its own duration.
    ///
    /// Which names are views and which are objects is a question about the whole trace (a type
    /// can print its first body late), so `observe` keeps every candidate of each shape and
    /// `finish` keeps those whose names turned out to be views and objects. A view's helpers are
    /// listed shape by shape (first shape 1, then shape 2), each in trace order.
    ///
    /// The candidates wait in spilled lists, one per shape in trace order (`Sign`), read back
    /// once the names are known: a long trace's inits would otherwise each cost a record in
    /// memory until the end. Memory holds per type only whether it showed.
    ///
    /// What `observe` changes is `@exclusivity(unchecked)`: a stored `var` of a class otherwise
    /// pays a dynamic exclusivity check on every access, a measurable share of the cost per
    /// event, and nothing here overlaps two accesses to one property.
    final class InitWork: Detector {
        private let limit: Double

        /// The candidates of each shape, in trace order (keys: `Shape`).
        let signs = SpilledLists<Sign>()
        /// Per view symbol: whether it printed a body, appear or disappear line. Such a type is a
        /// view for good (`Subjects.isView`), never an object, so a pair of two of them, or an
        /// owned helper that is one, can never be a finding and is not kept: a long trace's inits
        /// of views that follow each other would otherwise each cost a record until the end.
        @exclusivity(unchecked) private var shown: [Bool] = []
        /// Per view symbol: the new identities its lines show (`lifetimes(of:)`).
        @exclusivity(unchecked) private var lifetimeCounts: [Int32] = []
        /// The previous event was a new identity's line that a twin line may follow.
        @exclusivity(unchecked) private var previousWasNewIdentity = false
        @exclusivity(unchecked) private var previousWasPrintChanges = false

        /// The previous event with a view that is not a text line.
        @exclusivity(unchecked) private var previousIsPlainInit = false
        @exclusivity(unchecked) private var previousView: Symbol?
        @exclusivity(unchecked) private var previousLine = 0
        @exclusivity(unchecked) private var previousTimestamp: Double?
        /// The last pair, held until the next line says whether its later init was a model
        /// installed for the view whose body follows (`Sign.installs`).
        @exclusivity(unchecked) private var heldPair: Sign?
        @exclusivity(unchecked) private var presence = ScreenPresence()
        /// Per view symbol: the lifetimes begun again that `presence` saw (`ScreenPresence.note`).
        @exclusivity(unchecked) private var reentries: [Int32] = []

        init(limit: Double) { self.limit = limit }

        func observe(_ event: LifecycleEvent) {
            guard event.kind != .text, let view = event.view else { return }
            if var pair = heldPair {
                heldPair = nil
                // `@StateObject` runs its autoclosure as the view gets its identity, after every
                // init of the parent's body and right before the view's first body.
                if presence.isInstalledBy(event) {
                    pair.installs = view.index == pair.firstIndex ? .earlierView : .otherView
                }
                signs.append(pair, to: Shape.pair.rawValue)
            }
            if presence.note(event) {
                reentries.grow(toInclude: view.index, with: 0)
                reentries[view.index] += 1
            }
            switch event.kind {
            case .body, .appear, .disappear:
                shown.grow(toInclude: view.index, with: false)
                shown[view.index] = true
            default:
                break
            }
            if event.kind == .body, event.newIdentity {
                // One evaluation printed twice (a probe's `identity=new` right after
                // `_printChanges()`'s `@identity` of the same view) is one new identity.
                // Rows print such pairs one after another: a line pairs with the one before it
                // only when that one began a pair.
                let twin = previousWasNewIdentity && previousView == view && previousWasPrintChanges != event.isPrintChanges
                if !twin {
                    lifetimeCounts.grow(toInclude: view.index, with: 0)
                    lifetimeCounts[view.index] += 1
                }
                previousWasNewIdentity = !twin
            } else {
                previousWasNewIdentity = false
            }
            previousWasPrintChanges = event.isPrintChanges
            if event.kind == .`init` {
                // Two inits in a row that name no owner: one may be the other's helper. An init
                // that names its owner (a probe's `owner=`) is that owner's, whatever came before.
                if previousIsPlainInit, event.owner == nil, let previousView, previousView != view, !(isShown(previousView) && isShown(view)) {
                    var elapsed = 0.0
                    if let timestamp = event.ts, let previousTimestamp { elapsed = (timestamp - previousTimestamp) * 1000 }
                    heldPair = Sign(
                        previousView, previousLine, view, event.line,
                        milliseconds: max(event.durationMilliseconds ?? 0, elapsed)
                    )
                }
                if let owner = event.owner, !isShown(view) {
                    // The helper's own measured init (a probe's `ms=`), -1 when the line has none.
                    signs.append(Sign(owner, 0, view, event.line, milliseconds: event.durationMilliseconds ?? -1), to: Shape.owned.rawValue)
                }
                if let milliseconds = event.durationMilliseconds, milliseconds > limit {
                    signs.append(Sign(view, event.line, view, event.line, milliseconds: milliseconds), to: Shape.slow.rawValue)
                }
            }
            previousIsPlainInit = event.kind == .`init` && event.owner == nil
            previousView = view
            previousLine = event.line
            previousTimestamp = event.ts
        }

        private func isShown(_ view: Symbol) -> Bool {
            view.index < shown.count && shown[view.index]
        }

        /// The new identities `view`'s lines show, each counted once however many lines print it;
        /// in a log that marks none, its first lifetime and each begun again after it was gone.
        private func lifetimes(of view: Symbol) -> Int {
            let marked = view.index < lifetimeCounts.count ? Int(lifetimeCounts[view.index]) : 0
            let again = view.index < reentries.count ? Int(reentries[view.index]) : 0
            return marked > 0 || again == 0 ? marked : 1 + again
        }

        func finish(_ subjects: Subjects) -> [Violation] { collected(subjects) }

        func finish(_ subjects: Subjects, each body: (Violation) throws -> Void) rethrows {
            if let pair = heldPair {
                heldPair = nil
                signs.append(pair, to: Shape.pair.rawValue)
            }
            let symbols = subjects.symbols
            // The signs that stand, regrouped by view on file: a view's summary holds every line
            // its finding cites, so one is made at a time rather than all at once.
            let byView = SpilledLists<Work>()
            var order: [Symbol] = []
            func add(
                _ view: Symbol, initLine: Int?, helper: Symbol?, helperLine: Int?, milliseconds: Double?,
                measured: Bool = false, helperMilliseconds: Double? = nil
            ) {
                if byView.count(of: view.index) == 0 { order.append(view) }
                byView.append(Work(
                    initLine: initLine, helper: helper, helperLine: helperLine, milliseconds: milliseconds,
                    measured: measured, helperMilliseconds: helperMilliseconds
                ), to: view.index)
            }
            forEachFollower(subjects) { follower in
                add(follower.view, initLine: follower.line, helper: follower.helper, helperLine: follower.helperLine,
                    milliseconds: follower.milliseconds)
            }
            signs.forEach(of: Shape.owned.rawValue) { entry in
                let owner = symbols.symbol(at: entry.firstIndex), helper = symbols.symbol(at: entry.secondIndex)
                guard subjects.isObject(helper) else { return }
                add(owner, initLine: nil, helper: helper, helperLine: entry.secondLine, milliseconds: nil,
                    helperMilliseconds: entry.milliseconds >= 0 ? entry.milliseconds : nil)
            }
            signs.forEach(of: Shape.slow.rawValue) { entry in
                let view = symbols.symbol(at: entry.firstIndex)
                guard subjects.isView(view) else { return }
                add(view, initLine: entry.firstLine, helper: nil, helperLine: nil, milliseconds: entry.milliseconds, measured: true)
            }
            for view in order {
                var summary = HeavyInit(view: view)
                byView.forEach(of: view.index) { work in
                    summary.add(initLine: work.initLine, helper: work.helper.map(symbols.symbol(at:)), helperLine: work.helperLine,
                                milliseconds: work.milliseconds, measured: work.measured, helperMilliseconds: work.helperMilliseconds,
                                limit: limit)
                }
                byView.removeAll(of: view.index)
                if let violation = summary.violation(limit: limit, symbols: symbols, inits: subjects[view].inits, identities: lifetimes(of: view)) {
                    try body(violation)
                }
            }
        }
    }
}
