import Foundation

/// Turns repeated byte strings (view, process, subsystem names) into one shared `String`.
///
/// A direct-mapped cache: the bytes' hash picks a slot, a slot holds one name. A miss costs
/// what building the string costs anyway; a hit costs a hash and a compare and shares the
/// string's storage, so a million `com.apple.SwiftUI` fields are one allocation, not a million.
/// Bounded by construction: a stream of distinct names just keeps replacing slots.
public struct StringInterner {
    /// Names longer than this are rare and not worth a slot.
    private static let maxLength = 128

    // Slots as parallel arrays, the names' bytes side by side in one buffer: a hit reads them
    // in place, where a slot struct holding an array and a string was copied out, and so
    // retained and released twice, on every look-up.
    private var hashes: [UInt64]
    /// A slot's name length in bytes; -1 while the slot is empty.
    private var lengths: [Int]
    /// Slot `i`'s bytes start at `i * maxLength`.
    private var keys: [UInt8]
    private var strings: [String]
    private let mask: Int

    /// Creates an interner with `capacity` slots (rounded up to a power of two).
    public init(capacity: Int = 512) {
        var size = 16
        while size < capacity { size <<= 1 }
        hashes = [UInt64](repeating: 0, count: size)
        lengths = [Int](repeating: -1, count: size)
        keys = [UInt8](repeating: 0, count: size * Self.maxLength)
        strings = [String](repeating: "", count: size)
        mask = size - 1
    }

    /// The string for `bytes`, shared with earlier calls for the same bytes when still cached.
    public mutating func intern(_ bytes: UnsafeRawBufferPointer) -> String {
        guard bytes.count <= Self.maxLength else { return String(decoding: bytes, as: UTF8.self) }
        let hash = nameHash(bytes)
        // `nameHash` ends in an avalanche: its low bits pick the slot as they are.
        let index = Int(truncatingIfNeeded: hash) & mask
        if hashes[index] == hash, lengths[index] == bytes.count, matches(index, bytes) {
            return strings[index]
        }
        let string = String(decoding: bytes, as: UTF8.self)
        hashes[index] = hash
        lengths[index] = bytes.count
        if let source = bytes.baseAddress {
            keys.withUnsafeMutableBytes { keys in
                keys.baseAddress!.advanced(by: index * Self.maxLength).copyMemory(from: source, byteCount: bytes.count)
            }
        }
        strings[index] = string
        return string
    }

    /// The string for `range` of `line`.
    public mutating func intern(_ line: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        intern(UnsafeRawBufferPointer(rebasing: line[range]))
    }

    /// Byte equality by `memcmp`: the generic `elementsEqual` walked the bytes one at a time.
    @inline(__always)
    private func matches(_ index: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let source = bytes.baseAddress else { return true }
        return keys.withUnsafeBytes { memcmp($0.baseAddress! + index * Self.maxLength, source, bytes.count) == 0 }
    }
}
