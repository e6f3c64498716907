import Foundation
import TraceModel
import TraceStore

/// The instances of one scan (`0x600000c04000`, a row's id), interned to dense indexes without
/// keeping their names in memory: a log can name a new instance on every line, and a table of
/// strings would grow with it. Per instance, memory holds 32 bits of its hash and a slot of the
/// hash table (about 10 bytes); the names wait in a `SpillFile`, read back to tell two names
/// with one hash apart (exactly: a symbol still stands for one name) and when a finding names
/// an instance.
struct InstanceNames {
    /// Where an instance's name lies in `bytes`.
    private struct Span {
        let offset: Int64
        let count: Int
    }

    /// The low 32 bits of each instance's hash: enough to place it in any table that fits in
    /// memory, and to leave reading a name back for the rare equal ones. In fixed chunks, so
    /// that growing never holds an old copy beside a new one twice its size.
    private var hashes = ChunkedArray<UInt32>()
    /// Open addressing: an instance index plus one per slot, 0 for empty; at most three
    /// quarters full (linear probing stays short at that load, and a slot is only 4 bytes).
    private var slots = [UInt32](repeating: 0, count: 256)
    private let spans = SpilledArray<Span>()
    private let bytes = SpillFile()

    /// How many instances the table holds.
    var count: Int { hashes.count }

    /// The index of the instance named by the UTF-8 bytes `name`, added when new.
    mutating func intern(_ name: UnsafeRawBufferPointer) -> Int {
        let hash = UInt32(truncatingIfNeeded: nameHash(name))
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { return add(name, hash: hash, slot: slot) }
            if hashes[stored - 1] == hash && equal(stored - 1, name) { return stored - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// The name of instance `index`.
    func name(at index: Int) -> String {
        let span = spans[index]
        return String(unsafeUninitializedCapacity: span.count) { buffer in
            bytes.read(at: span.offset, into: UnsafeMutableRawBufferPointer(buffer))
            return span.count
        }
    }

    private func equal(_ index: Int, _ name: UnsafeRawBufferPointer) -> Bool {
        let span = spans[index]
        guard span.count == name.count else { return false }
        guard span.count > 0 else { return true }
        return withUnsafeTemporaryAllocation(byteCount: span.count, alignment: 1) { stored in
            bytes.read(at: span.offset, into: stored)
            return memcmp(stored.baseAddress!, name.baseAddress!, span.count) == 0
        }
    }

    private mutating func add(_ name: UnsafeRawBufferPointer, hash: UInt32, slot: Int) -> Int {
        let index = hashes.count
        hashes.append(hash)
        spans.append(Span(offset: bytes.append(name), count: name.count))
        slots[slot] = UInt32(truncatingIfNeeded: index + 1)
        if hashes.count * 4 > slots.count * 3 { grow() }
        return index
    }

    private mutating func grow() {
        // The slots are rebuilt from the hashes: the old table goes before the new one is made.
        let size = slots.count * 2
        slots = []
        slots = [UInt32](repeating: 0, count: size)
        let mask = slots.count - 1
        for index in 0 ..< hashes.count {
            var slot = Int(truncatingIfNeeded: hashes[index]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(truncatingIfNeeded: index + 1)
        }
    }
}
