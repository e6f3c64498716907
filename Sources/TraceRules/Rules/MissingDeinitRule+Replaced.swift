extension MissingDeinitRule {
    /// Models replaced without being released: a screen presented again gets a new model while
    /// the one made for its previous presentation never logs deinit, though a model of that
    /// type did (`DetailViewModel init`, `DetailView appear`, `DetailView disappear`,
    /// `DetailViewModel deinit`, then on the next presentations only `init`).
    ///
    /// A model's holder is the view of the next lifecycle line when that is the view's init or
    /// appear (the model is made for it, as a `@StateObject` or a sheet's model is). The
    /// holder's presentation ends at its disappear; a new model for the same holder after that
    /// replaces the ones still alive from earlier presentations. Those are reported when the
    /// trace shows the type's deinit at all (it is instrumented) and they never log theirs.
    final class Replaced: Detector {
        private struct Model {
            let line: Int
            let holder: Symbol
            let presentation: Int
            let instance: Symbol?
            var replaced = false
        }

        /// Per view symbol, how many presentations ended (disappears).
        @exclusivity(unchecked) private var presentations: [Int] = []
        /// Per model type, the instances alive in creation order.
        @exclusivity(unchecked) private var alive: [Symbol: [Model]] = [:]
        /// Per model type, the line of its first deinit: all a finding cites, where keeping every
        /// deinit's line grew with the trace.
        @exclusivity(unchecked) private var firstDeinits: [Symbol: Int] = [:]
        /// An init of a model without an owner, until the next lifecycle line names its holder.
        @exclusivity(unchecked) private var awaiting: LifecycleEvent?

        func observe(_ event: LifecycleEvent) {
            guard let view = event.view else { return }
            if let model = awaiting {
                awaiting = nil
                if (event.kind == .appear || event.kind == .`init`) && event.owner == nil && view != model.view {
                    create(model, holder: view)
                }
            }
            switch event.kind {
            case .`init` where event.owner == nil:
                awaiting = event
            case .`deinit`:
                if firstDeinits[view] == nil { firstDeinits[view] = event.line }
                guard var models = alive[view], !models.isEmpty else { return }
                // The instance the line names, else the oldest: deinits come in creation order
                // when nothing says otherwise.
                let index = event.instance.flatMap { instance in models.firstIndex { $0.instance == instance } } ?? 0
                models.remove(at: index)
                alive[view] = models
            case .disappear:
                presentations.grow(toInclude: view.index, with: 0)
                presentations[view.index] += 1
            default:
                break
            }
        }

        private func create(_ event: LifecycleEvent, holder: Symbol) {
            guard let type = event.view else { return }
            let presentation = holder.index < presentations.count ? presentations[holder.index] : 0
            var models = alive[type, default: []]
            for index in models.indices where models[index].holder == holder && models[index].presentation < presentation {
                models[index].replaced = true
            }
            models.append(Model(line: event.line, holder: holder, presentation: presentation, instance: event.instance))
            alive[type] = models
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            let symbols = subjects.symbols
            var violations: [Violation] = []
            for (type, models) in alive {
                let replaced = models.filter(\.replaced)
                guard let firstDeinit = firstDeinits[type], !replaced.isEmpty, subjects.isObject(type),
                      let holder = replaced.first?.holder
                else { continue }
                let name = symbols[type]
                let count = replaced.count
                violations.append(Violation(
                    view: name,
                    message: "\(count == 1 ? "A \(name)" : "\(count) \(name) instances") made for \(symbols[holder]) "
                        + "never logged deinit after \(symbols[holder]) disappeared and was given a new one, "
                        + "though \(name)'s deinit is logged (line \(firstDeinit)): probably retained.",
                    count: count,
                    lines: replaced.map(\.line) + [firstDeinit]
                ))
            }
            return violations.sorted { ($0.lines.first ?? 0) < ($1.lines.first ?? 0) }
        }
    }

    /// The rule's two detectors as one: an object whose holder went away for good
    /// (`Unreleased`) and a model replaced by the next presentation's (`Replaced`); a type the
    /// first reports is not reported again by the second.
    final class Both: Detector {
        private let unreleased: Unreleased
        private let replaced = Replaced()

        init(minReleased: Int) { unreleased = Unreleased(minReleased: minReleased) }

        func observe(_ event: LifecycleEvent) {
            unreleased.observe(event)
            replaced.observe(event)
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            let first = unreleased.finish(subjects)
            let reported = Set(first.compactMap(\.view))
            return first + replaced.finish(subjects).filter { !reported.contains($0.view ?? "") }
        }
    }
}
