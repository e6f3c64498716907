// A stand-in for the few SwiftUI names `Sources/TraceProbe/SwiftUI/` uses, with SwiftUI's own
// signatures (iOS 18 / macOS 15 SDK), so that layer can be type-checked on Linux, where there
// is no SwiftUI: `SwiftUILayerTypeCheckTests` compiles this file as a module named `SwiftUI`
// and type-checks the probe's sources against it. Not a target: nothing links it.

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

@resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
}

public struct EmptyView: View {
    nonisolated public init() {}
    public var body: Never { fatalError() }
}

// Only the signatures matter: nothing runs this.
extension View {
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { EmptyView() }
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { EmptyView() }
}

// For `Usage.swift`, docs/exact-mode.md's lines per view: `@State` and a `Text` to put in a body.

@propertyWrapper
public struct State<Value> {
    public init(wrappedValue value: Value) { fatalError() }
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set { fatalError() }
    }
}

public struct Text: View {
    nonisolated public init(_ content: String) {}
    public var body: Never { fatalError() }
}
