import Foundation
import TraceModel
import TraceStore

/// The instances of one scan (`0x600000c04000`, a row's id), interned to dense indexes without
/// keeping their names in memory: a log can name a new instance on every line, and a table of
/// strings would grow with it. Memory holds only the hash table, 32 bits a slot at most four
/// fifths full, 5 to 10 bytes per instance; the names and their hashes wait in spill files,
/// read back to tell two names with one tag apart (exactly: a symbol still stands for one
/// name), to rebuild the table when it grows, and when a finding names an instance.
struct InstanceNames {
    /// Where an instance's name lies in `bytes`, and its hash.
    private struct Entry {
        let offset: Int64
        let hash: UInt64
        let count: Int
    }

    /// Open addressing, `1 << bits` slots of 32 bits, 0 for empty: the instance's index plus
    /// one in the low `bits` bits (the table never holds as many instances as slots) and
    /// above them, as a tag, as many of the hash's high bits as fit. A probe reads a name back
    /// only when the tags match: for a new name, about once in `1 << (32 - bits)` slots passed.
    private var slots = [UInt32](repeating: 0, count: 256)
    private var bits = 8
    private let entries = SpilledArray<Entry>()
    private let bytes = SpillFile()

    /// How many instances the table holds.
    var count: Int { entries.count }

    /// The index of the instance named by the UTF-8 bytes `name`, added when new.
    mutating func intern(_ name: UnsafeRawBufferPointer) -> Int {
        let hash = nameHash(name)
        let tag = Self.tag(of: hash, bits: bits)
        let mask = slots.count - 1
        let indexMask = UInt32(mask)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return add(name, hash: hash, slot: slot) }
            if stored >> bits == tag {
                let index = Int(stored & indexMask) - 1
                if equal(index, name) { return index }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The name of instance `index`.
    func name(at index: Int) -> String {
        let entry = entries[index]
        return String(unsafeUninitializedCapacity: entry.count) { buffer in
            bytes.read(at: entry.offset, into: UnsafeMutableRawBufferPointer(buffer))
            return entry.count
        }
    }

    /// What a slot holds for instance `index` of `hash`: its tag above the index plus one.
    private func slotValue(index: Int, hash: UInt64) -> UInt32 {
        Self.tag(of: hash, bits: bits) << bits | UInt32(truncatingIfNeeded: index + 1)
    }

    /// The hash's high bits that fit above an index of `bits` bits.
    private static func tag(of hash: UInt64, bits: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: hash >> 32) >> bits
    }

    private func equal(_ index: Int, _ name: UnsafeRawBufferPointer) -> Bool {
        let entry = entries[index]
        guard entry.count == name.count else { return false }
        guard entry.count > 0 else { return true }
        return withUnsafeTemporaryAllocation(byteCount: entry.count, alignment: 1) { stored in
            bytes.read(at: entry.offset, into: stored)
            return memcmp(stored.baseAddress!, name.baseAddress!, entry.count) == 0
        }
    }

    private mutating func add(_ name: UnsafeRawBufferPointer, hash: UInt64, slot: Int) -> Int {
        let index = entries.count
        entries.append(Entry(offset: bytes.append(name), hash: hash, count: name.count))
        slots[slot] = slotValue(index: index, hash: hash)
        if entries.count * 5 > slots.count * 4 { grow() }
        return index
    }

    private mutating func grow() {
        // Rebuilt from the hashes on file, read in order: the old table goes before the new one
        // is made.
        precondition(bits < 31, "more instances than a scan can number")
        bits += 1
        slots = []
        slots = [UInt32](repeating: 0, count: 1 << bits)
        let mask = slots.count - 1
        for chunk in 0 ..< (entries.count + entries.chunkCapacity - 1) / entries.chunkCapacity {
            entries.withChunk(chunk) { chunkEntries in
                for (offset, entry) in chunkEntries.enumerated() {
                    var slot = Int(truncatingIfNeeded: entry.hash) & mask
                    while slots[slot] != 0 { slot = (slot + 1) & mask }
                    slots[slot] = slotValue(index: chunk * entries.chunkCapacity + offset, hash: entry.hash)
                }
            }
        }
    }
}
