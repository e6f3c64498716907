// More of SwiftUI's containers and modifiers, with its signatures, for the shapes that
// `InstrumentTypeCheckTests` compiles before and after `instrument` (compiled into the same
// `SwiftUI` module as SwiftUI.swift). Containers are primitive views the renderer takes apart,
// so an instrumented shape can also run: a `ForEach`'s elements are keyed by their ids, as
// SwiftUI keys them.

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, _ViewListContainer {
    let data: Data
    let id: KeyPath<Data.Element, ID>
    let content: (Data.Element) -> Content
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = id
        self.content = content
    }
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { data.map { ("\($0[keyPath: id])", content($0)) } }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

public struct Group<Content: View>: View, _ViewListContainer {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { fatalError() }
    /// Its content's views, each in its own place: a modifier on the group applies to each.
    public var _children: [(key: String, view: any View)] {
        guard let list = content as? any _ViewListContainer, list._isList else { return [("content", content)] }
        return list._children
    }
}

/// `HStack`, `ZStack`, `List`, `NavigationStack`, `ScrollView`: one content, shown in place.
public struct _Container<Content: View>: View, _PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { [("content", content)] }
}

public typealias HStack<Content: View> = _Container<Content>
public typealias ZStack<Content: View> = _Container<Content>
public typealias List<Content: View> = _Container<Content>
public typealias NavigationStack<Content: View> = _Container<Content>
public typealias ScrollView<Content: View> = _Container<Content>

public struct NavigationLink<Label: View, Destination: View>: View, _PrimitiveView {
    let label: Label
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) { self.label = label() }
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { [("label", label)] }
}

public struct Spacer: View, _PrimitiveView {
    nonisolated public init() {}
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { [] }
}

public struct AnyView: View, _PrimitiveView {
    let view: any View
    public init<V: View>(_ view: V) { self.view = view }
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { [("\(type(of: view))", view)] }
}

public struct Color: View, _PrimitiveView, Sendable {
    let name: String
    public static let red = Color(name: "red")
    public static let clear = Color(name: "clear")
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { [] }
}

public struct Font: Sendable {
    let name: String
    public static let headline = Font(name: "headline")
    public static let caption = Font(name: "caption")
}

extension View {
    nonisolated public func font(_ font: Font?) -> some View { self }
    nonisolated public func foregroundStyle(_ color: Color) -> some View { self }
    nonisolated public func border(_ color: Color, width: Double = 1) -> some View { self }
    nonisolated public func frame(width: Double? = nil, height: Double? = nil) -> some View { self }
    nonisolated public func navigationTitle(_ title: String) -> some View { self }
    nonisolated public func listRowBackground<V: View>(_ view: V?) -> some View { self }
    nonisolated public func onTapGesture(perform action: @escaping () -> Void) -> some View { self }
    nonisolated public func task(priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View { self }
    nonisolated public func id<ID: Hashable>(_ id: ID) -> some View { self }
}
