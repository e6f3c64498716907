/// A parsed JSON value. Objects keep their keys' file order, so errors can be reported stably.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue], order: [String])

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The member `key` of an object, nil otherwise.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members, _) = self { return members[key] }
        return nil
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The number, when this is one.
    public var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }
}
