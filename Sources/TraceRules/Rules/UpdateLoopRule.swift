import TraceModel

/// SwiftUI's own warnings that an update fed itself: a publish or state change while views were
/// being updated, an `onChange` or preference that fired several times in one frame, a cycle
/// in the attribute graph.
public enum UpdateLoopRule: Rule {
    static let minRepeats = Threshold.count(
        "min_repeats", default: 2, "Warnings of one kind (and type) that make the finding an error; fewer report it one severity lower.")
    static let contextEvents = Threshold.count(
        "context_events", default: 3, "Events either side of a warning within which an evaluated view counts as around it.")

    public static let description = RuleDescription(
        identifier: "update_loop",
        title: "Update loop",
        defaultSeverity: .error,
        summary: "SwiftUI warned that an update fed itself: state or a published object changed while views updated, an onChange or preference fired several times per frame, or the attribute graph found a cycle.",
        rationale: """
            SwiftUI computes bodies from state; changing state while it does so (`@Published` \
            set from a body, an initializer or a view's `init`, `@State` written in `body`) \
            schedules another update from inside the current one. SwiftUI says so itself \
            ("Publishing changes from within view updates is not allowed", "Modifying state \
            during view update"), and when an `onChange` action or a bound preference keeps \
            changing what it observes within one frame, it stops and warns ("tried to update \
            multiple times per frame"); "AttributeGraph: cycle detected" is the graph finding \
            a value that depends on itself. Each means wasted bodies at best and a frozen or \
            flickering screen at worst. The rule gathers these warnings by kind and type and \
            names the views whose body lines sit next to them: the view evaluated just before \
            a warning is usually the one whose body (or whose child's init) changed state. \
            Printed again and again it is an error; printed once, a warning.
            """,
        fix: """
            Move the change out of the update: into an action (`Button`, `.task`, `.onChange`, \
            `.onReceive`), or defer it (`Task { @MainActor in ... }`); never assign to state or \
            `@Published` properties in `body` or in a view's `init`. For an `onChange` or \
            preference that fires repeatedly, make the value settle: round geometry, compare \
            before assigning, or stop writing back what the closure observes.
            """,
        swiftFix: [
            SwiftPair(
                note: "`.onChange(of: note)` observes the whole note and its action writes to the note, so every stamp is a new change that runs the action again: SwiftUI warns that the action tried to update multiple times per frame. Observe only the text, which the action does not write.",
                before: #"""
                    import Foundation
                    import SwiftUI

                    struct Note: Equatable {
                        var text = ""
                        var editedAt = Date.distantPast
                    }

                    struct NoteEditor: View {
                        @State private var note = Note()

                        var body: some View {
                            VStack {
                                TextField("Note", text: $note.text)
                                Text("Edited \(note.editedAt)")
                            }
                            // Observes the whole note and writes to it: each stamp changes `note`, which runs the action again.
                            .onChange(of: note) {
                                note.editedAt = Date()
                            }
                        }
                    }
                    """#,
                after: #"""
                    import Foundation
                    import SwiftUI

                    struct Note: Equatable {
                        var text = ""
                        var editedAt = Date.distantPast
                    }

                    struct NoteEditor: View {
                        @State private var note = Note()

                        var body: some View {
                            VStack {
                                TextField("Note", text: $note.text)
                                Text("Edited \(note.editedAt)")
                            }
                            // Observes only the text, which the stamp does not change: one run per edit.
                            .onChange(of: note.text) {
                                note.editedAt = Date()
                            }
                        }
                    }
                    """#
            ),
        ],
        seed: "SwiftUI's own runtime warnings (the real ones in fixtures/realworld/warnings); 002 (when bodies run)",
        thresholds: [minRepeats, contextEvents],
        triggeringExamples: [
            Example(note: "A model published from ContentView's body on every update: the warning between its body lines, again and again.", """
                ↓ContentView: @self, @identity, _model changed.
                ↓Publishing changes from within view updates is not allowed, this will cause undefined behavior.
                ↓ContentView: _model changed.
                ↓Publishing changes from within view updates is not allowed, this will cause undefined behavior.
                ↓ContentView: _model changed.
                """),
            Example(note: "Once, in Xcode's console: a warning rather than an error.", """
                2022-05-30 10:15:07.466884+0100 TicTacToe[27079:549918] LoginView init
                ↓2022-05-30 10:15:07.466884+0100 TicTacToe[27079:549918] [SwiftUI] Modifying state during view update, this will cause undefined behavior.
                """),
            Example(note: "A geometry value that never settles, from `log stream`: the view before it is the suspect.", """
                ↓2024-10-06 00:31:18.068529+0900 0x13983    Info        0x0                  5224   0    MyApp: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] CarouselStack: _offset changed.
                ↓2024-10-06 00:31:18.070001+0900 0x13983    Fault       0x0                  5224   0    MyApp: (SwiftUI) [com.apple.SwiftUI:Invalid Configuration] onChange(of: CGFloat) action tried to update multiple times per frame.
                ↓2024-10-06 00:31:18.080001+0900 0x13983    Fault       0x0                  5224   0    MyApp: (SwiftUI) [com.apple.SwiftUI:Invalid Configuration] onChange(of: CGFloat) action tried to update multiple times per frame.
                """),
            Example(note: "Attribute-graph cycles alone, with nothing else in the log.", """
                ↓=== AttributeGraph: cycle detected through attribute 278848 ===
                ↓=== AttributeGraph: cycle detected through attribute 278848 ===
                """),
            Example(note: "Xcode's runtime issue names the file; a body line far from the warning is not named.", """
                FeedView: @self changed.
                load feed
                PostRow init
                PostRow init
                PostRow init
                PostRow init
                ↓/SourcePackages/checkouts/SDWebImageSwiftUI/SDWebImageSwiftUI/Classes/ImageManager.swift:63: warning run: Publishing changes from within view updates is not allowed, this will cause undefined behavior.
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "A healthy update: bodies re-run for their own state, SwiftUI says nothing.", """
                ContentView: @self, @identity, _count changed.
                CountText: @self, @identity changed.
                ContentView: _count changed.
                CountText: @self changed.
                """),
            Example(note: "A publish from a background thread is another warning (a threading bug, not a loop): it stays text.", """
                Publishing changes from background threads is not allowed; make sure to publish values from the main thread (via operators like receive(on:)) on model updates.
                """),
            Example(note: "Duplicate ForEach IDs are duplicate_identity's.", """
                ForEach<Array<Item>, String, ItemRow>: the ID abc occurs multiple times within the collection, this will give undefined results!
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Gather(minRepeats: context.thresholds.count(minRepeats), reach: context.thresholds.count(contextEvents))
    }

    /// Warnings grouped by identifier and type, each with the views around it.
    final class Gather: Detector {
        private let minRepeats: Int
        @exclusivity(unchecked) private var neighbours: WarningNeighbours
        @exclusivity(unchecked) private var groups: [Key: Group] = [:]
        @exclusivity(unchecked) private var order: [Key] = []

        private struct Key: Hashable {
            let identifier: SwiftUIWarning.Identifier
            let type: Symbol?
        }

        private struct Group {
            var lines: [Int] = []
            var slots: [Int] = []
            var attributes: [Int] = []
        }

        init(minRepeats: Int, reach: Int) {
            self.minRepeats = minRepeats
            self.neighbours = WarningNeighbours(reach: reach)
        }

        func observe(_ event: LifecycleEvent) {
            neighbours.advance(event)
            guard let warning = event.warning else { return }
            switch warning.identifier {
            case .publishDuringUpdate, .stateModifiedDuringUpdate, .updateMultipleTimesPerFrame, .attributeGraphCycle:
                let key = Key(identifier: warning.identifier, type: warning.type)
                if groups[key] == nil { order.append(key) }
                groups[key, default: Group()].lines.append(event.line)
                groups[key]!.slots.append(neighbours.record())
                if let attribute = warning.attribute { groups[key]!.attributes.append(attribute) }
            default:
                break
            }
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            order.map { key in
                let group = groups[key]!
                let count = group.lines.count
                let views = neighbours.views(of: group.slots)
                let type = key.type.map { subjects.symbols[$0] }
                var message = "SwiftUI warned \(count == 1 ? "once" : "\(count) times") that \(Self.what(key.identifier, type: type, attributes: group.attributes))"
                if let around = WarningNeighbours.phrase(views, subjects.symbols, total: count) {
                    message += "; views evaluated around it: \(around)"
                }
                message += "."
                return Violation(
                    view: views.first.map { subjects.symbols[$0.view] },
                    message: message,
                    count: count,
                    lines: group.lines + neighbours.lines(of: group.slots),
                    weight: count < minRepeats ? .lowered : .full
                )
            }
        }

        private static func what(_ identifier: SwiftUIWarning.Identifier, type: String?, attributes: [Int]) -> String {
            switch identifier {
            case .publishDuringUpdate:
                return "an observable object published changes while views were being updated (\"Publishing changes from within view updates\")"
            case .stateModifiedDuringUpdate:
                return "state was modified while views were being updated (\"Modifying state during view update\")"
            case .updateMultipleTimesPerFrame:
                // The stored type alone does not say which of SwiftUI's texts named it (`onChange(of:
                // UUID)`, `Bound preference SizeKey`, `Update NavigationAuthority`): name it as
                // printed and say what it can be, rather than call an observer a preference.
                return type.map { "\($0) (an onChange(of:) value, a bound preference or a SwiftUI observer) tried to update multiple times per frame" }
                    ?? "an onChange, preference or SwiftUI observer tried to update multiple times per frame"
            case .attributeGraphCycle:
                let distinct = Array(Set(attributes)).sorted()
                let through = distinct.isEmpty ? "" : " (through attribute\(distinct.count == 1 ? "" : "s") \(distinct.prefix(5).map(String.init).joined(separator: ", "))\(distinct.count > 5 ? ", ..." : ""))"
                return "the attribute graph found a cycle\(through): a value that depends on itself"
            default:
                return identifier.rawValue
            }
        }
    }
}
