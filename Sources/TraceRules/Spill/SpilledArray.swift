import TraceStore

/// An append-only array of fixed-size records kept in a `SpillFile`, not in memory, but for the
/// newest chunk and one chunk read back: the update tracker's updates and rows, one per few
/// lines of the log, which `check` and `report` read only after the scan.
///
/// The newest record changes in memory (`updateLast`); an older one by a patch of its bytes
/// (`update(at:)`), for records completed later than they are appended. Reading is fastest in order or close to it: a read outside the chunks
/// in hand loads that whole chunk.
///
/// Owned by one scan's thread, with no overlapping accesses: its stored properties skip the
/// dynamic exclusivity check, which costs more than the work on the hot path.
final class SpilledArray<Element: BitwiseCopyable> {
    /// Records per chunk, written and read as one.
    let chunkCapacity: Int
    private let file: SpillFile
    /// The records after the last whole chunk written.
    @exclusivity(unchecked) private var tail: [Element] = []
    @exclusivity(unchecked) private var writtenCount = 0
    /// Chunks read back, by chunk number modulo their count, with their numbers (-1 for none):
    /// reads that come back to a recent chunk (a finding's lines, near each other) read nothing.
    @exclusivity(unchecked) private var cached: [[Element]]
    @exclusivity(unchecked) private var cachedChunk: [Int]

    /// An empty array that writes `chunkCapacity` records at a time to a file in `directory`
    /// (by default the temporary directory).
    init(chunkCapacity: Int = 128, cachedChunks: Int = 16, directory: String? = nil) {
        precondition(chunkCapacity > 0 && cachedChunks > 0)
        self.chunkCapacity = chunkCapacity
        cached = Array(repeating: [], count: cachedChunks)
        cachedChunk = Array(repeating: -1, count: cachedChunks)
        file = SpillFile(directory: directory)
        tail.reserveCapacity(chunkCapacity)
    }

    /// How many records the array holds.
    var count: Int { writtenCount + tail.count }

    /// True when the array holds nothing.
    var isEmpty: Bool { count == 0 }

    /// Adds `element` at the end.
    @inline(__always)
    func append(_ element: Element) {
        if tail.count == chunkCapacity { writeTail() }
        tail.append(element)
    }

    /// Changes the newest record; the array must not be empty.
    @inline(__always)
    func updateLast(_ change: (inout Element) -> Void) {
        change(&tail[tail.count - 1])
    }

    /// Changes the record at `index`: in memory when it is in the newest chunk, else a patch of
    /// the file (and of the chunk read back, when it is at hand).
    ///
    /// A record whose chunk is not at hand is read alone: loading its chunk read thousands of
    /// records for one (229 KB for a chrome trace's lifetime) and pushed out a chunk a reader
    /// was using, so updates scattered over old chunks read the file over and over.
    func update(at index: Int, _ change: (inout Element) -> Void) {
        precondition(index >= 0 && index < count, "index out of range")
        if index >= writtenCount {
            change(&tail[index - writtenCount])
            return
        }
        let chunk = index / chunkCapacity
        let slot = chunk % cachedChunk.count
        let offset = Int64(index * MemoryLayout<Element>.stride)
        var element: Element
        if cachedChunk[slot] == chunk {
            change(&cached[slot][index - chunk * chunkCapacity])
            element = cached[slot][index - chunk * chunkCapacity]
        } else {
            element = withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { buffer in
                file.read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
                return buffer[0]
            }
            change(&element)
        }
        withUnsafeBytes(of: &element) { file.patch(at: offset, with: $0) }
    }

    /// The record at `index`, from 0.
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "index out of range")
        let chunk = index / chunkCapacity
        return withChunk(chunk) { $0[index - chunk * chunkCapacity] }
    }

    /// Calls `body` with chunk number `chunk` (records `chunk * chunkCapacity` on; the last may
    /// be partly filled), read back when it is not at hand.
    func withChunk<Result>(_ chunk: Int, _ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        precondition(chunk >= 0 && chunk * chunkCapacity < count, "chunk out of range")
        if chunk * chunkCapacity >= writtenCount { return try tail.withUnsafeBufferPointer(body) }
        let slot = chunk % cachedChunk.count
        if chunk != cachedChunk[slot] { load(chunk, into: slot) }
        return try cached[slot].withUnsafeBufferPointer(body)
    }

    /// Calls `body` with chunk number `chunk` to change in place (read back when it is not at
    /// hand); when `body` returns true, the chunk goes back to the file in one write (the
    /// newest chunk changes in memory). For many changes in one chunk, where `update(at:)`
    /// would write each record apart. `body` returns false only when it changed nothing, and
    /// must not use the array otherwise.
    func modifyChunk(_ chunk: Int, _ body: (UnsafeMutableBufferPointer<Element>) throws -> Bool) rethrows {
        precondition(chunk >= 0 && chunk * chunkCapacity < count, "chunk out of range")
        if chunk * chunkCapacity >= writtenCount {
            _ = try tail.withUnsafeMutableBufferPointer { try body($0) }
            return
        }
        let slot = chunk % cachedChunk.count
        if chunk != cachedChunk[slot] { load(chunk, into: slot) }
        guard try cached[slot].withUnsafeMutableBufferPointer({ try body($0) }) else { return }
        cached[slot].withUnsafeBytes { file.patch(at: Int64(chunk * chunkCapacity * MemoryLayout<Element>.stride), with: $0) }
    }

    private func writeTail() {
        tail.withUnsafeBytes { _ = file.append($0) }
        writtenCount += tail.count
        tail.removeAll(keepingCapacity: true)
    }

    private func load(_ chunk: Int, into slot: Int) {
        let stride = MemoryLayout<Element>.stride
        let offset = Int64(chunk * chunkCapacity * stride)
        if cached[slot].count == chunkCapacity {
            // Read into the slot's array in place: a reader that jumps between chunks (a rule
            // following several lists at once) would otherwise allocate a chunk per read, and
            // that churn, between longer-lived allocations, left the heap holding 4 MB more at
            // 10M lines than it used.
            cached[slot].withUnsafeMutableBytes { file.read(at: offset, into: $0) }
        } else {
            cached[slot] = [Element](unsafeUninitializedCapacity: chunkCapacity) { buffer, initialized in
                file.read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
                initialized = chunkCapacity
            }
        }
        cachedChunk[slot] = chunk
    }
}
