import Foundation

/// The keys of a direct-mapped table kept by bytes, as `StringInterner`'s: the bytes' hash picks
/// a slot, a slot holds one key, and a new key just takes its slot's place, so the table is
/// bounded by construction. `RepeatedMessages` and `TokenListCache` keep their values beside it,
/// one per slot.
struct ByteKeyedSlots {
    /// Longer keys are rarely repeated word for word, and not worth a slot's bytes.
    static let maxLength = 96

    private var hashes: [UInt64]
    /// A slot's key length in bytes; -1 while the slot is empty.
    private var lengths: [Int]
    /// Slot `i`'s bytes start at `i * maxLength`.
    private var keys: [UInt8]
    private let mask: Int

    /// `capacity` slots (a power of two).
    init(capacity: Int) {
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "capacity must be a power of two")
        hashes = [UInt64](repeating: 0, count: capacity)
        lengths = [Int](repeating: -1, count: capacity)
        keys = [UInt8](repeating: 0, count: capacity * Self.maxLength)
        mask = capacity - 1
    }

    /// The slot holding `bytes` (hashed to `hash`), or nil when another key or none is there.
    @inline(__always)
    func slot(for bytes: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        let index = Int(truncatingIfNeeded: hash) & mask
        guard hashes[index] == hash, lengths[index] == bytes.count, matches(index, bytes) else { return nil }
        return index
    }

    /// Makes `bytes` (hashed to `hash`, at most `maxLength` long) the key of its slot, in place
    /// of whatever was there, and returns that slot for the caller's value.
    mutating func store(_ bytes: UnsafeRawBufferPointer, hash: UInt64) -> Int {
        let index = Int(truncatingIfNeeded: hash) & mask
        hashes[index] = hash
        lengths[index] = bytes.count
        if let source = bytes.baseAddress {
            keys.withUnsafeMutableBytes { keys in
                keys.baseAddress!.advanced(by: index * Self.maxLength).copyMemory(from: source, byteCount: bytes.count)
            }
        }
        return index
    }

    @inline(__always)
    private func matches(_ index: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let source = bytes.baseAddress else { return true }
        return keys.withUnsafeBytes { memcmp($0.baseAddress! + index * Self.maxLength, source, bytes.count) == 0 }
    }
}
