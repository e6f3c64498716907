extension StateModelReinitRule {
    /// A model made again while its screen is torn down: `DetailViewModel deinit`, then
    /// `DetailViewModel init` and `DetailViewModel deinit` with nothing shown between, after
    /// `DetailView` disappeared. The screen's last update built its view value once more (as
    /// `NavigationLink(isActive:)` does on older iOS while it pops), and the model that value
    /// made was thrown away at once: its init's work ran for nothing.
    ///
    /// Per model type: after a view disappears, the type's deinit arms it; an init then
    /// followed by the type's deinit, with no body, appear or other init between, is a model
    /// made during the teardown. Reported on the view that disappeared, naming the model.
    final class Teardown: Detector {
        /// The view that disappeared last, and its line.
        @exclusivity(unchecked) private var dismissed: (view: Symbol, line: Int)?
        /// Per model type: released since the last disappear (armed), and an init waiting for
        /// its deinit.
        @exclusivity(unchecked) private var armed: Set<Symbol> = []
        @exclusivity(unchecked) private var pending: (model: Symbol, line: Int)?
        /// What was found, per dismissed view: the model and the lines (disappear, deinit, init, deinit).
        @exclusivity(unchecked) private var found: [(view: Symbol, model: Symbol, lines: [Int])] = []
        @exclusivity(unchecked) private var lastDeinitLine: [Symbol: Int] = [:]

        func observe(_ event: LifecycleEvent) {
            guard let view = event.view else { return }
            switch event.kind {
            case .disappear:
                dismissed = (view, event.line)
                armed.removeAll(keepingCapacity: true)
                pending = nil
            case .`deinit`:
                if let made = pending, made.model == view, let screen = dismissed {
                    found.append((screen.view, view, [screen.line, lastDeinitLine[view] ?? made.line, made.line, event.line]))
                }
                pending = nil
                if dismissed != nil { armed.insert(view) }
                lastDeinitLine[view] = event.line
            case .`init`:
                pending = event.owner == nil && armed.contains(view) && pending == nil ? (view, event.line) : nil
            case .body, .appear:
                pending = nil
                // Shown again: the screen is back, not torn down.
                if event.kind == .appear { dismissed = nil; armed.removeAll(keepingCapacity: true) }
            default:
                break
            }
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            let symbols = subjects.symbols
            var byView: [Symbol: (model: Symbol, count: Int, lines: [Int])] = [:]
            var order: [Symbol] = []
            for entry in found where subjects.isObject(entry.model) {
                if byView[entry.view] == nil { order.append(entry.view) }
                var current = byView[entry.view] ?? (entry.model, 0, [])
                current.count += 1
                current.lines += entry.lines
                byView[entry.view] = current
            }
            return order.map { view in
                let entry = byView[view]!
                let screen = symbols[view], model = symbols[entry.model]
                let times = entry.count == 1 ? "a new one" : "\(entry.count) new ones"
                return Violation(
                    view: screen,
                    message: "\(screen) disappeared and its \(model) was released, then \(times) made and released again at once "
                        + "(init → deinit with nothing shown between): its last update built the screen once more while it was torn down, "
                        + "and the model that made was thrown away.",
                    count: entry.count,
                    lines: entry.lines
                )
            }
        }
    }

    /// The rule's two detectors as one: models made again on updates (`DiscardedModels`) and
    /// models made again while their screen is torn down (`Teardown`); a view the first
    /// reports is not reported again by the second.
    final class Both: Detector {
        private let discarded: DiscardedModels
        private let teardown = Teardown()

        init(minReinits: Int, symbols: SymbolTable) { discarded = DiscardedModels(minReinits: minReinits, symbols: symbols) }

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
