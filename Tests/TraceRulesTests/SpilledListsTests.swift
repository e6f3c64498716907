import Testing
@testable import TraceRules

/// The rules' spilled lists against plain arrays: same records, same order, whatever the mix
/// of appends, joins, updates and clears, on file and when no file can be made.
@Suite struct SpilledListsTests {
    /// A small deterministic generator, so a failure replays.
    struct Rng {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    struct Record: Equatable, BitwiseCopyable {
        var line: UInt32
        var flag: Bool
        var other: Int64
    }

    @Test(arguments: [nil, "/nonexistent-directory-for-spill"] as [String?])
    func matchesArrays(directory: String?) {
        let lists = SpilledLists<Record>(blockCapacity: 5, directory: directory)
        var model: [[Record]] = Array(repeating: [], count: 12)
        var rng = Rng(state: 7)
        for step in 0 ..< 20_000 {
            let key = rng.next(12)
            switch rng.next(100) {
            case 0 ..< 80:
                let record = Record(line: UInt32(step), flag: step % 3 == 0, other: Int64(-step))
                lists.append(record, to: key)
                model[key].append(record)
            case 80 ..< 88:
                let target = rng.next(12)
                guard target != key else { continue }
                lists.moveAll(from: key, to: target)
                model[target] += model[key]
                model[key] = []
            case 88 ..< 96:
                guard !model[key].isEmpty else { continue }
                lists.updateLast(of: key) { $0.other += 1_000_000 }
                model[key][model[key].count - 1].other += 1_000_000
            default:
                lists.removeAll(of: key)
                model[key] = []
            }
            if step % 997 == 0 {
                for check in 0 ..< 12 { #expect(lists.elements(of: check) == model[check]) }
            }
        }
        for key in 0 ..< 12 {
            #expect(lists.count(of: key) == model[key].count)
            #expect(lists.elements(of: key) == model[key])
        }
        #expect(lists.elements(of: 40).isEmpty)
        #expect(lists.spilled.bytes > 0)
        #expect(lists.spilled.onFile == (directory == nil))
    }

    @Test func updatesTheLastRecordOnceItIsOnFile() {
        let lists = SpilledLists<Int>(blockCapacity: 4)
        for value in 1 ... 8 { lists.append(value, to: 0) }
        lists.updateLast(of: 0) { $0 = 80 }
        lists.append(9, to: 0)
        #expect(lists.elements(of: 0) == [1, 2, 3, 4, 5, 6, 7, 80, 9])
    }

    @Test func aLongListIsReadBackInOrder() {
        let lists = SpilledLists<UInt32>()
        for value in 0 ..< 300_000 as Range<UInt32> { lists.append(value, to: Int(value % 3)) }
        var expected: UInt32 = 1
        var all = true
        lists.forEach(of: 1) { value in
            all = all && value == expected
            expected += 3
        }
        #expect(all && expected == 300_001)
        #expect(lists.spilled.onFile && lists.spilled.bytes >= 300_000 * 4)
    }
}

/// The spilled array against a plain one: appends, changes to the newest record, and reads in
/// order, backwards and at random, on file and in memory.
@Suite struct SpilledArrayTests {
    struct Record: Equatable, BitwiseCopyable {
        var first: UInt32
        var last: UInt32
        var flag: Bool
    }

    @Test(arguments: [nil, "/nonexistent-directory-for-spill"] as [String?])
    func matchesAnArray(directory: String?) {
        let spilled = SpilledArray<Record>(chunkCapacity: 7, cachedChunks: 3, directory: directory)
        var plain: [Record] = []
        var rng = SpilledListsTests.Rng(state: 11)
        for step in 0 ..< 200_000 {
            let record = Record(first: UInt32(step), last: UInt32(step + rng.next(5)), flag: step % 2 == 0)
            spilled.append(record)
            plain.append(record)
            if rng.next(3) == 0 {
                spilled.updateLast { $0.last += 10 }
                plain[plain.count - 1].last += 10
            }
        }
        #expect(spilled.count == plain.count)
        #expect((0 ..< plain.count).allSatisfy { spilled[$0] == plain[$0] })
        #expect((0 ..< plain.count).reversed().allSatisfy { spilled[$0] == plain[$0] })
        var all = true
        for _ in 0 ..< 50_000 {
            let index = rng.next(plain.count)
            all = all && spilled[index] == plain[index]
        }
        #expect(all)
    }

    /// Chunks changed in place (`modifyChunk`), old ones written back and the newest in memory,
    /// interleaved with single updates and with reads that evict the chunks at hand: every record
    /// reads back as a plain array changed the same way has it.
    @Test(arguments: [nil, "/nonexistent-directory-for-spill"] as [String?])
    func chunksChangedInPlaceMatchAnArray(directory: String?) {
        let spilled = SpilledArray<Record>(chunkCapacity: 7, cachedChunks: 2, directory: directory)
        var plain: [Record] = []
        for step in 0 ..< 1_000 {
            let record = Record(first: UInt32(step), last: 0, flag: false)
            spilled.append(record)
            plain.append(record)
        }
        var rng = SpilledListsTests.Rng(state: 5)
        for round in 0 ..< 3_000 {
            let chunk = rng.next((plain.count + 6) / 7)
            let offset = rng.next(7)
            let index = chunk * 7 + offset
            spilled.modifyChunk(chunk) { records in
                guard offset < records.count else { return false }
                records[offset].last += 1
                return true
            }
            if index < plain.count { plain[index].last += 1 }
            if round % 3 == 0 {
                let other = rng.next(plain.count)
                spilled.update(at: other) { $0.flag.toggle() }
                plain[other].flag.toggle()
            }
            // Reading other chunks evicts the one changed (two chunks at hand).
            _ = spilled[rng.next(plain.count)]
            _ = spilled[rng.next(plain.count)]
            _ = spilled[rng.next(plain.count)]
        }
        #expect((0 ..< plain.count).allSatisfy { spilled[$0] == plain[$0] })
    }
}
