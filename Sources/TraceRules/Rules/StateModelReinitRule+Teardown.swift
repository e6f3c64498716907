extension StateModelReinitRule {
    /// A model made again while its screen is torn down: `DetailViewModel deinit`, then
    /// `DetailViewModel init` and `DetailViewModel deinit` with nothing shown between, after
    /// `DetailView` disappeared. The screen's last update built its view value once more (as
    /// `NavigationLink(isActive:)` does on older iOS while it pops), and the model that value
    /// made was thrown away at once: its init's work ran for nothing.
    ///
    /// A teardown begins at a view's disappear, or, in a log that prints only its models, at a
    /// cascade of releases: two objects of different types released one right after the other
    /// (`deInit MainView.ViewModel`, `deInit FourthView.ViewModel`), as a navigation stack
    /// releases its screens' models. Per model type: a deinit during the teardown arms it; an
    /// init then followed by the type's deinit, with no body, appear or other init between
    /// (other models' releases may continue between), is a model made during the teardown.
    /// Reported on the view that disappeared, or without one on the model's holder (its owner,
    /// or the type that encloses it: `FourthView` for `FourthView.ViewModel`), naming the model.
    final class Teardown: Detector {
        /// The view that disappeared last, and its line.
        @exclusivity(unchecked) private var dismissed: (view: Symbol, line: Int)?
        /// A release cascade is under way (no disappear printed): its first release's line.
        @exclusivity(unchecked) private var cascade: Int?
        /// Per model type: released since the teardown began (armed), and an init waiting for
        /// its deinit.
        @exclusivity(unchecked) private var armed: Set<Model> = []
        @exclusivity(unchecked) private var pending: (model: Model, line: Int, ts: Double?)?
        /// The last deinit, when it was the event just before (a cascade needs two in a row).
        @exclusivity(unchecked) private var lastRelease: (model: Model, line: Int)?
        /// What was found, per dismissed view: the model and the lines (disappear, deinit, init,
        /// deinit); `view` is nil when a cascade, not a disappear, began the teardown.
        @exclusivity(unchecked) private var found: [(view: Symbol?, model: Model, lines: [Int])] = []
        @exclusivity(unchecked) private var lastDeinitLine: [Model: Int] = [:]

        /// A model as the log names it: its type, and the owner printed with it
        /// (`DetailView Model deinit`), since one model type may serve several screens.
        struct Model: Hashable {
            var type: Symbol
            var owner: Symbol?
        }

        /// The longest a model made during a teardown lives, when the lines carry times.
        static let maxLifetimeSeconds = 1.0

        func observe(_ event: LifecycleEvent) {
            guard let view = event.view else { return }
            let model = Model(type: view, owner: event.owner)
            var release: (model: Model, line: Int)?
            switch event.kind {
            case .disappear:
                dismissed = (view, event.line)
                cascade = nil
                armed.removeAll(keepingCapacity: true)
                pending = nil
            case .`deinit`:
                if let made = pending, made.model == model {
                    // Why the limit: a teardown releases what it made within its frames; a model
                    // that lived a second was used (a screen shown again that prints no view).
                    let brief = made.ts.flatMap { start in event.ts.map { $0 - start <= Self.maxLifetimeSeconds } } ?? true
                    if brief, dismissed != nil || cascade != nil {
                        let first = dismissed?.line ?? cascade ?? made.line
                        found.append((dismissed?.view, model, [first, lastDeinitLine[model] ?? made.line, made.line, event.line]))
                    }
                    pending = nil
                }
                // Why only a different type starts a cascade: rows of one list released
                // together are one model type going, not a stack of screens torn down.
                if dismissed == nil, cascade == nil, let previous = lastRelease, previous.model != model {
                    cascade = previous.line
                    armed.insert(previous.model)
                }
                if dismissed != nil || cascade != nil { armed.insert(model) }
                lastDeinitLine[model] = event.line
                release = (model, event.line)
            case .`init`:
                // An owned init (`Owner Model init`) after a disappear is the next screen's model;
                // a cascade prints no screen, so there the owner only names the holder.
                let eligible = armed.contains(model) && pending == nil && (event.owner == nil || dismissed == nil)
                pending = eligible ? (model, event.line, event.ts) : nil
                if !eligible { endCascade() }
            case .body, .appear:
                pending = nil
                endCascade()
                // Shown again: the screen is back, not torn down.
                if event.kind == .appear { dismissed = nil; armed.removeAll(keepingCapacity: true) }
            default:
                break
            }
            lastRelease = release
        }

        /// A cascade ends at anything but a release or the one re-made model it is waiting for.
        private func endCascade() {
            guard cascade != nil else { return }
            cascade = nil
            if dismissed == nil { armed.removeAll(keepingCapacity: true) }
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            let symbols = subjects.symbols
            var byScreen: [String: (model: String, count: Int, lines: [Int], dismissed: Bool)] = [:]
            var order: [String] = []
            for entry in found where subjects.isObject(entry.model.type) {
                let model = symbols[entry.model.type]
                let screen = entry.view.map { symbols[$0] } ?? Self.holder(of: model, owner: entry.model.owner.map { symbols[$0] })
                if byScreen[screen] == nil { order.append(screen) }
                var current = byScreen[screen] ?? (model, 0, [], entry.view != nil)
                current.count += 1
                current.lines += entry.lines
                byScreen[screen] = current
            }
            return order.map { screen in
                let entry = byScreen[screen]!
                let times = entry.count == 1 ? "a new one" : "\(entry.count) new ones"
                let start = entry.dismissed
                    ? "\(screen) disappeared and its \(entry.model) was released"
                    : "\(entry.model) was released as its screen was torn down (objects of other types released next to it)"
                return Violation(
                    view: screen,
                    message: "\(start), then \(times) made and released again at once "
                        + "(init → deinit with nothing shown between): its last update built the screen once more while it was torn down, "
                        + "and the model that made was thrown away.",
                    count: entry.count,
                    lines: entry.lines
                )
            }
        }

        /// The view that holds a model when no disappear names it: the owner printed with it,
        /// else the type that encloses a nested model (`FourthView` for `FourthView.ViewModel`),
        /// else the model itself.
        static func holder(of model: String, owner: String?) -> String {
            if let owner { return owner }
            if let dot = model.lastIndex(of: "."), dot != model.startIndex { return String(model[..<dot]) }
            return model
        }
    }

    /// The rule's two detectors as one: models made again on updates (`DiscardedModels`) and
    /// models made again while their screen is torn down (`Teardown`); a view the first
    /// reports is not reported again by the second.
    final class Both: Detector {
        private let discarded: DiscardedModels
        private let teardown = Teardown()

        init(minReinits: Int, sources: SourceIndex? = nil, symbols: SymbolTable) {
            discarded = DiscardedModels(minReinits: minReinits, sources: sources, symbols: symbols)
        }

        func observe(_ event: LifecycleEvent) {
            discarded.observe(event)
            teardown.observe(event)
        }

        func finish(_ subjects: Subjects) -> [Violation] { collected(subjects) }

        /// `DiscardedModels`' findings one by one as it makes them, then the teardowns of the
        /// views it did not report.
        func finish(_ subjects: Subjects, each body: (Violation) throws -> Void) rethrows {
            var reported: Set<String> = []
            try discarded.finish(subjects) { violation in
                if let view = violation.view { reported.insert(view) }
                try body(violation)
            }
            for violation in teardown.finish(subjects) where !reported.contains(violation.view ?? "") {
                try body(violation)
            }
        }
    }
}
