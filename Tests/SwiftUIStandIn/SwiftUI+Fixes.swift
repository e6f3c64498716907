// Navigation by value, lists over data and the modifiers the lint corrections use, with
// SwiftUI's signatures, for the shapes that `LintCorrectionTypeCheckTests` compiles before and
// after `fix` (compiled into the same `SwiftUI` module as SwiftUI.swift; `NavigationLink(destination:)`,
// `navigationDestination(for:)` and `LazyVStack` are in SwiftUI+Rules.swift). Type-checking
// only: nothing here navigates.

extension NavigationLink where Destination == Never {
    /// `NavigationLink(value: item) { label }`: a `navigationDestination(for:)` of the stack builds the destination.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) { self.label = label() }
}

extension View {
    nonisolated public func padding(_ length: Double) -> some View { self }
}

extension _Container {
    /// `List(items) { item in … }`: one row per element, identified by its `id`.
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init { ForEach(data, content: rowContent) }
    }
}
