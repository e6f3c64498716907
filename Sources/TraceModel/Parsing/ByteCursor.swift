/// A read position over a line's bytes, for tokenizers that never build intermediate strings.
public struct ByteCursor {
    /// The bytes being read.
    public let bytes: UnsafeRawBufferPointer
    /// The index of the next unread byte.
    public var position: Int

    /// Creates a cursor at the start of `bytes`.
    public init(_ bytes: UnsafeRawBufferPointer, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// True when every byte has been read.
    @inlinable @inline(__always) public var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or nil at the end.
    @inlinable @inline(__always) public var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// The bytes not yet read.
    @inlinable public var rest: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[min(position, bytes.count)...])
    }

    /// Consumes `byte` if it is next.
    @inlinable @inline(__always) @discardableResult
    public mutating func skip(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        position += 1
        return true
    }

    /// Consumes `literal` if the bytes continue with it.
    @inlinable @inline(__always) @discardableResult
    public mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let start = literal.utf8Start
        for offset in 0..<count where bytes[position + offset] != start[offset] {
            return false
        }
        position += count
        return true
    }

    /// Consumes spaces and tabs.
    @inlinable @inline(__always) public mutating func skipSpaces() {
        while let byte = peek, byte == 0x20 || byte == 0x09 { position += 1 }
    }

    /// Consumes bytes up to (not including) `byte`; false, with the cursor unmoved, when absent.
    @inlinable @discardableResult
    public mutating func skip(until byte: UInt8) -> Bool {
        var index = position
        while index < bytes.count {
            if bytes[index] == byte {
                position = index
                return true
            }
            index += 1
        }
        return false
    }

    /// Reads an unsigned decimal integer of at most `maxDigits` digits.
    @inlinable @inline(__always) public mutating func readInt(maxDigits: Int = 18) -> Int? {
        var value = 0
        var digits = 0
        while digits < maxDigits, let byte = peek, byte >= 0x30 && byte <= 0x39 {
            value = value * 10 + Int(byte - 0x30)
            position += 1
            digits += 1
        }
        return digits == 0 ? nil : value
    }

    /// Reads exactly `count` decimal digits.
    // Always inlined: every timestamp reads six or seven of these, and left out of line the call
    // cost more than the digits.
    @inlinable @inline(__always) public mutating func readFixedInt(digits count: Int) -> Int? {
        guard position + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[position + offset]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        position += count
        return value
    }

    /// Reads a hexadecimal integer after an optional `0x`.
    @inlinable @inline(__always) public mutating func readHex() -> Int? {
        let start = position
        _ = skip("0x")
        var value = 0
        var digits = 0
        while digits < 16, let byte = peek, let nibble = ByteCursor.hexValue(byte) {
            value = value &* 16 &+ nibble
            position += 1
            digits += 1
        }
        if digits == 0 { position = start; return nil }
        return value
    }

    /// The value of an ASCII hex digit.
    @inlinable @inline(__always) public static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }
}
