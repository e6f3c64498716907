import TraceModel

/// SwiftUI's warning that a `NavigationLink` presents a value no `navigationDestination` handles.
public enum MissingNavigationDestinationRule: Rule {
    static let contextEvents = Threshold.count(
        "context_events", default: 3, "Events either side of a warning within which an evaluated view counts as around it.")

    public static let description = RuleDescription(
        identifier: "missing_navigation_destination",
        title: "Missing navigation destination",
        defaultSeverity: .warning,
        summary: "SwiftUI warned that a NavigationLink presents a value of a type no visible navigationDestination handles, or outside any navigation stack: the link does nothing.",
        rationale: """
            A value-based `NavigationLink(value:)` looks up a `navigationDestination(for:)` \
            for the value's type in the enclosing `NavigationStack` (or the same column of a \
            `NavigationSplitView`). When none is visible from the link, SwiftUI warns "A \
            NavigationLink is presenting a value of type ... but there is no matching \
            navigationDestination declaration visible from the location of the link. The link \
            cannot be activated." and the tap does nothing. This is the lazy navigation seed \
            004 recommends going wrong: the destination is declared inside a lazy container or \
            a child that is not on screen, or for another type (`Int` versus `Route`). A \
            value-based link with no `NavigationStack` around it at all (inside an old \
            `NavigationView`, or a sheet's content) gets "NavigationLink presenting a value \
            must appear inside a NavigationContent-based NavigationView. Link will be \
            disabled." and is disabled the same way. Its own \
            rule rather than part of the state rules: it is about where a destination is \
            declared, not about a view's lifetime.
            """,
        fix: """
            Attach `.navigationDestination(for: Type.self) { ... }` to a view that is always \
            inside the `NavigationStack` (its root content, not a lazy row), for exactly the \
            type the link presents; a value-based link needs a `NavigationStack` (or \
            `NavigationSplitView`) around it, not a `NavigationView`.
            """,
        swiftFix: [
            SwiftPair(
                note: "The links present the recipe's `id` (an `Int`), but the stack declares a destination only for `Recipe`: none matches, SwiftUI warns, and the tap does nothing. Present the type the destination is declared for.",
                before: #"""
                    import SwiftUI

                    struct Recipe: Identifiable, Hashable {
                        let id: Int
                        let name: String
                    }

                    struct RecipeDetail: View {
                        let recipe: Recipe

                        var body: some View {
                            Text(recipe.name).font(.headline)
                        }
                    }

                    struct RecipesView: View {
                        let recipes: [Recipe]

                        var body: some View {
                            NavigationStack {
                                List {
                                    ForEach(recipes) { recipe in
                                        // Presents an Int (the recipe's id): no destination handles Int, so the tap does nothing.
                                        NavigationLink(recipe.name, value: recipe.id)
                                    }
                                }
                                .navigationDestination(for: Recipe.self) { recipe in
                                    RecipeDetail(recipe: recipe)
                                }
                            }
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    struct Recipe: Identifiable, Hashable {
                        let id: Int
                        let name: String
                    }

                    struct RecipeDetail: View {
                        let recipe: Recipe

                        var body: some View {
                            Text(recipe.name).font(.headline)
                        }
                    }

                    struct RecipesView: View {
                        let recipes: [Recipe]

                        var body: some View {
                            NavigationStack {
                                List {
                                    ForEach(recipes) { recipe in
                                        // Presents a Recipe: the type the stack's destination is declared for.
                                        NavigationLink(recipe.name, value: recipe)
                                    }
                                }
                                .navigationDestination(for: Recipe.self) { recipe in
                                    RecipeDetail(recipe: recipe)
                                }
                            }
                        }
                    }
                    """#
            ),
        ],
        seed: "004 (lazy navigation destinations); SwiftUI's own runtime warnings (the real ones in fixtures/realworld/warnings)",
        thresholds: [contextEvents],
        triggeringExamples: [
            Example(note: "A link to a Route with no destination for Route: the tap is ignored.", """
                ↓RootView: @self, @identity changed.
                ↓A NavigationLink is presenting a value of type “Route” but there is no matching navigationDestination declaration visible from the location of the link. The link cannot be activated.
                Note: Links search for destinations in any surrounding NavigationStack, then within the same column of a NavigationSplitView.
                """),
            Example(note: "The same link tapped twice, from `log stream`, is one finding.", """
                ↓2024-10-06 00:31:18.068529+0900 0x13983    Fault       0x0                  5224   0    MyApp: (SwiftUI) [com.apple.SwiftUI:Invalid Configuration] A NavigationLink is presenting a value of type “Tool” but there is no matching navigationDestination declaration visible from the location of the link. The link cannot be activated.
                ↓2024-10-06 00:31:19.068529+0900 0x13983    Fault       0x0                  5224   0    MyApp: (SwiftUI) [com.apple.SwiftUI:Invalid Configuration] A NavigationLink is presenting a value of type “Tool” but there is no matching navigationDestination declaration visible from the location of the link. The link cannot be activated.
                """),
            Example(note: "A value-based link inside an old NavigationView, quoted in a bug report: the link is disabled.", """
                ↓> NavigationLink presenting a value must appear inside a NavigationContent-based NavigationView. Link will be disabled.
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Seed 004: destinations that appear when pushed.", """
                🚩 MyRootView appear
                1️⃣ FirstView init 🟢
                ---------1️⃣ FirstView appear-------
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Gather(reach: context.thresholds.count(contextEvents))
    }

    /// The warnings grouped by which warning and the value type the link presents.
    final class Gather: Detector {
        @exclusivity(unchecked) private var neighbours: WarningNeighbours
        @exclusivity(unchecked) private var groups: [Key: (lines: [Int], slots: [Int])] = [:]
        @exclusivity(unchecked) private var order: [Key] = []

        private struct Key: Hashable {
            let identifier: SwiftUIWarning.Identifier
            let type: Symbol?
        }

        init(reach: Int) {
            neighbours = WarningNeighbours(reach: reach)
        }

        func observe(_ event: LifecycleEvent) {
            neighbours.advance(event)
            guard let warning = event.warning,
                  warning.identifier == .missingNavigationDestination || warning.identifier == .navigationLinkOutsideStack else { return }
            let key = Key(identifier: warning.identifier, type: warning.type)
            if groups[key] == nil { order.append(key) }
            groups[key, default: ([], [])].lines.append(event.line)
            groups[key]!.slots.append(neighbours.record())
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            let symbols = subjects.symbols
            return order.map { key in
                let group = groups[key]!
                let count = group.lines.count
                let times = count == 1 ? "once" : "\(count) times"
                var message: String
                if key.identifier == .navigationLinkOutsideStack {
                    message = "A value-based NavigationLink was used outside a NavigationStack (SwiftUI warned \(times): "
                        + "\"must appear inside a NavigationContent-based NavigationView\"): the link is disabled"
                } else {
                    let type = key.type.map { symbols[$0] } ?? "a value"
                    message = "A NavigationLink presented \(type) \(times), but no "
                        + "navigationDestination(for: \(key.type.map { symbols[$0] } ?? "…").self) is visible from it: the link cannot be activated"
                }
                let views = neighbours.views(of: group.slots)
                if let around = WarningNeighbours.phrase(views, symbols, total: count) {
                    message += "; views evaluated around it: \(around)"
                }
                message += "."
                return Violation(
                    view: views.first.map { symbols[$0.view] } ?? key.type.map { symbols[$0] },
                    message: message,
                    count: count,
                    lines: group.lines + neighbours.lines(of: group.slots)
                )
            }
        }
    }
}
