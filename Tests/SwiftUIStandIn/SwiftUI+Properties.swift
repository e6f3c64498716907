// SwiftUI's other dynamic properties, with its signatures, for `InstrumentTypeCheckTests`
// (compiled into the same `SwiftUI` module as SwiftUI.swift). Only what type-checking needs:
// the renderer keeps `@State` alone, so these hold their value as they were given it.

@propertyWrapper
public struct StateObject<ObjectType: ObservableObject> {
    let object: ObjectType
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { object = thunk() }
    public var wrappedValue: ObjectType { object }
}

@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject> {
    public var wrappedValue: ObjectType
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
}

@propertyWrapper
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
}

extension State {
    public var projectedValue: Binding<Value> {
        Binding(get: { self.wrappedValue }, set: { self.wrappedValue = $0 })
    }
}

public struct Toggle: View, _PrimitiveView {
    public init(_ title: String, isOn: Binding<Bool>) {}
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { [] }
}
