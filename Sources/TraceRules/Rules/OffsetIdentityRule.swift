import TraceModel

/// SwiftUI's warning that a `ForEach` without IDs saw its data change count: its rows are keyed
/// by their offset.
public enum OffsetIdentityRule: Rule {
    public static let description = RuleDescription(
        identifier: "offset_identity",
        title: "Rows keyed by offset",
        defaultSeverity: .warning,
        summary: "SwiftUI warned that a ForEach without IDs saw its data change count, so its rows are identified by their offset and take each other's identity when the data changes.",
        rationale: """
            `ForEach(_:content:)` over a range or over data that is not `Identifiable` promises \
            constant data: each row is identified by its offset. When the count changes SwiftUI \
            says `ForEach<…> count (N) != its initial count (M). ForEach(_:content:) should only \
            be used for *constant* data`, and a row inserted at the top gives its offset, and so \
            every later row's state, animation and transition, to its neighbour. No ID is \
            repeated here, so this is not `duplicate_identity`: the rows have no IDs at all. The \
            rule groups the warnings by collection, names the element and row types from the \
            `ForEach<Data, ID, Content>` type SwiftUI printed, and the views evaluated around it.
            """,
        fix: "Give the elements stable IDs: make them `Identifiable`, or use `ForEach(_:id:content:)` with a property that stays with the element (not `\\.self` over indices).",
        swiftFix: [
            SwiftPair(
                note: "`ForEach(0..<reminders.count)` identifies rows by their offset in a range SwiftUI expects to stay constant; adding a reminder changes the count (SwiftUI warns) and a row's state (`isExpanded`) no longer follows its reminder. `Identifiable` reminders, each with an id made when the reminder is, keep every row's identity with its reminder.",
                before: #"""
                    import SwiftUI

                    struct Reminder {
                        var title: String
                        var isDone = false
                    }

                    struct RemindersView: View {
                        @State private var reminders = [Reminder(title: "Renew passport"), Reminder(title: "Call the dentist")]

                        var body: some View {
                            VStack {
                                Button("Add reminder") {
                                    reminders.insert(Reminder(title: "New reminder"), at: 0)
                                }
                                List {
                                    // Rows identified by their offset: an insert at the top hands each row's state to its neighbour.
                                    ForEach(0..<reminders.count) { index in
                                        ReminderRow(reminder: reminders[index])
                                    }
                                }
                            }
                        }
                    }

                    struct ReminderRow: View {
                        let reminder: Reminder
                        @State private var isExpanded = false

                        var body: some View {
                            Button(reminder.title) { isExpanded.toggle() }
                        }
                    }
                    """#,
                after: #"""
                    import Foundation
                    import SwiftUI

                    /// Its id is made once, when the reminder is, and stays with it as rows move.
                    struct Reminder: Identifiable {
                        let id = UUID()
                        var title: String
                        var isDone = false
                    }

                    struct RemindersView: View {
                        @State private var reminders = [Reminder(title: "Renew passport"), Reminder(title: "Call the dentist")]

                        var body: some View {
                            VStack {
                                Button("Add reminder") {
                                    reminders.insert(Reminder(title: "New reminder"), at: 0)
                                }
                                List {
                                    ForEach(reminders) { reminder in
                                        ReminderRow(reminder: reminder)
                                    }
                                }
                            }
                        }
                    }

                    struct ReminderRow: View {
                        let reminder: Reminder
                        @State private var isExpanded = false

                        var body: some View {
                            Button(reminder.title) { isExpanded.toggle() }
                        }
                    }
                    """#,
                lintRules: ["unstable_foreach_id"]
            ),
        ],
        seed: "SwiftUI's own runtime warnings (the real ones in fixtures/realworld/warnings); 001 (identity and state)",
        thresholds: [DuplicateIdentityRule.contextEvents],
        triggeringExamples: [
            Example(note: "A `ForEach(_:content:)` over data whose count changed, pasted into notes as a quote: rows are identified by their offset; the view evaluated next to it is cited too.", """
                ↓ItemList: _items changed.
                ↓> ForEach<Array<Item>, Int, ItemRow> count (6) != its initial count (0). `ForEach(_:content:)` should only be used for *constant* data. Instead conform data to `Identifiable` or use `ForEach(_:id:content:)` and provide an explicit `id`!
                """),
            Example(note: "A range that grew, twice.", """
                ↓ForEach<Range<Int>, Int, ModifiedContent<Color, _FrameLayout>> count (19) != its initial count (1). `ForEach(_:content:)` should only be used for *constant* data. Instead conform data to `Identifiable` or use `ForEach(_:id:content:)` and provide an explicit `id`!
                ↓ForEach<Range<Int>, Int, ModifiedContent<Color, _FrameLayout>> count (20) != its initial count (1). `ForEach(_:content:)` should only be used for *constant* data. Instead conform data to `Identifiable` or use `ForEach(_:id:content:)` and provide an explicit `id`!
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "A repeated ID is `duplicate_identity`'s.", """
                ForEach<Array<Float>, Float, BarView>: the ID -47.630486 occurs multiple times within the collection, this will give undefined results!
                """),
            Example(note: "A developer's own line about a count is not SwiftUI's warning.", """
                ForEach count 6 != 0 in my list
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Gather(reach: context.thresholds.count(DuplicateIdentityRule.contextEvents))
    }

    /// Count-changed warnings grouped by the collection type that printed them.
    final class Gather: Detector {
        @exclusivity(unchecked) private var neighbours: WarningNeighbours
        @exclusivity(unchecked) private var warnings = WarningGroups()

        init(reach: Int) {
            neighbours = WarningNeighbours(reach: reach)
        }

        func observe(_ event: LifecycleEvent) {
            neighbours.advance(event)
            guard let warning = event.warning, warning.identifier == .forEachCountChanged, let type = warning.type else { return }
            warnings.add(type: type, line: event.line, slot: neighbours.record())
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            warnings.groups.map { violation(of: $0, symbols: subjects.symbols) }
        }

        private func violation(of group: WarningGroups.Group, symbols: SymbolTable) -> Violation {
            let type = symbols[group.type]
            let parts = DuplicateIdentityRule.CollectionType(type)
            let warnings = "\(group.lines.count) warning\(group.lines.count == 1 ? "" : "s")"
            let subject = parts.map { "A ForEach over \($0.element) (rows: \($0.row)) has no IDs" } ?? "\(type) has no IDs"
            return group.violation(
                subject + ", and its data changed count (\(warnings)): its rows are keyed by their offset, so when the data changes they take each other's identity and state",
                advice: "Give the elements stable IDs (`Identifiable` or `ForEach(_:id:content:)`).",
                rowView: parts?.rowView, neighbours: neighbours, symbols: symbols
            )
        }
    }
}
