import Foundation

/// Turns repeated byte strings (view, process, subsystem names) into one shared `String`.
///
/// A direct-mapped cache: the bytes' hash picks a slot, a slot holds one name. A miss costs
/// what building the string costs anyway; a hit costs a hash and a compare and shares the
/// string's storage, so a million `com.apple.SwiftUI` fields are one allocation, not a million.
/// Bounded by construction: a stream of distinct names just keeps replacing slots.
public struct StringInterner {
    private struct Slot {
        var hash: UInt64
        var bytes: [UInt8]
        var string: String
    }

    private var slots: [Slot?]
    private let mask: Int

    /// Creates an interner with `capacity` slots (rounded up to a power of two).
    public init(capacity: Int = 512) {
        var size = 16
        while size < capacity { size <<= 1 }
        slots = [Slot?](repeating: nil, count: size)
        mask = size - 1
    }

    /// The string for `bytes`, shared with earlier calls for the same bytes when still cached.
    public mutating func intern(_ bytes: UnsafeRawBufferPointer) -> String {
        // Names longer than this are rare and not worth a slot.
        guard bytes.count <= 128 else { return String(decoding: bytes, as: UTF8.self) }
        let hash = Self.fnv1a(bytes)
        let index = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        if slots[index]?.hash == hash, let slot = slots[index], Self.equal(slot.bytes, bytes) {
            return slot.string
        }
        let string = String(decoding: bytes, as: UTF8.self)
        slots[index] = Slot(hash: hash, bytes: Array(bytes), string: string)
        return string
    }

    /// The string for `range` of `line`.
    public mutating func intern(_ line: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        intern(UnsafeRawBufferPointer(rebasing: line[range]))
    }

    /// Byte equality by `memcmp`: the generic `elementsEqual` walked the bytes one at a time.
    @inline(__always)
    private static func equal(_ stored: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard stored.count == bytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        return stored.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
    }

    @inline(__always)
    private static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
