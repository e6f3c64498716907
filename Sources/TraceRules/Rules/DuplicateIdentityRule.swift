import Foundation
import TraceModel

/// SwiftUI's warning that a `ForEach` (or a lazy stack or grid) met the same ID twice.
public enum DuplicateIdentityRule: Rule {
    static let contextEvents = Threshold.count(
        "context_events", default: 3, "Events either side of a warning within which an evaluated view counts as around it.")

    public static let description = RuleDescription(
        identifier: "duplicate_identity",
        title: "Duplicate identity",
        defaultSeverity: .warning,
        summary: "SwiftUI warned that a ForEach (or a lazy stack or grid) holds the same ID more than once, so rows share one identity.",
        rationale: """
            A `ForEach` gives each row the identity of its element's ID; the row's `@State`, \
            its animations and transitions, and a lazy container's cell reuse all hang on it. \
            Two elements with one ID (`id: \\.self` over values that repeat, an `id` property \
            that is not unique) make two rows claim one identity: SwiftUI says "the ID ... \
            occurs multiple times within the collection, this will give undefined results!", \
            and rows then show each other's state, animate from the wrong place, or vanish. \
            The rule groups the warnings by collection, names the element and row types from \
            the `ForEach<Data, ID, Content>` type SwiftUI printed, lists the repeated IDs, and \
            folds in the lazy layout's own warning about the same IDs. SwiftUI's other warning \
            about a `ForEach`, `count (N) != its initial count (M)`, is about rows with no IDs \
            at all: `offset_identity` reports it.
            """,
        fix: """
            Give every element a unique, stable ID: an `id` from the model (a database key, a \
            `UUID` made once when the element is), not `\\.self` over values that repeat and \
            not an index when rows move. Remove duplicates from the data before it reaches the \
            `ForEach`.
            """,
        swiftFix: [
            SwiftPair(
                note: "`id: \\.title` gives two songs with one title (two tracks called \"Intro\") one identity. A unique, stable key from the data (the library's database id, through `Identifiable`) gives each row its own.",
                before: #"""
                    import SwiftUI

                    struct Song {
                        let title: String
                        let artist: String
                    }

                    struct PlaylistView: View {
                        let songs: [Song]

                        var body: some View {
                            List {
                                // Two songs can share a title ("Intro"): both rows then claim one identity.
                                ForEach(songs, id: \.title) { song in
                                    SongRow(song: song)
                                }
                            }
                        }
                    }

                    struct SongRow: View {
                        let song: Song

                        var body: some View {
                            Text("\(song.title) · \(song.artist)")
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    /// Identified by the library's database key, unique and the same on every load.
                    struct Song: Identifiable {
                        let id: Int64
                        let title: String
                        let artist: String
                    }

                    struct PlaylistView: View {
                        let songs: [Song]

                        var body: some View {
                            List {
                                ForEach(songs) { song in
                                    SongRow(song: song)
                                }
                            }
                        }
                    }

                    struct SongRow: View {
                        let song: Song

                        var body: some View {
                            Text("\(song.title) · \(song.artist)")
                        }
                    }
                    """#
            ),
        ],
        seed: "SwiftUI's own runtime warnings (the real ones in fixtures/realworld/warnings); 001 (identity and state)",
        thresholds: [contextEvents],
        triggeringExamples: [
            Example(note: "Sound levels shown with `id: \\.self`: the same level twice is the same row twice.", """
                ↓SoundView: _samples changed.
                ↓ForEach<Array<Float>, Float, BarView>: the ID -47.630486 occurs multiple times within the collection, this will give undefined results!
                ↓ForEach<Array<Float>, Float, BarView>: the ID -12.5 occurs multiple times within the collection, this will give undefined results!
                """),
            Example(note: "The lazy stack's own warning about the same ID joins the ForEach's finding (NSLog wrapper).", """
                ↓2022-01-18 10:00:00.000000+0100 Subconscious[100:200] [SwiftUI] ForEach<Array<Suggestion>, Suggestion, ModifiedContent<Button<SuggestionLabelView>, ButtonStyleModifier<WrappedButtonStyle<RowButtonStyle>>>>: the ID Thinkertoys occurs multiple times within the collection, this will give undefined results!
                ↓2022-01-18 10:00:00.000100+0100 Subconscious[100:200] [SwiftUI] LazyVStackLayout: the ID Thinkertoys is used by multiple child views, this will give undefined results!
                """),
            Example(note: "A grid's warning alone, from `log stream --style compact`.", """
                ↓2026-08-11 17:15:22.031 F  MyApp[80328:9875ec] [com.apple.SwiftUI:Invalid Configuration] LazyVGridLayout: the ID 7 is used by multiple child views, this will give undefined results!
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "A ForEach without IDs whose count changed repeats no ID: `offset_identity`'s.", """
                ItemList: _items changed.
                ForEach<Array<Item>, Int, ItemRow> count (6) != its initial count (0). `ForEach(_:content:)` should only be used for *constant* data. Instead conform data to `Identifiable` or use `ForEach(_:id:content:)` and provide an explicit `id`!
                """),
            Example(note: "Rows with distinct identities appear and update without a word from SwiftUI.", """
                ListView: @self, @identity changed.
                RowView: @self, @identity changed.
                RowView: @self, @identity changed.
                RowView appear
                RowView appear
                """),
            Example(note: "A developer's own line mentioning an ID is not SwiftUI's warning.", """
                ForEach row 7 appear
                the ID abc occurs twice in my cache
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Gather(reach: context.thresholds.count(contextEvents))
    }

    /// Duplicate-ID warnings grouped by the collection type that printed them.
    final class Gather: Detector {
        @exclusivity(unchecked) private var neighbours: WarningNeighbours
        @exclusivity(unchecked) private var warnings = WarningGroups()

        private typealias Group = WarningGroups.Group

        init(reach: Int) {
            neighbours = WarningNeighbours(reach: reach)
        }

        func observe(_ event: LifecycleEvent) {
            neighbours.advance(event)
            guard let warning = event.warning, let type = warning.type, warning.identifier == .duplicateForEachID else { return }
            warnings.add(type: type, line: event.line, slot: neighbours.record(), id: warning.elementID)
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            let symbols = subjects.symbols
            let groups = warnings.groups
            // A lazy layout's warning about an ID a ForEach also reported is the same problem,
            // seen from the container: it joins that ForEach's finding.
            var merged: [Group] = groups.filter { symbols[$0.type].hasPrefix("ForEach<") }
            for layout in groups where !symbols[layout.type].hasPrefix("ForEach<") {
                guard let index = merged.firstIndex(where: { group in layout.ids.contains(where: group.ids.contains) }) else {
                    merged.append(layout)
                    continue
                }
                merged[index].lines += layout.lines
                merged[index].slots += layout.slots
                merged[index].ids += layout.ids.filter { !merged[index].ids.contains($0) }
            }
            return merged.map { violation(of: $0, symbols: symbols) }
        }

        /// A collection holding the same ID more than once.
        private func violation(of group: Group, symbols: SymbolTable) -> Violation {
            let type = symbols[group.type]
            let parts = CollectionType(type)
            // SwiftUI prints an empty ID as nothing at all; the message says what it was.
            let ids = group.ids.map { symbols[$0].isEmpty ? "\"\" (the empty string)" : symbols[$0] }
            let listed = ids.prefix(5).joined(separator: ", ") + (ids.count > 5 ? ", ..." : "")
            var message: String
            if let parts {
                message = "A ForEach over \(parts.element) (rows: \(parts.row)) holds the same ID more than once"
            } else {
                message = "\(type) holds the same ID in more than one child view"
            }
            message += ": \(ids.count == 1 ? "ID" : "\(ids.count) IDs") \(listed) (\(group.lines.count) warning\(group.lines.count == 1 ? "" : "s"))"
            return group.violation(
                message, advice: "Rows with one ID share one identity: their state, animations and transitions mix.",
                rowView: parts?.rowView, neighbours: neighbours, symbols: symbols
            )
        }
    }

    /// The element and row types of a `ForEach<Data, ID, Content>` type as SwiftUI prints it.
    struct CollectionType: Equatable {
        /// The element type: `Item` in `ForEach<Array<Item>, String, ItemRow>`.
        let element: String
        /// The row type as printed.
        let row: String
        /// The row without modifiers (`ModifiedContent<Row, ...>` is `Row`): the view to blame.
        let rowView: String

        init?(_ type: String) {
            guard type.hasPrefix("ForEach<"), let arguments = Self.arguments(of: type), arguments.count == 3 else { return nil }
            var element = arguments[0]
            for collection in ["Array", "ArraySlice", "ContiguousArray", "Set", "IdentifiedArray", "IdentifiedArrayOf"]
            where element.hasPrefix(collection + "<") {
                element = Self.arguments(of: element)?.last ?? element
                break
            }
            var rowView = arguments[2]
            while rowView.hasPrefix("ModifiedContent<"), let inner = Self.arguments(of: rowView)?.first { rowView = inner }
            self.element = element
            self.row = arguments[2]
            self.rowView = rowView
        }

        /// The top-level generic arguments of `Name<A, B<C, D>, E>`: A, B<C, D>, E.
        static func arguments(of type: String) -> [String]? {
            guard let open = type.firstIndex(of: "<"), type.last == ">" else { return nil }
            var arguments: [String] = []
            var depth = 0
            var current = ""
            for character in type[type.index(after: open)..<type.index(before: type.endIndex)] {
                switch character {
                case "<", "(", "[": depth += 1
                case ">", ")", "]": depth -= 1
                case "," where depth == 0:
                    arguments.append(current.trimmingCharacters(in: .whitespaces))
                    current = ""
                    continue
                default: break
                }
                current.append(character)
            }
            arguments.append(current.trimmingCharacters(in: .whitespaces))
            return arguments
        }
    }
}
