import Testing
import TraceRules

/// The lines of a trace as a bitmap: every line held is found, no other.
@Suite struct LineSetTests {
    @Test func linesAcrossChunksAreFoundAndNoOthers() {
        let held = [1, 2, 63, 64, 65, 262_143, 262_144, 262_145, 1_000_000, 5_000_001]
        var set = LineSet()
        for line in held { set.insert(line) }
        set.insert(0)
        set.insert(-3)
        for line in held { #expect(set.contains(line)) }
        let probes = [0, -3, 3, 62, 66, 262_142, 262_146, 999_999, 1_000_001, 5_000_000, 5_000_002, 9_000_000]
        for line in probes { #expect(!set.contains(line)) }
        #expect(!LineSet().contains(1))
    }
}
