import TraceModel

/// SwiftUI's warning that a `@StateObject`, `@State` or `@Environment` was read before SwiftUI
/// installed it on a view: each read makes a new model, or a constant that never updates.
///
/// The warnings share this rule (rather than `state_outside_view` having its own) because they
/// are one mistake with one fix: a dynamic property read outside the view's installed life,
/// usually in the view's own `init` or from an object that holds a view value.
public enum StateObjectOutsideViewRule: Rule {
    static let contextEvents = Threshold.count(
        "context_events", default: 3, "Events either side of a warning within which a view's body or init counts as around it.")

    public static let description = RuleDescription(
        identifier: "state_object_outside_view",
        title: "State object outside a view",
        defaultSeverity: .warning,
        summary: "SwiftUI warned that a @StateObject, @State or @Environment was read before it was installed on a view: a new model each time, or a constant that never updates.",
        rationale: """
            `@StateObject` and `@State` get their storage when SwiftUI installs the view in the \
            hierarchy, just before its first body. Read earlier (in the view's `init`, or by \
            code that keeps a view value and reads its properties), a `@StateObject` has no \
            storage to return: SwiftUI builds a new instance for that read ("Accessing \
            StateObject's object without being installed on a View. This will create a new \
            instance each time."), so work done in the model's `init` runs again and what the \
            read set is lost; `@State` returns its initial value and a binding to it is a \
            constant ("Accessing State's value outside of being installed on a View"); \
            `@Environment` reads its default value and never updates ("Accessing \
            Environment<Bool>'s value outside of being installed on a View"). The \
            extra models show in the log as more `Model init` lines than views (see \
            `state_model_reinit`); the rule names the views and inits next to the warning.
            """,
        fix: """
            Do not read `@StateObject`, `@State` or `@Environment` in a view's `init`: initialise them with \
            `_model = StateObject(wrappedValue: Model(...))` and use them from `body`, `.task` \
            or `.onAppear`. Pass data down as plain values or bindings, and keep models in \
            objects rather than reading them through view values.
            """,
        swiftFix: [
            SwiftPair(
                note: "The init calls the `@StateObject` before SwiftUI installs the view: SwiftUI warns and builds a new `ReaderModel` for that read, so the page it opens is lost. Do the work once the view is installed: `.task(id: bookID)` runs with the view's own model, and again when the book changes.",
                before: #"""
                    import SwiftUI

                    @MainActor final class ReaderModel: ObservableObject {
                        @Published var page = 1

                        func open(bookID: Int) {
                            page = 1 + bookID % 300
                        }
                    }

                    struct ReaderView: View {
                        let bookID: Int
                        @StateObject private var reader = ReaderModel()

                        init(bookID: Int) {
                            self.bookID = bookID
                            // Read before SwiftUI installs the view: this builds a throwaway ReaderModel, and the page it sets is lost.
                            reader.open(bookID: bookID)
                        }

                        var body: some View {
                            Text("Page \(reader.page)")
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    @MainActor final class ReaderModel: ObservableObject {
                        @Published var page = 1

                        func open(bookID: Int) {
                            page = 1 + bookID % 300
                        }
                    }

                    struct ReaderView: View {
                        let bookID: Int
                        @StateObject private var reader = ReaderModel()

                        var body: some View {
                            Text("Page \(reader.page)")
                                // Installed by now: this is the view's own ReaderModel.
                                .task(id: bookID) { reader.open(bookID: bookID) }
                        }
                    }
                    """#
            ),
        ],
        seed: "SwiftUI's own runtime warnings (the real ones in fixtures/realworld/warnings); 001 (state storage and identity)",
        thresholds: [contextEvents],
        triggeringExamples: [
            Example(note: "The view's init reads its @StateObject: a new model is made for the read.", """
                ↓ProfileView init
                ↓Accessing StateObject<ProfileModel>'s object without being installed on a View. This will create a new instance each time.
                ↓ProfileModel init
                """),
            Example(note: "@State read outside a view, in Xcode's console: the binding is a constant.", """
                ↓2023-03-01 09:00:00.000000+0100 App[10:20] [SwiftUI] Accessing State's value outside of being installed on a View. This will result in a constant Binding of the initial value and will not update.
                ↓2023-03-01 09:00:00.000100+0100 App[10:20] [SwiftUI] Accessing State's value outside of being installed on a View. This will result in a constant Binding of the initial value and will not update.
                """),
            Example(note: "An @Environment read outside a view (in a view's init): it always reads the default value.", """
                ↓Accessing Environment<Bool>'s value outside of being installed on a View. This will always read the default value and will not update.
                """),
            Example(note: "An Xcode runtime issue line from a dependency-injection library.", """
                ↓/Users/me/Library/Developer/Xcode/DerivedData/App/SourcePackages/checkouts/Factory/Sources/FactoryKit/FactoryKit/Injections.swift:381 Accessing StateObject<GymOccupancyViewModel>'s object without being installed on a View. This will create a new instance each time.
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "A @StateObject made once and kept: its model inits once, SwiftUI says nothing.", """
                ProfileView init
                ProfileModel init
                ProfileView: @self, @identity, _model changed.
                ProfileView init
                ProfileView: @self changed.
                """),
            Example(note: "SwiftUI's update warnings are update_loop's.", """
                Modifying state during view update, this will cause undefined behavior.
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Gather(reach: context.thresholds.count(contextEvents))
    }

    /// The warnings grouped by which wrapper and type.
    final class Gather: Detector {
        @exclusivity(unchecked) private var neighbours: WarningNeighbours
        @exclusivity(unchecked) private var groups: [Key: (lines: [Int], slots: [Int])] = [:]
        @exclusivity(unchecked) private var order: [Key] = []

        private struct Key: Hashable {
            let identifier: SwiftUIWarning.Identifier
            let type: Symbol?
        }

        init(reach: Int) {
            neighbours = WarningNeighbours(reach: reach, kinds: [.body, .`init`])
        }

        func observe(_ event: LifecycleEvent) {
            neighbours.advance(event)
            guard let warning = event.warning,
                  warning.identifier == .stateObjectOutsideView || warning.identifier == .stateOutsideView
                  || warning.identifier == .environmentOutsideView else { return }
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
                let type = key.type.map { symbols[$0] }
                let times = count == 1 ? "once" : "\(count) times"
                var message: String
                switch key.identifier {
                case .stateObjectOutsideView:
                    message = "SwiftUI warned \(times) that a @StateObject\(type.map { "<\($0)>" } ?? "") was read before it was installed on a view: "
                        + "each such read creates a new \(type ?? "model") and throws it away"
                case .environmentOutsideView:
                    message = "SwiftUI warned \(times) that an @Environment\(type.map { "<\($0)>" } ?? "") value was read outside a view installed in the hierarchy: "
                        + "it always reads the default value and never updates"
                default:
                    message = "SwiftUI warned \(times) that a @State\(type.map { "<\($0)>" } ?? "") value was read outside a view installed in the hierarchy: "
                        + "it reads as its initial value and a binding to it never updates"
                }
                let views = neighbours.views(of: group.slots)
                if let around = WarningNeighbours.phrase(views, symbols, total: count) {
                    message += "; views and models around it: \(around)"
                }
                message += "."
                // Only a @StateObject's type is a model worth naming when no view sits next to
                // the warning: a @State or @Environment type is a value (`Bool`), not a subject.
                return Violation(
                    view: views.first.map { symbols[$0.view] } ?? (key.identifier == .stateObjectOutsideView ? type : nil),
                    message: message,
                    count: count,
                    lines: group.lines + neighbours.lines(of: group.slots)
                )
            }
        }
    }
}
