import TraceStore

/// A view's state model initialised again on parent updates, though the view kept its identity.
public enum StateModelReinitRule: Rule {
    static let minReinits = Threshold.count(
        "min_reinits", default: 2,
        "Inits of one owner's model, made while an earlier one is alive and the owner kept its identity.")

    public static let description = RuleDescription(
        identifier: "state_model_reinit",
        title: "State model re-initialised",
        defaultSeverity: .error,
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
            Severity follows what the user loses: an error when each new instance replaced the \
            one before it while the view was on screen (an `@ObservedObject` made inline: what was \
            typed or chosen in it is gone), a warning when SwiftUI kept the first instance or the \
            log cannot say which it kept (nothing is wrong on screen, but work and side effects \
            repeat), info when the extra inits were measured and cheap.
            """,
        fix: """
            Make the model where it is made once: `@StateObject` (its autoclosure runs once per \
            identity), `.task { model = Model() }` for an optional `@State`, or pass it in from \
            an owner that lives longer; keep model inits free of side effects.
            """,
        seed: "001 (`@State var dataModel = DataModel()` with `@Observable`: `PlayButton DataModel init` after each `+ 1`, the kept instance released only at the end)",
        thresholds: [minReinits],
        triggeringExamples: [
            Example(note: "A model made again while its screen is torn down (`NavigationLink(isActive:)` on older iOS): released, made, released again with nothing shown.", """
                DetailView onAppear
                DetailViewModel init
                ↓DetailView onDisappear
                ↓DetailViewModel deinit
                ↓DetailViewModel init
                ↓DetailViewModel deinit
                """),
            Example(note: "A log that prints only its models (`NavigationLink(isActive:)` on iOS 15): the stack's models go in a cascade of releases, and one is made again and released at once; reported on the type that holds it.", """
                ↓RootScreen.Model deinit
                ↓DetailScreen.Model deinit
                ↓DetailScreen.Model init
                ListScreen.Model deinit
                ↓DetailScreen.Model deinit
                """),
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
            Example(note: "Exact, from TraceProbe: each new DataModel is made with a PlayButton value that dies unread (seen=0), so PlayButton kept its identity and the model was discarded.", """
                trace-analyze: kind=init view=DataModel id=#1 owner=PlayButton ms=2.5
                trace-analyze: kind=init view=PlayButton id=#2
                trace-analyze: kind=body view=PlayButton id=#2 ms=0.05 identity=new
                ↓trace-analyze: kind=init view=DataModel id=#3 owner=PlayButton ms=2.5
                trace-analyze: kind=init view=PlayButton id=#4
                trace-analyze: kind=deinit view=PlayButton id=#4 seen=0
                trace-analyze: kind=deinit view=DataModel id=#3 owner=PlayButton
                ↓trace-analyze: kind=init view=DataModel id=#5 owner=PlayButton ms=2.5
                trace-analyze: kind=init view=PlayButton id=#6
                trace-analyze: kind=deinit view=PlayButton id=#6 seen=0
                trace-analyze: kind=deinit view=DataModel id=#5 owner=PlayButton
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "A screen dismissed and opened again: its new model is shown, not thrown away.", """
                DetailView onAppear
                DetailViewModel init
                DetailView onDisappear
                DetailViewModel deinit
                DetailViewModel init
                DetailView onAppear
                """),
            Example(note: "Models released together, then the next screen's model made and shown: a new screen, not a teardown's waste.", """
                ListScreen.Model deinit
                DetailScreen.Model deinit
                DetailScreen.Model init
                DetailScreen onAppear
                """),
            Example(note: "A sheet presented twice in a log of model prints alone: one type's release is no cascade, so its next model is the next presentation's.", """
                SheetModel init
                SheetModel deinit
                SheetModel init
                SheetModel deinit
                """),
            Example(note: "A model made in a cascade that lives on (a second, by the timestamps) was used: not made for nothing.", """
                2024-05-01 10:00:00.100 RootScreen.Model deinit
                2024-05-01 10:00:00.101 DetailScreen.Model deinit
                2024-05-01 10:00:00.102 DetailScreen.Model init
                2024-05-01 10:00:04.500 DetailScreen.Model deinit
                """),
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
        Both(minReinits: context.thresholds.count(minReinits), sources: context.sources, symbols: context.symbols)
    }
}
