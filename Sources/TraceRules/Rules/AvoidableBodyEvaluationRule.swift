/// A child's body re-runs on its parent's updates though nothing it reads changed.
public enum AvoidableBodyEvaluationRule: Rule {
    static let minAvoidable = Threshold.count(
        "min_avoidable", default: 3,
        "Avoidable evaluations of one view (`X: unchanged.` right after another view's evaluation) that make a finding.")

    public static let description = RuleDescription(
        identifier: "avoidable_body_evaluation",
        title: "Avoidable body evaluation",
        defaultSeverity: .warning,
        summary: "A view's body runs right after another view's update though nothing it reads changed (`X: unchanged.`): the evaluation was avoidable.",
        rationale: """
            SwiftUI evaluates a body when the view gets an identity, when something it reads \
            changes (`@State`, an observed object, the environment, an Observation dependency), \
            or when its parent makes a value of it that differs (`@self`). `_printChanges()` \
            prints `unchanged` when the body ran though none of that happened: the work, and \
            that of the subtree below, was thrown away. Like why-did-you-render, trace-analyze \
            gives every body evaluation a verdict (expected, avoidable, unknown; `views` and \
            `why` show them) and reports the avoidable ones. This rule flags a view evaluated \
            `unchanged` right after another view's evaluation (its parent's update dragged it \
            along) `min_avoidable` times. An `unchanged` line after the view's own evaluation, \
            with no other view updating before it (a test harness inspecting the view), says \
            nothing about the parent and is left to `views`. A line the log counts \
            (`Row: unchanged. (×4)`) counts as that many. With `check --evaluations all` (or \
            `"evaluations": "all"`) every evaluation a parent's update dragged along counts, \
            a new value (`@self` alone) or a body print naming nothing too (not a new identity \
            or a change of its own); a view with fewer than `min_avoidable` avoidable ones is \
            then reported as info.
            """,
        fix: """
            Find what the parent passes or shares that the child does not read: an \
            `@ObservedObject` or `@EnvironmentObject` the child holds only to pass on, an \
            environment value set on the whole subtree, a closure or non-equatable value. Pass \
            only the values the child shows, split the object so the child observes only its \
            part (`@Observable` tracks per property), or make the child `Equatable` comparing \
            what its body reads and use `.equatable()`.
            """,
        swiftFix: [
            SwiftPair(
                note: "`ShelfHeader` observes the whole `LibraryModel` to show one number, so every change to the model (here the favorites filter) re-runs its body. Given the count as a value, it is skipped while the count stays the same.",
                before: #"""
                    import SwiftUI

                    @MainActor final class LibraryModel: ObservableObject {
                        @Published var books: [String] = ["Dune", "Emma", "Ulysses"]
                        @Published var showsFavoritesOnly = false
                    }

                    struct LibraryView: View {
                        @StateObject private var library = LibraryModel()

                        var body: some View {
                            VStack {
                                ShelfHeader(library: library)
                                Button(library.showsFavoritesOnly ? "Show all" : "Show favorites") {
                                    library.showsFavoritesOnly.toggle()
                                }
                            }
                        }
                    }

                    /// Observes the whole model to show one number: every change to it re-runs this body.
                    struct ShelfHeader: View {
                        @ObservedObject var library: LibraryModel

                        var body: some View {
                            Text("\(library.books.count) books")
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    @MainActor final class LibraryModel: ObservableObject {
                        @Published var books: [String] = ["Dune", "Emma", "Ulysses"]
                        @Published var showsFavoritesOnly = false
                    }

                    struct LibraryView: View {
                        @StateObject private var library = LibraryModel()

                        var body: some View {
                            VStack {
                                ShelfHeader(bookCount: library.books.count)
                                Button(library.showsFavoritesOnly ? "Show all" : "Show favorites") {
                                    library.showsFavoritesOnly.toggle()
                                }
                            }
                        }
                    }

                    /// Takes the one value it shows: while the count is the same, SwiftUI skips this body.
                    struct ShelfHeader: View {
                        let bookCount: Int

                        var body: some View {
                            Text("\(bookCount) books")
                        }
                    }
                    """#
            ),
        ],
        seed: "003 (SwiftUI re-evaluates a body only for a changed dynamic property or a changed value; otherwise the work is avoidable); 000 (keep subviews' inputs small)",
        thresholds: [minAvoidable],
        triggeringExamples: [
            Example(note: "A child holds the list's model but reads none of it: each update of the list drags it along, `unchanged`.", """
                ListView: @self, @identity, _items changed.
                Footer: @self, @identity changed.
                ListView: _items changed.
                ↓Footer: unchanged.
                ListView: _items changed.
                ↓Footer: unchanged.
                ListView: _items changed.
                ↓Footer: unchanged.
                """),
            Example(note: "Developer prints for the parent; a counted line is three evaluations.", """
                Parent body
                ↓Badge: unchanged. (×3)
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "A healthy child: it re-runs only when its own input changes.", """
                ListView: @self, @identity, _items changed.
                Footer: @self, @identity changed.
                ListView: _items changed.
                Footer: @self changed.
                ListView: _items changed.
                Footer: @self changed.
                ListView: _items changed.
                Footer: @self changed.
                """),
            Example(note: "A real log (a ViewInspector test): the view's own `unchanged` lines follow nothing else's update.", """
                ContentModel: @self, @identity, _sheetShown, _counter changed.
                ContentModel: unchanged.
                ContentModel: unchanged.
                ContentModel: _counter changed.
                ContentModel: unchanged.
                ContentModel: unchanged.
                Sheet: @self changed.
                """),
            Example(note: "Two avoidable evaluations are below the default of three.", """
                ListView: _items changed.
                Footer: unchanged.
                ListView: _items changed.
                Footer: unchanged.
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Tally(context)
    }

    /// Per view: its evaluations, the avoidable ones after another view's update, and whose.
    final class Tally: Detector {
        /// Evidence cited per view: the first avoidable lines, then the last.
        static let maxCited = 10

        /// What a view's counted evaluations showed: made on its first, so the per-event path
        /// touches only the flat counters below.
        private struct Counted {
            /// Evaluations counted (in `all`, every one after another view's update).
            var counted = 0
            var avoidable = 0
            var lines: [Int] = []
            var lastLine = 0
            /// How often each view's update came right before a counted evaluation.
            var after: [Int: Int] = [:]
        }

        private let minAvoidable: Int
        private let scope: EvaluationScope
        /// Per view symbol, its evaluations (0 for a view not met yet).
        @exclusivity(unchecked) private var evaluations: [Int] = []
        /// Per view symbol with a counted evaluation.
        @exclusivity(unchecked) private var views: [Int: Counted] = [:]
        @exclusivity(unchecked) private var order: [Symbol] = []
        /// The view of the body line right before, with no other line between.
        @exclusivity(unchecked) private var previous: Symbol?
        /// The last view in this stretch of body lines that changed on its own (or printed a
        /// body with no tokens): the update's root, which `@self` siblings do not replace.
        @exclusivity(unchecked) private var root: Symbol?
        /// Whose update the last original (not implied) line counted in, and whether it was
        /// avoidable: its repeats count alike.
        @exclusivity(unchecked) private var lastCounted: (parent: Int, avoidable: Bool)?

        init(_ context: RuleContext) {
            minAvoidable = context.thresholds.count(AvoidableBodyEvaluationRule.minAvoidable)
            scope = context.evaluations
        }

        func observe(_ event: LifecycleEvent) {
            if event.followsText { previous = nil; root = nil }
            guard event.kind == .body, let view = event.view else {
                // An init belongs to the parent's body run (it made the child anew); anything
                // else ends it.
                if event.kind != .`init` { previous = nil; root = nil }
                lastCounted = nil
                return
            }
            let index = view.index
            evaluations.grow(toInclude: index, with: 0)
            evaluations[index] += 1
            let verdict = Verdict.of(event)
            let counted: (parent: Int, avoidable: Bool)?
            if event.implied {
                counted = lastCounted
            } else if let previous, previous != view,
                      verdict == .avoidable || scope == .all && !event.newIdentity && (onlyNewValue(event) || !event.isPrintChanges) {
                // In `all`, what the parent's update dragged along: a new value (`@self` alone) or
                // a body print naming nothing; a change of its own was not the parent's doing.
                counted = ((root != view ? root : nil)?.index ?? previous.index, verdict == .avoidable)
            } else {
                counted = nil
            }
            // As the update tracker picks a parent: the stretch's first line, or a line that
            // changed on its own (a property of its own, or a body print naming nothing).
            let ownChange = !event.newIdentity && (event.isPrintChanges ? verdict == .expected && !onlyNewValue(event) : true)
            if !event.implied, previous == nil || ownChange, verdict != .avoidable {
                root = view
            }
            if !event.implied { lastCounted = counted }
            if let (parent, avoidable) = counted {
                if views[index] == nil { order.append(view) }
                views[index, default: Counted()].counted += 1
                if avoidable { views[index]!.avoidable += 1 }
                views[index]!.after[parent, default: 0] += 1
                if views[index]!.lines.count < Self.maxCited - 1 { views[index]!.lines.append(event.line) }
                views[index]!.lastLine = event.line
            }
            if !event.implied { previous = view }
        }

        /// `@self` is the line's only token: a new value from the parent, not a change of its own.
        @inline(__always) private func onlyNewValue(_ event: LifecycleEvent) -> Bool {
            event.newValue && event.tokens.count == 1
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            let symbols = subjects.symbols
            return order.compactMap { symbol in
                let state = views[symbol.index]!
                let total = evaluations[symbol.index]
                let enough = state.avoidable >= minAvoidable
                guard enough || scope == .all && state.counted >= minAvoidable else { return nil }
                let view = symbols[symbol]
                // The view whose updates dragged it along most often; ties go to the lower symbol
                // (the one met first), so the wording does not depend on dictionary order.
                let parent = state.after.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }!
                let parentName = symbols[symbols.symbol(at: parent.key)]
                let others = state.after.count > 1 ? " (and of \(state.after.count - 1) other view\(state.after.count == 2 ? "" : "s"))" : ""
                if scope == .all {
                    // Every evaluation considered: expected ones count, but alone make only a hint.
                    return Violation(
                        view: view,
                        message: "\(view)'s body ran \(state.counted) times in updates of \(parentName)\(others): "
                            + "\(state.avoidable) though nothing it reads changed (`unchanged`), \(state.counted - state.avoidable) "
                            + "with a new value from the parent or no cause printed; \(state.avoidable) of its "
                            + "\(total) evaluations avoidable.",
                        count: state.counted, lines: state.lines + [state.lastLine], weight: enough ? .full : .hint
                    )
                }
                return Violation(
                    view: view,
                    message: "\(view)'s body ran \(state.avoidable) times in updates of \(parentName)\(others) "
                        + "though nothing it reads changed (`unchanged`): \(state.avoidable) of its \(total) "
                        + "evaluations avoidable. The parent passes or shares something the view holds but does not read.",
                    count: state.avoidable,
                    lines: state.lines + [state.lastLine]
                )
            }
        }
    }
}
