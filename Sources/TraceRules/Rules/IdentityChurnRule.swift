import Foundation
import TraceStore

/// A view that keeps getting a new identity while its parent merely updates: its state resets.
public enum IdentityChurnRule: Rule {
    static let minRecreations = Threshold.count(
        "min_recreations", default: 2,
        "Updates in which the view (or its owned state model) was created anew after it already existed.")
    static let maxUpdateSeconds = Threshold.duration(
        "max_update_seconds", default: 0.5,
        "When lines carry timestamps, body lines later than this after an update's first line are not part of that update.")

    public static let description = RuleDescription(
        identifier: "identity_churn",
        title: "Identity churn",
        defaultSeverity: .error,
        summary: "A view gets a new identity again and again in place of one still on screen, while an ancestor that kept its own merely updated, so its @State resets each time.",
        rationale: """
            `@identity` in `_printChanges()` output means SwiftUI created the view's state storage \
            anew: `@State` and `@StateObject` start from their initial values, `.task` and \
            `.onAppear` run again, the whole subtree is rebuilt. Seeing it once for a view that \
            already existed, right after an ancestor that kept its identity updated, means the \
            ancestor's body gives the view a new identity: an `if`/`else` branch, an `.id(...)` \
            that changes (`.id(UUID())`), a `ForEach` whose element ids change on every update. \
            An error by default because lost state is a visible bug (a playing button stops, a \
            text field clears) and rebuilding subtrees on every update is the costliest thing \
            SwiftUI does. The second form, `Owner Model init` → `deinit` → `init` under one owner, \
            is the same reset seen from a state model's lifecycle prints. A view given a new \
            identity again and again a frame or more apart (within a second of the last), with \
            no ancestor's line printed at all, is re-created by an ancestor that prints nothing: \
            the same finding, with no root to name.

            Not every new identity is a reset. Each is judged once, and `why` and `views` read the \
            same verdict: one added beside others that stayed (a row appended) is *inserted*; one \
            shown again after every earlier one was removed (its disappear or deinit printed in an \
            earlier update, or an earlier update of the same change printed none of it) is \
            *reinserted*, a new lifetime: an `if`/`else` branch shown again, a sheet or a pushed \
            screen presented again. Only one that took the place of one still on screen (its \
            disappear in the same update, or made anew in update after update of the same change) \
            is a *reset*, reported at the rule's severity. A view only reinserted is reported one \
            level below, naming the change that removes and shows it: the code asked for a new \
            view, perhaps without knowing that its state starts over. Views under a pushed screen \
            disappeared at the push but keep their identities, and print no end when an update \
            beneath replaces them: they are read as in a log without ends. Where a log prints a \
            view's appears but never a disappear, rows appended and rows remade print the same \
            lines: the finding says the log cannot tell, one level below.
            """,
        fix: """
            Give the view a stable identity: use `.opacity`/`.disabled` or a modifier instead of \
            `if` when the view should keep its state while hidden; use `.id` only with a value \
            that changes when the state really must reset; give `ForEach` data stable `id`s (not \
            `UUID()` made during the update). Hoist state that must survive into the ancestor.
            """,
        seed: "001 (`if showPlayButton { PlayButton() }` toggled off and on); `.id(UUID())` on ForEach rows",
        thresholds: [minRecreations, maxUpdateSeconds],
        triggeringExamples: [
            Example(note: "A view made anew every frame or two for a while, its parent printing nothing: each new identity after the first resets its state.", """
                ↓2024-05-01 10:00:00.100000+0000 App[1:2] CardView: @self, @identity, _model changed.
                ↓2024-05-01 10:00:00.120000+0000 App[1:2] CardView: @self, @identity, _model changed.
                ↓2024-05-01 10:00:00.140000+0000 App[1:2] CardView: @self, @identity, _model changed.
                ↓2024-05-01 10:00:00.160000+0000 App[1:2] CardView: @self, @identity, _model changed.
                ↓2024-05-01 10:00:00.180000+0000 App[1:2] CardView: @self, @identity, _model changed.
                ↓2024-05-01 10:00:00.200000+0000 App[1:2] CardView: @self, @identity, _model changed.
                """),
            Example(note: "Seed 001 toggled twice: each time `ContentView` shows the button again, it is new.", """
                ContentView: @self, @identity, _showPlayButton changed.
                PlayButton: @self, @identity, _isPlaying changed.
                PlayButton: _isPlaying changed.
                ContentView: _showPlayButton changed.
                ↓ContentView: _showPlayButton changed.
                ↓PlayButton: @self, @identity, _isPlaying changed.
                PlayButton: _isPlaying changed.
                ContentView: _showPlayButton changed.
                ↓ContentView: _showPlayButton changed.
                ↓PlayButton: @self, @identity, _isPlaying changed.
                """),
            Example(note: "`ForEach` rows whose `.id` changes on every tick: every row is rebuilt after each `_tick` update.", """
                TickerView: @self, @identity, _tick changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                ↓TickerView: _tick changed.
                ↓Row: @self, @identity changed.
                ↓Row: @self, @identity changed.
                ↓Row: @self, @identity changed.
                ↓TickerView: _tick changed.
                ↓Row: @self, @identity changed.
                ↓Row: @self, @identity changed.
                ↓Row: @self, @identity changed.
                """),
            Example(note: "A sheet presented again after it was dismissed (its disappear printed): a new lifetime each time, reported one level below as a re-insertion.", """
                NotesList: @self, @identity, _showEditor changed.
                NotesList: _showEditor changed.
                EditorSheet: @self, @identity, _draft changed.
                EditorSheet onAppear
                NotesList: _showEditor changed.
                EditorSheet onDisappear
                ↓NotesList: _showEditor changed.
                ↓EditorSheet: @self, @identity, _draft changed.
                EditorSheet onAppear
                NotesList: _showEditor changed.
                EditorSheet onDisappear
                ↓NotesList: _showEditor changed.
                ↓EditorSheet: @self, @identity, _draft changed.
                EditorSheet onAppear
                """),
            Example(note: "A row renamed in a `ForEach(id: \\.self)` while another is appended: one row disappears in the update, so one of the two new identities is a reset.", """
                TodoList: @self, @identity, _todos changed.
                TodoRow: @self, @identity, _done changed.
                TodoRow: @self, @identity, _done changed.
                TodoRow onAppear
                TodoRow onAppear
                ↓TodoList: _todos changed.
                ↓TodoRow: @self, @identity, _done changed.
                ↓TodoRow: @self, @identity, _done changed.
                TodoRow onDisappear
                TodoRow onAppear
                TodoRow onAppear
                """),
            Example(note: "A card with `.id(UUID())` under a pushed detail screen: it disappeared at the push, yet every update of the list beneath the screen, and the pop's, still makes it anew in place of the one it covers.", """
                RecipeList: @self, @identity, _selection changed.
                RecipeCard: @self, @identity, _isFavourite changed.
                RecipeList onAppear
                RecipeCard onAppear
                ↓RecipeList: _selection changed.
                ↓RecipeCard: @self, @identity, _isFavourite changed.
                RecipeDetail: @self, @identity, _servings changed.
                RecipeCard onDisappear
                RecipeDetail onAppear
                RecipeList onDisappear
                ↓RecipeList: _refreshToken changed.
                ↓RecipeCard: @self, @identity, _isFavourite changed.
                ↓RecipeList: _selection changed.
                ↓RecipeCard: @self, @identity, _isFavourite changed.
                RecipeDetail onDisappear
                RecipeList onAppear
                RecipeCard onAppear
                """),
            Example(note: "Seed 001 toggled once: one reset, below the default threshold, is reported as info.", """
                ContentView: @self, @identity, _showPlayButton changed.
                PlayButton: @self, @identity, _isPlaying changed.
                PlayButton: _isPlaying changed.
                ContentView: _showPlayButton changed.
                ↓ContentView: _showPlayButton changed.
                ↓PlayButton: @self, @identity, _isPlaying changed.
                """),
            Example(note: "`ForEach` rows named by their id, replaced on every update: each is built anew while shown, taken off screen and put back at once (its id changed), twice.", """
                ItemRow(id: 1) onAppear
                ItemRow(id: 2) onAppear
                ↓ListView: _tick changed.
                ItemRow(id: 1) init
                ItemRow(id: 2) init
                ItemRow(id: 1) onDisappear
                ItemRow(id: 2) onDisappear
                ↓ItemRow(id: 1) onAppear
                ↓ItemRow(id: 2) onAppear
                ↓ListView: _tick changed.
                ItemRow(id: 1) init
                ItemRow(id: 2) init
                ItemRow(id: 1) onDisappear
                ItemRow(id: 2) onDisappear
                ↓ItemRow(id: 1) onAppear
                ↓ItemRow(id: 2) onAppear
                """),
            Example(note: "A developer's print names an instance id kept in `@State`: a new id after the same one was printed, the state was made anew.", """
                ProfileSwitcher: Rendering menu with 0 profiles [Instance: 5CD612BF]
                ProfileSwitcher: onAppear triggered [Instance: 5CD612BF]
                ↓ProfileSwitcher: Rendering menu with 6 profiles [Instance: 5CD612BF]
                ↓ProfileSwitcher: Rendering menu with 0 profiles [Instance: DD6A9B11]
                """),
            Example(note: "The same reset seen from a state model printed with its owner: released, then made anew.", """
                ContentView: @self, @identity, _showPlayButton changed.
                PlayButton DataModel init
                ContentView: _showPlayButton changed.
                ↓PlayButton DataModel deinit
                ContentView: _showPlayButton changed.
                ↓PlayButton DataModel init
                ContentView: _showPlayButton changed.
                ↓PlayButton DataModel deinit
                ContentView: _showPlayButton changed.
                ↓PlayButton DataModel init
                """),
            Example(note: "Exact, from TraceProbe: PlayButton's kept state token dies (seen=1) and a new identity begins in ContentView's update, twice.", """
                trace-analyze: kind=body view=ContentView id=#1 ms=0.1 identity=new
                trace-analyze: kind=init view=PlayButton id=#2
                trace-analyze: kind=body view=PlayButton id=#2 ms=0.05 identity=new
                trace-analyze: kind=body view=ContentView id=#1 ms=0.1
                trace-analyze: kind=disappear view=PlayButton id=#2
                ↓trace-analyze: kind=deinit view=PlayButton id=#2 seen=1
                trace-analyze: kind=body view=ContentView id=#1 ms=0.1
                trace-analyze: kind=init view=PlayButton id=#3
                ↓trace-analyze: kind=body view=PlayButton id=#3 ms=0.05 identity=new
                trace-analyze: kind=body view=ContentView id=#1 ms=0.1
                trace-analyze: kind=disappear view=PlayButton id=#3
                ↓trace-analyze: kind=deinit view=PlayButton id=#3 seen=1
                trace-analyze: kind=body view=ContentView id=#1 ms=0.1
                trace-analyze: kind=init view=PlayButton id=#4
                ↓trace-analyze: kind=body view=PlayButton id=#4 ms=0.05 identity=new
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Exact, from TraceProbe: rows shown for the first time, and values SwiftUI made and discarded (seen=0), reset nothing.", """
                trace-analyze: kind=body view=FeedView id=#1 identity=new
                trace-analyze: kind=init view=PostRow id=#2
                trace-analyze: kind=body view=PostRow id=#2 identity=new
                trace-analyze: kind=init view=PostRow id=#3
                trace-analyze: kind=body view=PostRow id=#3 identity=new
                trace-analyze: kind=body view=FeedView id=#1
                trace-analyze: kind=init view=PostRow id=#4
                trace-analyze: kind=deinit view=PostRow id=#4 seen=0
                """),
            Example(note: "Exact, from TraceProbe: a detail screen pushed again after a pop starts fresh by design (the update began with an appear, not a body).", """
                trace-analyze: kind=appear view=RecipeList id=#1
                trace-analyze: kind=init view=RecipeDetail id=#2
                trace-analyze: kind=body view=RecipeDetail id=#2 identity=new
                trace-analyze: kind=disappear view=RecipeDetail id=#2
                trace-analyze: kind=deinit view=RecipeDetail id=#2 seen=1
                trace-analyze: kind=appear view=RecipeList id=#1
                trace-analyze: kind=init view=RecipeDetail id=#3
                trace-analyze: kind=body view=RecipeDetail id=#3 identity=new
                trace-analyze: kind=disappear view=RecipeDetail id=#3
                trace-analyze: kind=deinit view=RecipeDetail id=#3 seen=1
                trace-analyze: kind=appear view=RecipeList id=#1
                trace-analyze: kind=init view=RecipeDetail id=#4
                trace-analyze: kind=body view=RecipeDetail id=#4 identity=new
                """),
            Example(note: "Rows made together in one frame, with no parent printed: siblings, not one view re-created.", """
                2024-05-01 10:00:00.100000+0000 App[1:2] Row: @self, @identity, _isExpanded changed.
                2024-05-01 10:00:00.100100+0000 App[1:2] Row: @self, @identity, _isExpanded changed.
                2024-05-01 10:00:00.100200+0000 App[1:2] Row: @self, @identity, _isExpanded changed.
                2024-05-01 10:00:00.100300+0000 App[1:2] Row: @self, @identity, _isExpanded changed.
                """),
            Example(note: "A first render of many rows: each row is new, none existed before.", """
                ContentView: _items changed.
                ListView: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                """),
            Example(note: "A lazy list creating rows while scrolling: no ancestor updated.", """
                ListView: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                """),
            Example(note: "Rows with stable ids: the update re-creates values (`@self`), not identities.", """
                TickerView: @self, @identity, _tick changed.
                Row: @self, @identity changed.
                Row: @self, @identity changed.
                TickerView: _tick changed.
                Row: @self changed.
                Row: @self changed.
                TickerView: _tick changed.
                Row: @self changed.
                Row: @self changed.
                """),
            Example(note: "Rows created while scrolling, seconds after unrelated updates: timestamps keep them apart.", """
                2024-05-01 10:00:00.000000+0000 App[1:2] ListView: @self, @identity changed.
                2024-05-01 10:00:00.001000+0000 App[1:2] Row: @self, @identity changed.
                2024-05-01 10:00:00.002000+0000 App[1:2] Row: @self, @identity changed.
                2024-05-01 10:00:01.000000+0000 App[1:2] ContentView: _title changed.
                2024-05-01 10:00:03.000000+0000 App[1:2] Row: @self, @identity changed.
                2024-05-01 10:00:04.000000+0000 App[1:2] ContentView: _title changed.
                2024-05-01 10:00:06.000000+0000 App[1:2] Row: @self, @identity changed.
                """),
            Example(note: "A row deleted, then rows appended, their disappears printed: a row added beside ones that stayed is inserted, not a reset.", """
                TodoList: @self, @identity, _todos changed.
                TodoRow: @self, @identity, _done changed.
                TodoRow: @self, @identity, _done changed.
                TodoRow onAppear
                TodoRow onAppear
                TodoList: _todos changed.
                TodoRow onDisappear
                TodoList: _todos changed.
                TodoRow: @self, @identity, _done changed.
                TodoRow onAppear
                TodoList: _todos changed.
                TodoRow: @self, @identity, _done changed.
                TodoRow onAppear
                """),
            Example(note: "Cells appended while the log printed only appears; its first disappear, later, shows that it prints them, so the cells before it replaced none.", """
                ShelfView: @self, @identity, _books changed.
                BookCell: @self, @identity, _isOpen changed.
                ShelfView onAppear
                BookCell onAppear
                ShelfView: _books changed.
                BookCell: @self, @identity, _isOpen changed.
                BookCell onAppear
                ShelfView: _books changed.
                BookCell: @self, @identity, _isOpen changed.
                BookCell onAppear
                ShelfView: _books changed.
                BookCell onDisappear
                """),
            Example(note: "Appending to a list: existing rows keep their identity, only the new one is created.", """
                ListView: @self, @identity, _items changed.
                Row: @self, @identity changed.
                ListView: _items changed.
                Row: @self changed.
                Row: @self, @identity changed.
                ListView: _items changed.
                Row: @self changed.
                Row: @self changed.
                Row: @self, @identity changed.
                """),
            Example(note: "Instance ids printed once each: a `let id = UUID()` changes with every value, not only with a new identity.", """
                Row: body [Instance: 726873F0]
                Row: body [Instance: 5CD612BF]
                Row: body [Instance: DD6A9B11]
                """),
            Example(note: "Rows rebuilt on updates (new values, same identity) that scroll out and back in: other rows appear in between, so no row was replaced in place.", """
                FeedView: _items changed.
                Row(id: 1) init
                Row(id: 1) onAppear
                FeedView: _items changed.
                Row(id: 1) init
                Row(id: 1) onDisappear
                Row(id: 3) onAppear
                Row(id: 3) onDisappear
                Row(id: 1) onAppear
                FeedView: _items changed.
                Row(id: 1) init
                Row(id: 1) onDisappear
                Row(id: 4) onAppear
                Row(id: 4) onDisappear
                Row(id: 1) onAppear
                """),
            Example(note: "A detail screen pushed again after a pop is made anew after it went off screen: a new screen, not a row replaced in place.", """
                DetailView(id: 7) init
                DetailView(id: 7) onAppear
                DetailView(id: 7) onDisappear
                DetailView(id: 7) init
                DetailView(id: 7) onAppear
                DetailView(id: 7) onDisappear
                DetailView(id: 7) init
                DetailView(id: 7) onAppear
                """),
            Example(note: "A model re-created while the old one is still alive is not a reset of its owner.", """
                PlayButton DataModel init
                PlayButton DataModel init
                PlayButton DataModel deinit
                PlayButton DataModel init
                PlayButton DataModel deinit
                PlayButton DataModel deinit
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Recreations(
            minRecreations: context.thresholds.count(minRecreations),
            maxUpdateSeconds: context.thresholds[maxUpdateSeconds],
            symbols: context.symbols
        )
    }
}
