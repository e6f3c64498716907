import Testing
import TraceRules

/// The lines of a trace as a set: every line held is found, no other, whether its block keeps
/// them as a list or as a bitmap.
@Suite struct LineSetTests {
    @Test func linesAcrossChunksAreFoundAndNoOthers() {
        let held = [1, 2, 63, 64, 65, 65_535, 65_536, 65_537, 262_143, 262_144, 262_145, 1_000_000, 5_000_001]
        var set = LineSet()
        for line in held { set.insert(line) }
        set.insert(0)
        set.insert(-3)
        for line in held { #expect(set.contains(line)) }
        let probes = [0, -3, 3, 62, 66, 65_534, 65_538, 262_142, 262_146, 999_999, 1_000_001, 5_000_000, 5_000_002, 9_000_000]
        for line in probes { #expect(!set.contains(line)) }
        #expect(!LineSet().contains(1))
    }

    /// Lines out of order and repeated, sparse in some blocks and dense enough in others to
    /// turn their lists into bitmaps, against a `Set`.
    @Test(arguments: [0.01, 0.2, 0.9])
    func agreesWithASetInAnyOrder(density: Double) {
        var generator = SplitMix(seed: UInt64(density * 1000))
        var expected = Set<Int>()
        var set = LineSet()
        let span = 3 << 16
        for _ in 0 ..< Int(Double(span) * density) {
            let line = 1 + Int(generator.next() % UInt64(span))
            expected.insert(line)
            set.insert(line)
            if generator.next() % 4 == 0 { set.insert(line) }
        }
        #expect((0 ... span + 1).filter { set.contains($0) } == expected.sorted())
    }

    /// A stream's lines arrive ascending: the common path appends.
    @Test func ascendingLinesEveryOtherOne() {
        var set = LineSet()
        for line in stride(from: 2, through: 300_000, by: 2) { set.insert(line) }
        #expect((1 ... 300_001).allSatisfy { set.contains($0) == ($0 % 2 == 0) })
    }
}
