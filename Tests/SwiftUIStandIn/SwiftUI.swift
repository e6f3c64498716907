// A stand-in for SwiftUI on Linux, where there is none: the names the probe's layer and the
// instrumented test app use, with SwiftUI's signatures where they matter (iOS 18 / macOS 15
// SDK), and a small renderer that behaves as SwiftUI documents it does, so instrumented views
// can really run:
//
// - a view's position in its parent's body (its type and place, an `if` branch) is its
//   identity; the first time one is shown, its `@State` initial values become the storage of
//   that identity, and every later value made for it (each update of the parent makes the
//   child's value again, its `@State` initial values too) is linked to that storage and its own
//   initial values dropped;
// - a child's body is evaluated again when its value changed (inputs compared field by field,
//   `@State` aside) or its own state changed; else it is skipped;
// - a child no longer produced disappears (onDisappear) and its storage is released; a new one
//   is evaluated, then appears (onAppear).
//
// `SwiftUILayerTypeCheckTests` type-checks the probe against this file; `InstrumentEndToEndTests`
// builds it as a library and runs an instrumented app on it. Not a target: SwiftPM never builds it.

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension View {
    /// SwiftUI's own debugging print of what changed, which `instrument --print-changes` inserts.
    public static func _printChanges() {}
    /// The same, logged (iOS 17.1+).
    public static func _logChanges() {}
}

extension Never: View {
    public var body: Never { fatalError() }
}

/// A view the renderer takes apart instead of asking for its body.
@MainActor public protocol _PrimitiveView {
    /// The views it shows, each with its place among them.
    var _children: [(key: String, view: any View)] { get }
}

@resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> _ViewList {
        var views: [any View] = []
        repeat views.append(each content)
        return _ViewList(views: views)
    }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<First: View, Second: View>(first: First) -> _ConditionalContent<First, Second> { .first(first) }
    public static func buildEither<First: View, Second: View>(second: Second) -> _ConditionalContent<First, Second> { .second(second) }
}

public struct EmptyView: View, _PrimitiveView {
    nonisolated public init() {}
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { [] }
}

public struct Text: View, _PrimitiveView {
    let content: String
    nonisolated public init(_ content: String) { self.content = content }
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { [] }
}

public struct _ViewList: View, _PrimitiveView {
    let views: [any View]
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { views.enumerated().map { ("\($0.offset)", $0.element) } }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

extension Optional: _PrimitiveView where Wrapped: View {
    public var _children: [(key: String, view: any View)] { map { [("some", $0)] } ?? [] }
}

public enum _ConditionalContent<First: View, Second: View>: View, _PrimitiveView {
    case first(First)
    case second(Second)
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] {
        switch self {
        case .first(let view): [("then", view)]
        case .second(let view): [("else", view)]
        }
    }
}

public struct VStack<Content: View>: View, _PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { [("content", content)] }
}

/// A button the test app's driver "taps" by its title.
public struct Button: View, _PrimitiveView {
    let title: String
    let action: () -> Void
    public init(_ title: String, action: @escaping () -> Void) {
        self.title = title
        self.action = action
    }
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { [] }
}

/// A list of views rather than one: a modifier applied to it applies to each of its views, as
/// SwiftUI documents for `Group` and `ForEach` (and a builder's several views).
public protocol _ViewListContainer: _PrimitiveView {
    /// Whether this value is a list now (a modified view is one when what it modifies is).
    var _isList: Bool { get }
}

extension _ViewListContainer {
    public var _isList: Bool { true }
}

extension _ViewList: _ViewListContainer {}

public struct _AppearanceView<Content: View>: View, _ViewListContainer {
    let content: Content
    let appear: (() -> Void)?
    let disappear: (() -> Void)?
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] {
        guard distributes, let list = content as? any _ViewListContainer else { return [("content", content)] }
        return list._children.map { child in
            let view: any View = child.view
            return (child.key, wrapped(view))
        }
    }
    public var _isList: Bool { distributes }
    /// On a list, each of its views appears and disappears in its own right; the list does not.
    var distributes: Bool { (content as? any _ViewListContainer)?._isList ?? false }
    private func wrapped<Child: View>(_ child: Child) -> any View {
        _AppearanceView<Child>(content: child, appear: appear, disappear: disappear)
    }
}

extension View {
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        _AppearanceView(content: self, appear: action, disappear: nil)
    }
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        _AppearanceView(content: self, appear: nil, disappear: action)
    }
    nonisolated public func padding() -> some View { self }
}

// MARK: View modifiers

@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// What a modifier's body gets as `content`: the modified view, shown in its place.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View, _PrimitiveView {
    let view: any View
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { [("content", view)] }
}

/// A view with a modifier applied: the renderer keeps the modifier's `@State` as a view's.
public struct _ModifiedContent<Content: View, Modifier: ViewModifier>: View, _StateCarrier {
    let content: Content
    let modifier: Modifier
    public var body: Modifier.Body { modifier.body(content: _ViewModifier_Content(view: content)) }
    var _stateSource: Any { modifier }
}

/// A view whose `@State` lives in another value it holds (a modified view's modifier).
@MainActor protocol _StateCarrier {
    var _stateSource: Any { get }
}

extension View {
    public func modifier<Modifier: ViewModifier>(_ modifier: Modifier) -> _ModifiedContent<Self, Modifier> {
        _ModifiedContent(content: self, modifier: modifier)
    }
}

// MARK: State

/// Where a `@State` value lives: first in the value that made it; once the view is shown, in
/// the storage of its identity, which later values forward to.
public final class _StateLocation<Value>: @unchecked Sendable {
    var value: Value?
    var forward: _StateLocation<Value>?
    weak var node: _Node?
    init(_ value: Value) { self.value = value }
    var target: _StateLocation<Value> { forward ?? self }
}

protocol _StateField {
    var _location: AnyObject { get }
    /// Links this value's location to `storage` and drops its own initial value.
    func _adopt(_ storage: AnyObject)
}

@propertyWrapper
public struct State<Value>: _StateField {
    let location: _StateLocation<Value>
    public init(wrappedValue value: Value) { location = _StateLocation(value) }
    public init(initialValue value: Value) { location = _StateLocation(value) }
    public var wrappedValue: Value {
        get { location.target.value! }
        nonmutating set {
            location.target.value = newValue
            location.target.node?.needsBody = true
        }
    }
    /// A binding to the value: declared here, not in an extension, or `$name` finds no projection.
    public var projectedValue: Binding<Value> {
        Binding(get: { self.wrappedValue }, set: { self.wrappedValue = $0 })
    }
    var _location: AnyObject { location }
    func _adopt(_ storage: AnyObject) {
        location.forward = storage as? _StateLocation<Value>
        location.value = nil
    }
}

@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
    public var projectedValue: Binding<Value> { self }
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }
    /// A binding to a property of the value (`$note.text`).
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] }, set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }
}

public protocol ObservableObject: AnyObject {}

@propertyWrapper
public struct Published<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

// MARK: Renderer

public final class _Node: @unchecked Sendable {
    var view: any View
    var storage: [AnyObject]
    var children: [(key: String, node: _Node)] = []
    var needsBody = true
    init(view: any View, storage: [AnyObject]) {
        self.view = view
        self.storage = storage
    }
}

/// Shows one root view and keeps it up to date as the driver taps buttons.
@MainActor public enum _Renderer {
    static var root: _Node?

    /// Shows `view` for the first time.
    public static func show(_ view: some View) {
        let node = make(view)
        root = node
        evaluate(node, inNewSubtree: true)
        appear(node)
    }

    /// Runs the action of the button on screen titled `title`, then updates what it changed.
    /// Buttons are looked up in the live tree, so a view taken off the screen keeps nothing alive.
    public static func tap(_ title: String) {
        guard let root, let button = button(titled: title, in: root) else { fatalError("no button '\(title)' on screen") }
        button.action()
        update(root)
    }

    private static func button(titled title: String, in node: _Node) -> Button? {
        if let button = node.view as? Button, button.title == title { return button }
        for (_, child) in node.children {
            if let found = button(titled: title, in: child) { return found }
        }
        return nil
    }

    /// Takes the whole hierarchy off the screen, releasing all state.
    public static func tearDown() {
        if let root { disappear(root) }
        root = nil
    }

    private static func fields(of view: any View) -> (state: [any _StateField], inputs: [String]) {
        var state: [any _StateField] = []
        var inputs: [String] = []
        var source: Any = view
        if let carrier = view as? any _StateCarrier {
            // The modified view and the modifier's inputs, as one description.
            source = carrier._stateSource
            inputs.append(String(describing: view))
        }
        for child in Mirror(reflecting: source).children {
            if let field = child.value as? any _StateField { state.append(field) } else { inputs.append(String(describing: child.value)) }
        }
        return (state, inputs)
    }

    private static func make(_ view: any View) -> _Node {
        let node = _Node(view: view, storage: fields(of: view).state.map(\._location))
        for location in node.storage { (location as? any _NodeHolder)?.hold(node) }
        return node
    }

    /// Evaluates `node`'s body and brings its children up to date. Children new here are
    /// evaluated, then appear, unless `node` is itself new: its subtree appears as one, later.
    private static func evaluate(_ node: _Node, inNewSubtree: Bool = false) {
        node.needsBody = false
        let made: [(key: String, view: any View)]
        if let primitive = node.view as? any _PrimitiveView {
            made = primitive._children
        } else {
            made = [("body", body(of: node.view))]
        }
        var old = Dictionary(node.children.map { ($0.key, $0.node) }, uniquingKeysWith: { first, _ in first })
        var children: [(key: String, node: _Node)] = []
        var fresh: [_Node] = []
        for (place, view) in made {
            let key = "\(place):\(type(of: view))"
            if let existing = old.removeValue(forKey: key) {
                let (state, inputs) = fields(of: view)
                for (field, storage) in zip(state, existing.storage) { field._adopt(storage) }
                if inputs != fields(of: existing.view).inputs { existing.needsBody = true }
                existing.view = view
                children.append((key, existing))
            } else {
                let node = make(view)
                children.append((key, node))
                fresh.append(node)
            }
        }
        // What is no longer produced leaves before anything new appears, in place order.
        for (key, gone) in node.children where old[key] != nil { disappear(gone) }
        node.children = children
        for (_, child) in children {
            if fresh.contains(where: { $0 === child }) {
                evaluate(child, inNewSubtree: true)
                if !inNewSubtree { appear(child) }
            } else {
                update(child)
            }
        }
    }

    private static func update(_ node: _Node) {
        if node.needsBody {
            evaluate(node)
        } else {
            for (_, child) in node.children { update(child) }
        }
    }

    private static func body<V: View>(of view: V) -> any View { view.body }

    private static func appear(_ node: _Node) {
        for (_, child) in node.children { appear(child) }
        (node.view as? any _Appearing)?.appeared()
    }

    private static func disappear(_ node: _Node) {
        for (_, child) in node.children { disappear(child) }
        (node.view as? any _Appearing)?.disappeared()
        node.children = []
        node.storage = []
    }
}

@MainActor protocol _Appearing {
    func appeared()
    func disappeared()
}

extension _AppearanceView: _Appearing {
    func appeared() { if !distributes { appear?() } }
    func disappeared() { if !distributes { disappear?() } }
}

protocol _NodeHolder {
    func hold(_ node: _Node)
}

extension _StateLocation: _NodeHolder {
    func hold(_ node: _Node) { self.node = node }
}
