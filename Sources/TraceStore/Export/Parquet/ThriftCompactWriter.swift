/// The Thrift compact protocol, write side: what Parquet's footer and page headers are made of.
///
/// Fields carry a delta from the previous field id in their header byte; integers are zigzag
/// varints; a nested struct starts its own field-id count. Only what Parquet needs is here.
public struct ThriftCompactWriter {
    /// Compact-protocol type codes.
    public enum FieldType: UInt8 {
        case boolTrue = 1, boolFalse = 2, byte = 3, i16 = 4, i32 = 5, i64 = 6, double = 7
        case binary = 8, list = 9, set = 10, map = 11, structure = 12
    }

    /// The encoded bytes so far.
    public private(set) var bytes: [UInt8] = []
    private var lastFieldID: [Int16] = [0]

    /// An empty writer.
    public init() {}

    /// Appends `value` as an unsigned LEB128 varint.
    public static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Zigzag: small negative numbers become small unsigned ones (0, -1, 1, -2 → 0, 1, 2, 3).
    public static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    private mutating func fieldHeader(_ id: Int16, _ type: FieldType) {
        let delta = id - lastFieldID[lastFieldID.count - 1]
        if delta > 0, delta <= 15 {
            bytes.append(UInt8(delta) << 4 | type.rawValue)
        } else {
            bytes.append(type.rawValue)
            Self.appendVarint(Self.zigzag(Int64(id)), to: &bytes)
        }
        lastFieldID[lastFieldID.count - 1] = id
    }

    /// An i32 field (enums are i32 too).
    public mutating func field(_ id: Int16, i32 value: Int32) {
        fieldHeader(id, .i32)
        Self.appendVarint(Self.zigzag(Int64(value)), to: &bytes)
    }

    /// An i64 field.
    public mutating func field(_ id: Int16, i64 value: Int64) {
        fieldHeader(id, .i64)
        Self.appendVarint(Self.zigzag(value), to: &bytes)
    }

    /// A string (binary) field.
    public mutating func field(_ id: Int16, string value: String) {
        fieldHeader(id, .binary)
        appendBinary(Array(value.utf8))
    }

    /// A bool field: the value is the header's type code.
    public mutating func field(_ id: Int16, bool value: Bool) {
        fieldHeader(id, value ? .boolTrue : .boolFalse)
    }

    /// Opens a struct field; close it with `endStruct`.
    public mutating func beginStruct(_ id: Int16) {
        fieldHeader(id, .structure)
        lastFieldID.append(0)
    }

    /// Opens a struct that is a list element (no field header); close it with `endStruct`.
    public mutating func beginListStruct() {
        lastFieldID.append(0)
    }

    /// Writes the stop byte and returns to the enclosing struct's field ids.
    public mutating func endStruct() {
        bytes.append(0)
        lastFieldID.removeLast()
    }

    /// Ends the top-level struct.
    public mutating func stop() {
        bytes.append(0)
    }

    /// A list field header for `count` elements of `type`; the elements follow.
    public mutating func beginList(_ id: Int16, of type: FieldType, count: Int) {
        fieldHeader(id, .list)
        if count < 15 {
            bytes.append(UInt8(count) << 4 | type.rawValue)
        } else {
            bytes.append(0xF0 | type.rawValue)
            Self.appendVarint(UInt64(count), to: &bytes)
        }
    }

    /// An i32 list element.
    public mutating func element(i32 value: Int32) {
        Self.appendVarint(Self.zigzag(Int64(value)), to: &bytes)
    }

    /// A string list element.
    public mutating func element(string value: String) {
        appendBinary(Array(value.utf8))
    }

    private mutating func appendBinary(_ value: [UInt8]) {
        Self.appendVarint(UInt64(value.count), to: &bytes)
        bytes.append(contentsOf: value)
    }
}
