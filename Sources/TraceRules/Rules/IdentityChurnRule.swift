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
        summary: "A view gets a new identity again and again while an ancestor that kept its own merely updated, so its @State resets each time.",
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
            is the same reset seen from a state model's lifecycle prints.
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
        ],
        nonTriggeringExamples: [
            Example(note: "Seed 001 toggled once: one reset is below the default threshold.", """
                ContentView: @self, @identity, _showPlayButton changed.
                PlayButton: @self, @identity, _isPlaying changed.
                PlayButton: _isPlaying changed.
                ContentView: _showPlayButton changed.
                ContentView: _showPlayButton changed.
                PlayButton: @self, @identity, _isPlaying changed.
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

    public static func check(_ context: RuleContext) throws -> [Violation] {
        let minimum = context.thresholds.count(minRecreations)
        let views = try Self.recreatedViews(context)
        var violations: [Violation] = []
        for view in views where view.updates.count >= minimum {
            let state = view.updates.flatMap(\.state).uniqued()
            let roots = view.updates.map(\.root).uniqued().joined(separator: ", ")
            let created = view.updates.reduce(0) { $0 + $1.lines.count }
            var message = "\(view.name) was created anew in \(counted(view.updates.count, "update")) of \(roots) "
            message += "(\(counted(created, "new identity", plural: "new identities"))) after it already existed; "
            message += state.isEmpty
                ? "SwiftUI rebuilt it and its subtree each time."
                : "its state (\(state.joined(separator: ", "))) reset each time."
            violations.append(Violation(
                view: view.name, message: message, count: view.updates.count,
                lines: view.updates.flatMap { [$0.rootLine] + $0.lines }
            ))
        }
        let flagged = Set(violations.compactMap(\.view))
        for model in try Self.recreatedModels(context)
        where model.cycles.count >= minimum && !flagged.contains(model.owner) {
            violations.append(Violation(
                view: model.owner,
                message: "\(model.owner)'s \(model.model) was released and created anew \(counted(model.cycles.count, "time")) "
                    + "(init → deinit → init): the state it held reset each time.",
                count: model.cycles.count,
                lines: model.cycles.flatMap { [$0.deinitLine, $0.initLine] }
            ))
        }
        return violations
    }
}
