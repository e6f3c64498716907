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
        /// An init of a model without an owner: its type, line and instance.
        private struct Awaiting {
            let type: Symbol
            let line: Int
            let instance: Symbol?
        }

        /// Per view symbol, how many presentations ended (disappears).
        @exclusivity(unchecked) private var presentations: [Int] = []
        /// Per model type, the instances alive in creation order, on file.
        private let alive = AliveModels()
        /// Per model type and holder, the presentation of the holder's latest new model: the
        /// models made for it in earlier presentations and still alive then were replaced.
        ///
        /// A holder's presentations only grow, so a model alive at the end whose presentation
        /// lies below this was alive when that new model came (made before it, never revived):
        /// one number per pair says what marking every earlier model at each init said, where
        /// that walk over the type's living models was quadratic in a type that never deinits.
        /// Keyed by the two symbol indexes in one word (`pairKey`): a pair per model type and
        /// view can mean tens of thousands, and a `NamePair` key is three words a bucket.
        @exclusivity(unchecked) private var replacedBelow: [UInt64: Int] = [:]
        /// Per model type, the line of its first deinit: the only one a finding cites.
        @exclusivity(unchecked) private var firstDeinit: [Symbol: Int] = [:]
        /// An init of a model without an owner, until the next lifecycle line names its holder.
        @exclusivity(unchecked) private var awaiting: Awaiting?

        func observe(_ event: LifecycleEvent) {
            guard let view = event.view else { return }
            if let model = awaiting {
                awaiting = nil
                if (event.kind == .appear || event.kind == .`init`) && event.owner == nil && view != model.type {
                    create(model, holder: view)
                }
            }
            switch event.kind {
            case .`init` where event.owner == nil:
                awaiting = Awaiting(type: view, line: event.line, instance: event.instance)
            case .`deinit`:
                if firstDeinit[view] == nil { firstDeinit[view] = event.line }
                alive.release(type: view, instance: event.instance)
            case .disappear:
                presentations.grow(toInclude: view.index, with: 0)
                presentations[view.index] += 1
            default:
                break
            }
        }

        private func create(_ model: Awaiting, holder: Symbol) {
            let presentation = holder.index < presentations.count ? presentations[holder.index] : 0
            replacedBelow[Self.pairKey(model.type, holder)] = presentation
            // A deinit releases the instance it names, else the oldest (deinits come in creation
            // order when nothing says otherwise).
            alive.append(type: model.type, line: model.line, holder: holder, presentation: presentation, instance: model.instance)
        }

        /// True when `model` of `type` was alive when its holder was given a new one.
        private func isReplaced(_ model: AliveModels.Model, of type: Symbol) -> Bool {
            model.presentation < replacedBelow[Self.pairKey(type, model.holder), default: 0]
        }

        /// A model type and its holder as one key: symbol indexes are 32 bits.
        private static func pairKey(_ type: Symbol, _ holder: Symbol) -> UInt64 {
            UInt64(truncatingIfNeeded: type.index) << 32 | UInt64(truncatingIfNeeded: holder.index)
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            let symbols = subjects.symbols
            var violations: [Violation] = []
            for type in alive.types {
                guard let firstDeinit = firstDeinit[type], subjects.isObject(type) else { continue }
                // Only the replaced models' lines are held, read from file a type at a time.
                var lines: [Int] = []
                var firstHolder: Symbol?
                alive.forEach(of: type) { model in
                    guard isReplaced(model, of: type) else { return }
                    if firstHolder == nil { firstHolder = model.holder }
                    lines.append(model.line)
                }
                guard let holder = firstHolder else { continue }
                let name = symbols[type]
                let count = lines.count
                violations.append(Violation(
                    view: name,
                    message: "\(count == 1 ? "A \(name)" : "\(count) \(name) instances") made for \(symbols[holder]) "
                        + "never logged deinit after \(symbols[holder]) disappeared and was given a new one, "
                        + "though \(name)'s deinit is logged (line \(firstDeinit)): probably retained.",
                    count: count,
                    lines: lines + [firstDeinit]
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
