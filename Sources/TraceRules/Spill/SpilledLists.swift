import TraceStore

/// Lists of fixed-size records, one per key (a view symbol, say), whose records wait in a
/// `SpillFile` rather than in memory: a rule keeps the lines it may cite at the end of the
/// trace here, and holds per key only the last few and where the rest went.
///
/// Each list is a chain of blocks in the file, each block pointing back to the one before;
/// a list keeps its newest records (up to `blockCapacity`) in memory and writes them out as one
/// block when full. Reading a list back (`elements(of:)`) follows the chain. Two lists join
/// (`moveAll`) by pointing one's first block at the other's last, without copying records.
///
/// Owned by one scan's thread, with no overlapping accesses: its stored properties skip the
/// dynamic exclusivity check, which costs more than the work on the hot path.
final class SpilledLists<Element: BitwiseCopyable> {
    /// A block on file: `Header`, then `count` records.
    private struct Header {
        /// The previous block of the list, or -1.
        var previous: Int64
        var count: Int64
    }

    private struct List {
        var count = 0
        /// The list's oldest and newest blocks on file, -1 when none.
        var firstBlock: Int64 = -1
        var lastBlock: Int64 = -1
        /// Records not yet on file, after those in `lastBlock`.
        var tail: [Element] = []
    }

    private let file: SpillFile
    @exclusivity(unchecked) private var lists: [List] = []
    private let blockCapacity: Int

    /// Lists that write out `blockCapacity` records at a time, to a file in `directory` (by
    /// default the temporary directory).
    init(blockCapacity: Int = 64, directory: String? = nil) {
        precondition(blockCapacity > 0)
        self.blockCapacity = blockCapacity
        file = SpillFile(directory: directory)
    }

    /// Bytes written out so far, and whether to a file (false: kept in memory, no file could be made).
    var spilled: (bytes: Int64, onFile: Bool) { (file.size, file.isOnFile) }

    /// Appends `element` to the list of `key` (from 0; lists are made as keys are met).
    @inline(__always)
    func append(_ element: Element, to key: Int) {
        if key >= lists.count { lists.grow(toInclude: key, with: List()) }
        lists[key].tail.append(element)
        lists[key].count += 1
        if lists[key].tail.count >= blockCapacity { writeTail(of: key) }
    }

    /// How many records the list of `key` holds.
    func count(of key: Int) -> Int { key < lists.count ? lists[key].count : 0 }

    /// The list of `key`, oldest first.
    func elements(of key: Int) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(count(of: key))
        forEach(of: key) { result.append($0) }
        return result
    }

    /// Calls `body` with each record of the list of `key`, oldest first, reading a block at a
    /// time: a list longer than memory should hold is never all in memory.
    func forEach(of key: Int, _ body: (Element) throws -> Void) rethrows {
        guard key < lists.count else { return }
        var blocks: [(offset: Int64, count: Int)] = []
        var block = lists[key].lastBlock
        while block >= 0 {
            let header = readHeader(at: block)
            blocks.append((block, Int(header.count)))
            block = header.previous
        }
        var records: [Element] = []
        for (offset, count) in blocks.reversed() where count > 0 {
            records = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
                file.read(at: offset + Int64(MemoryLayout<Header>.stride), into: UnsafeMutableRawBufferPointer(buffer))
                initialized = count
            }
            for record in records { try body(record) }
        }
        for record in lists[key].tail { try body(record) }
    }

    /// Changes the newest record of the list of `key`, which must not be empty.
    func updateLast(of key: Int, _ change: (inout Element) -> Void) {
        precondition(count(of: key) > 0, "no record to update")
        if !lists[key].tail.isEmpty {
            change(&lists[key].tail[lists[key].tail.count - 1])
            return
        }
        let block = lists[key].lastBlock
        let header = readHeader(at: block)
        let offset = block + Int64(MemoryLayout<Header>.stride) + (header.count - 1) * Int64(MemoryLayout<Element>.stride)
        var record = [Element](unsafeUninitializedCapacity: 1) { buffer, initialized in
            file.read(at: offset, into: UnsafeMutableRawBufferPointer(buffer))
            initialized = 1
        }
        change(&record[0])
        record.withUnsafeBytes { file.patch(at: offset, with: $0) }
    }

    /// Empties the list of `key`.
    func removeAll(of key: Int) {
        guard key < lists.count else { return }
        lists[key] = List()
    }

    /// Appends the whole list of `source` to the list of `target`, leaving `source` empty.
    func moveAll(from source: Int, to target: Int) {
        precondition(source != target)
        guard source < lists.count, lists[source].count > 0 else { return }
        if target >= lists.count { lists.grow(toInclude: target, with: List()) }
        if lists[source].firstBlock < 0 {
            // Only a tail: fewer than a block of records, cheaper copied.
            for element in lists[source].tail { append(element, to: target) }
            lists[source] = List()
            return
        }
        writeTail(of: target)
        writeTail(of: source)
        let moved = lists[source]
        if lists[target].lastBlock >= 0 {
            var previous = lists[target].lastBlock
            withUnsafeBytes(of: &previous) { file.patch(at: moved.firstBlock, with: $0) }
        } else {
            lists[target].firstBlock = moved.firstBlock
        }
        lists[target].lastBlock = moved.lastBlock
        lists[target].count += moved.count
        lists[source] = List()
    }

    /// Writes the list's tail to the file as one block.
    private func writeTail(of key: Int) {
        guard !lists[key].tail.isEmpty else { return }
        var header = Header(previous: lists[key].lastBlock, count: Int64(lists[key].tail.count))
        let offset = withUnsafeBytes(of: &header) { file.append($0) }
        lists[key].tail.withUnsafeBytes { _ = file.append($0) }
        if lists[key].firstBlock < 0 { lists[key].firstBlock = offset }
        lists[key].lastBlock = offset
        lists[key].tail.removeAll(keepingCapacity: true)
    }

    private func readHeader(at offset: Int64) -> Header {
        var header = Header(previous: -1, count: 0)
        withUnsafeMutableBytes(of: &header) { file.read(at: offset, into: $0) }
        return header
    }
}
