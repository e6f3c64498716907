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

public struct Toggle: View, _PrimitiveView {
    public init(_ title: String, isOn: Binding<Bool>) {}
    public var body: Never { fatalError() }
    public var _children: [(key: String, view: any View)] { [] }
}
