// The SwiftUI API the rules' Swift before/after pairs use (`RuleSwiftPairTests` type-checks every
// pair against this module), with SwiftUI's signatures (iOS 18 / macOS 15 SDK). Compiled into the
// same `SwiftUI` module as SwiftUI.swift. For type-checking only: the renderer shows these views'
// content in place (a lazy stack builds all of it, as a `VStack` does) and runs no tasks, change
// actions or navigation.

extension ForEach where Data == Range<Int>, ID == Int {
    /// Rows identified by their offset in a range SwiftUI expects to stay constant.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

public typealias LazyVStack<Content: View> = _Container<Content>

extension NavigationLink {
    /// A link with its destination view value, made when the link is.
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.init(destination: { destination }, label: label)
    }
}

extension NavigationLink where Label == Text, Destination == Never {
    /// A link that presents `value`; the stack's `navigationDestination(for:)` for its type builds the destination.
    public init<P: Hashable>(_ titleKey: String, value: P?) {
        self.init(destination: { fatalError("a value-based link has no destination of its own") }, label: { Text(titleKey) })
    }
}

public struct TextField: View, _PrimitiveView {
    public init(_ titleKey: String, text: Binding<String>) {}
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { [] }
}

extension View {
    nonisolated public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View { self }
    nonisolated public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View { self }
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View { self }
    nonisolated public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View { self }
}
