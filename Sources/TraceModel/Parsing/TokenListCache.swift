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
    static let maxLength = ByteKeyedSlots.maxLength

    private var slots: ByteKeyedSlots
    private var lists: [[String]]

    /// A cache of `capacity` slots (a power of two).
    init(capacity: Int = 512) {
        slots = ByteKeyedSlots(capacity: capacity)
        lists = [[String]](repeating: [], count: capacity)
    }

    /// The hash `bytes` are kept under, or nil when they are too long to keep.
    @inline(__always)
    static func key(_ bytes: UnsafeRawBufferPointer) -> UInt64? {
        bytes.count <= maxLength ? nameHash(bytes) : nil
    }

    /// The list kept for `bytes` (hashed to `hash`), or nil.
    @inline(__always)
    func list(for bytes: UnsafeRawBufferPointer, hash: UInt64) -> [String]? {
        slots.slot(for: bytes, hash: hash).map { lists[$0] }
    }

    /// Keeps `list`, read from `bytes` (hashed to `hash`), in place of its slot's list.
    mutating func keep(_ list: [String], for bytes: UnsafeRawBufferPointer, hash: UInt64) {
        lists[slots.store(bytes, hash: hash)] = list
    }
}
