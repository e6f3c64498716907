import Foundation

/// The token lists of `_printChanges` lines seen a moment ago, by their bytes: `@self, _count`
/// read once becomes one shared `[String]`.
///
/// A trace holds a few hundred distinct lists (404 in `bench/generate.py`'s mix) on tens of
/// thousands of lines; each line built its array anew (an allocation, and a look-up per token
/// in the name table). Direct-mapped like `StringInterner`: the bytes' hash picks a slot, a
/// slot holds one list, and a new list replaces whatever was there. Only lists that the fast
/// path read whole are kept, so equal bytes always mean the same tokens.
struct TokenListCache {
    /// Lists longer than this are rare and not worth a slot.
    static let maxLength = 96

    private var hashes: [UInt64]
    /// A slot's key length in bytes; -1 while the slot is empty.
    private var lengths: [Int]
    /// Slot `i`'s bytes start at `i * maxLength`.
    private var keys: [UInt8]
    private var lists: [[String]]
    private let mask: Int

    /// A cache of `capacity` slots (a power of two).
    init(capacity: Int = 512) {
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "capacity must be a power of two")
        hashes = [UInt64](repeating: 0, count: capacity)
        lengths = [Int](repeating: -1, count: capacity)
        keys = [UInt8](repeating: 0, count: capacity * Self.maxLength)
        lists = [[String]](repeating: [], count: capacity)
        mask = capacity - 1
    }

    /// The hash `bytes` are kept under, or nil when they are too long to keep.
    @inline(__always)
    static func key(_ bytes: UnsafeRawBufferPointer) -> UInt64? {
        bytes.count <= maxLength ? nameHash(bytes) : nil
    }

    /// The list kept for `bytes` (hashed to `hash`), or nil.
    @inline(__always)
    func list(for bytes: UnsafeRawBufferPointer, hash: UInt64) -> [String]? {
        let index = Int(truncatingIfNeeded: hash) & mask
        guard hashes[index] == hash, lengths[index] == bytes.count, matches(index, bytes) else { return nil }
        return lists[index]
    }

    /// Keeps `list`, read from `bytes` (hashed to `hash`), in place of its slot's list.
    mutating func keep(_ list: [String], for bytes: UnsafeRawBufferPointer, hash: UInt64) {
        let index = Int(truncatingIfNeeded: hash) & mask
        hashes[index] = hash
        lengths[index] = bytes.count
        if let source = bytes.baseAddress {
            keys.withUnsafeMutableBytes { keys in
                keys.baseAddress!.advanced(by: index * Self.maxLength).copyMemory(from: source, byteCount: bytes.count)
            }
        }
        lists[index] = list
    }

    @inline(__always)
    private func matches(_ index: Int, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let source = bytes.baseAddress else { return true }
        return keys.withUnsafeBytes { memcmp($0.baseAddress! + index * Self.maxLength, source, bytes.count) == 0 }
    }
}
