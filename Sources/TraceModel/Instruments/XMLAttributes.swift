/// The few attributes an `xctrace export` element carries that matter: `id`, `ref`, `fmt` and
/// a schema's `name`, read from a start tag's attribute bytes in one pass.
struct XMLAttributes {
    private(set) var id: Int?
    private(set) var ref: Int?
    /// Raw bytes (entities not decoded), valid only while the tag's bytes are.
    private(set) var fmt: UnsafeRawBufferPointer?
    private(set) var name: UnsafeRawBufferPointer?

    init(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        let count = bytes.count
        while index < count {
            while index < count, XMLScanner.isSpace(bytes[index]) { index += 1 }
            let keyStart = index
            while index < count, bytes[index] != UInt8(ascii: "="), !XMLScanner.isSpace(bytes[index]) { index += 1 }
            let key = UnsafeRawBufferPointer(rebasing: bytes[keyStart..<index])
            while index < count, bytes[index] != UInt8(ascii: "=") { index += 1 }
            index += 1
            while index < count, XMLScanner.isSpace(bytes[index]) { index += 1 }
            guard index < count else { return }
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return }
            index += 1
            let valueStart = index
            while index < count, bytes[index] != quote { index += 1 }
            let value = UnsafeRawBufferPointer(rebasing: bytes[valueStart..<min(index, count)])
            index += 1
            // Told apart by length and first byte: the only keys an export's elements carry.
            switch (key.count, key.first) {
            case (2, UInt8(ascii: "i")): id = Self.integer(value)
            case (3, UInt8(ascii: "r")): ref = Self.integer(value)
            case (3, UInt8(ascii: "f")): fmt = value
            case (4, UInt8(ascii: "n")): name = value
            default: break
            }
        }
    }

    private static func integer(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard !bytes.isEmpty, bytes.count < 19 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
