import TraceStore

/// A view's state model initialised again on parent updates, though the view kept its identity.
public enum StateModelReinitRule: Rule {
    static let minReinits = Threshold.count(
        "min_reinits", default: 2,
        "Inits of one owner's model, made while an earlier one is alive and the owner kept its identity.")

    public static let description = RuleDescription(
        identifier: "state_model_reinit",
        title: "State model re-initialised",
        defaultSeverity: .warning,
        summary: "A model a view holds in @State (or @StateObject) is initialised again on parent updates although the view kept its identity; SwiftUI throws the new instances away.",
        rationale: """
            `@State var model = Model()` evaluates `Model()` every time the view's value is \
            created, that is on every update of its parent. SwiftUI keeps the instance made when \
            the view got its identity and discards each new one, so every extra init is wasted \
            work, and whatever the init does (network calls, subscriptions, analytics) runs again \
            for an object nobody uses. `@StateObject` defers its autoclosure, but a model made in \
            the view's `init` and handed to it, or an `@ObservedObject` given a fresh instance, \
            behaves the same. The rule reads `Owner Model init` lines (the owner is printed with \
            the model, or given by a structured line's `parent=`): an init while an earlier model \
            of the same owner is still alive, followed by the owner's `_printChanges()` line \
            without `@identity` (the view kept its identity: `PlayButton: @self changed.`). \
            A warning: nothing is wrong on screen, but work and side effects repeat.
            """,
        fix: """
            Make the model where it is made once: `@StateObject` (its autoclosure runs once per \
            identity), `.task { model = Model() }` for an optional `@State`, or pass it in from \
            an owner that lives longer; keep model inits free of side effects.
            """,
        seed: "001 (`@State var dataModel = DataModel()` with `@Observable`: `PlayButton DataModel init` after each `+ 1`, the kept instance released only at the end)",
        thresholds: [minReinits],
        triggeringExamples: [
            Example(note: "Seed 001: each `+ 1` makes a DataModel that SwiftUI throws away; the first one is kept.", """
                ContentView: @self, @identity, _showPlayButton, _count changed.
                PlayButton DataModel init
                DataModel address: 0x0000600000c30690
                PlayButton: @self, @identity, _isPlaying, _dataModel changed.
                ContentView: _count changed.
                ↓PlayButton DataModel init
                DataModel address: 0x0000600001714180
                PlayButton: @self changed.
                ContentView: _count changed.
                ↓PlayButton DataModel init
                DataModel address: 0x0000600001701340
                PlayButton DataModel deinit
                DataModel address: 0x0000600001714180
                PlayButton: @self changed.
                """),
            Example(note: "An `@Observable` model made in the child's init during the parent's update, the child keeping its identity.", """
                ContentView: @dependencies changed.
                ↓ViewModel.init
                ChildView: @dependencies, @self changed.
                """),
            Example(note: "A model made in the update that dismisses a view, right before it disappears.", """
                ContentView: _showDetail changed.
                ↓DetailViewModel.init
                ↓DetailView disappear
                """),
            Example(note: "One thrown-away model is reported as info, below the default of two.", """
                PlayButton DataModel init
                PlayButton: @self, @identity, _dataModel changed.
                ContentView: _count changed.
                ↓PlayButton DataModel init
                PlayButton: @self changed.
                """),
            Example(note: "A structured line names the owner with `parent=`.", """
                trace-analyze: kind=init view=SearchModel parent=SearchView
                SearchView: @self, @identity, _model changed.
                ↓trace-analyze: kind=init view=SearchModel parent=SearchView
                SearchView: @self changed.
                ↓trace-analyze: kind=init view=SearchModel parent=SearchView
                SearchView: @self changed.
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Seed 001 with @StateObject: the model is made once; parent updates re-create only the view.", """
                ContentView: @self, @identity, _showPlayButton, _count changed.
                PlayButton DataModel init
                PlayButton: @self, @identity, _isPlaying, _dataModel changed.
                ContentView: _count changed.
                PlayButton: @self changed.
                ContentView: _count changed.
                PlayButton: @self changed.
                """),
            Example(note: "Seed 001 toggled: the view lost its identity, so its model was made anew for the new one.", """
                PlayButton DataModel init
                PlayButton: @self, @identity, _isPlaying, _dataModel changed.
                ContentView: _showPlayButton changed.
                PlayButton DataModel deinit
                ContentView: _showPlayButton changed.
                PlayButton DataModel init
                PlayButton: @self, @identity, _isPlaying, _dataModel changed.
                """),
            Example(note: "Rows of a list, each with its own model: every init comes with a new identity.", """
                RowView Model init
                RowView Model init
                RowView Model init
                RowView: @self, @identity, _model changed.
                RowView: @self, @identity, _model changed.
                RowView: @self, @identity, _model changed.
                """),
            Example(note: "A model made during the parent's update for a child that is new: its first model.", """
                ContentView: _showDetail changed.
                ViewModel.init
                DetailView: @self, @identity changed.
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        DiscardedModels(minReinits: context.thresholds.count(minReinits))
    }

    /// Per owner and model, the inits SwiftUI discarded.
    ///
    /// The detector keeps the running count of each owner's live models of each type; an init
    /// that raises it to 2 or more was made while an earlier one lived. Such an init waits for
    /// the owner's next `_printChanges()` line: without `@identity` the owner kept its identity,
    /// so SwiftUI kept its first model and discarded this one; with `@identity` (a list of rows
    /// makes several live models at once too, but each row's next line shows a new identity)
    /// it was the model of a new owner. An init no printed line of its owner follows proves
    /// nothing. Only types that are not views (see `Subjects`) count as models: a structured
    /// line's `parent=` names a child view's parent, and such "models" are views.
    final class DiscardedModels: Detector {
        private let minReinits: Int
        /// Live models per owner and model type (a model without a name is a type of its own).
        @exclusivity(unchecked) private var alive: [ModelKey: Int] = [:]
        /// Per owner symbol: the inits made while an earlier model lived, in input order,
        /// waiting for the owner's next printed body.
        @exclusivity(unchecked) private var waiting: [[(model: Symbol?, line: Int)]] = []
        /// The discarded inits' lines per owner and model, in input order.
        @exclusivity(unchecked) private var discarded: [ModelKey: [Int]] = [:]
        /// The view whose `_printChanges()` line came last: the parent being evaluated.
        @exclusivity(unchecked) private var evaluating: Symbol?
        /// Inits printed without an owner during `evaluating`'s update, waiting for the child
        /// whose line follows (`ContentView: …` / `ViewModel.init` / `ChildView: @self …`).
        @exclusivity(unchecked) private var ownerless: [(model: Symbol, line: Int, parent: Symbol)] = []
        /// Models made during the update that removed a view: the view, the model, the lines.
        @exclusivity(unchecked) private var teardown: [(view: Symbol, model: Symbol, line: Int, disappearLine: Int)] = []

        init(minReinits: Int) {
            self.minReinits = minReinits
        }

        func observe(_ event: LifecycleEvent) {
            switch event.kind {
            case .`init`, .`deinit`:
                guard let owner = event.owner else {
                    if event.kind == .`init`, let model = event.view, let evaluating { ownerless.append((model, event.line, evaluating)) }
                    return
                }
                let key = ModelKey(owner: owner, model: event.view)
                let isInit = event.kind == .`init`
                let count = alive[key, default: 0] + (isInit ? 1 : -1)
                alive[key] = count
                guard isInit, count >= 2 else { return }
                waiting.grow(toInclude: owner.index, with: [])
                waiting[owner.index].append((event.view, event.line))
            case .body:
                guard event.isPrintChanges else { return }
                defer { evaluating = event.view }
                // A child's line after an owner-less init made during its parent's update: the
                // child kept its identity, so the model made for it was thrown away or replaced one.
                if !ownerless.isEmpty, let child = event.view {
                    for made in ownerless where made.parent != child && !event.newIdentity {
                        discarded[ModelKey(owner: child, model: made.model), default: []].append(made.line)
                    }
                    ownerless.removeAll(keepingCapacity: true)
                }
                guard let view = event.view?.index, view < waiting.count, !waiting[view].isEmpty else { return }
                if !event.newIdentity {
                    for made in waiting[view] {
                        discarded[ModelKey(owner: event.view!, model: made.model), default: []].append(made.line)
                    }
                }
                waiting[view].removeAll(keepingCapacity: true)
            case .appear, .disappear:
                // A model made in the update that removes a view, right before it disappears:
                // made for a view that is going away, never used.
                if event.kind == .disappear, let view = event.view {
                    for made in ownerless where made.parent != view { teardown.append((view, made.model, made.line, event.line)) }
                }
                // The update is over: an owner-less init after it belongs to no parent's update.
                evaluating = nil
                ownerless.removeAll(keepingCapacity: true)
            default:
                break
            }
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            discardedModels(subjects) + teardownModels(subjects)
        }

        /// One finding per view whose removal made models: work done for a view on its way out.
        private func teardownModels(_ subjects: Subjects) -> [Violation] {
            let names = subjects.symbols
            var byView: [Symbol: [(model: Symbol, line: Int, disappearLine: Int)]] = [:]
            var order: [Symbol] = []
            for entry in teardown where !subjects.isView(entry.model) {
                if byView[entry.view] == nil { order.append(entry.view) }
                byView[entry.view, default: []].append((entry.model, entry.line, entry.disappearLine))
            }
            return order.map { view in
                let made = byView[view]!
                let models = made.map { names[$0.model] }.uniqued().joined(separator: ", ")
                return Violation(
                    view: names[view],
                    message: "\(models) was initialised during the update that removed \(names[view]) "
                        + "(\(made.count == 1 ? "once" : "\(made.count) times")), right before it disappeared: a model made for a view "
                        + "on its way out is wasted work, and its init's side effects run for nothing.",
                    count: made.count,
                    lines: made.flatMap { [$0.line, $0.disappearLine] },
                    weight: made.count < minReinits ? .hint : .full
                )
            }
        }

        private func discardedModels(_ subjects: Subjects) -> [Violation] {
            let names = subjects.symbols
            var rows: [(owner: String, model: String, lines: [Int])] = []
            for (key, lines) in discarded {
                // Model lines always name the model; one without (a hand-made store) is left out.
                guard let model = key.model, !subjects.isView(model) else { continue }
                rows.append((names[key.owner], names[model], lines))
            }
            // By owner, then model, as bytes (SQLite's BINARY order); neighbours whose names
            // are equal as Swift strings (canonically equivalent, such as a precomposed `é` and
            // `e` with a combining accent) are one finding, as when the rows came from SQL.
            rows.sort {
                !$0.owner.utf8.elementsEqual($1.owner.utf8)
                    ? $0.owner.utf8.lexicographicallyPrecedes($1.owner.utf8)
                    : $0.model.utf8.lexicographicallyPrecedes($1.model.utf8)
            }
            var found: [(owner: String, model: String, lines: [Int])] = []
            for row in rows {
                if let last = found.indices.last, found[last].owner == row.owner, found[last].model == row.model {
                    found[last].lines += row.lines
                } else {
                    found.append(row)
                }
            }
            return found.map { found in
                Violation(
                    view: found.owner,
                    message: "\(found.owner)'s \(found.model) was initialised \(counted(found.lines.count, "more time")) while "
                        + "\(found.owner) kept its identity and an earlier \(found.model) was alive: SwiftUI keeps the first "
                        + "instance and discards the new ones, so each init is wasted work and its side effects run again.",
                    count: found.lines.count,
                    lines: found.lines,
                    // Fewer than the threshold is a hint: one init may be an intended replacement.
                    weight: found.lines.count < minReinits ? .hint : .full
                )
            }
        }
    }

    /// An owner and the type of a model it printed (`PlayButton DataModel init`).
    private struct ModelKey: Hashable {
        let owner: Symbol
        let model: Symbol?
    }
}
