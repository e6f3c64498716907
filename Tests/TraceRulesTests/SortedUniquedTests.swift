import Testing
@testable import TraceRules

/// A finding's lines: ascending, each once, whatever order its rule gathered them in.
@Suite struct SortedUniquedTests {
    @Test(arguments: [
        [Int](), [7], [1, 2, 3], [3, 1, 2], [2, 2], [5, 1, 5, 3, 1], [1, 2, 2, 3], [9, 8, 7, 7, 7, 1],
    ])
    func linesComeAscendingEachOnce(lines: [Int]) {
        #expect(lines.sortedUniqued() == Array(Set(lines)).sorted())
    }

    @Test func aLongShuffledListWithRepeats() {
        var generator = SystemRandomNumberGenerator()
        let lines = (0 ..< 5000).map { _ in Int.random(in: 0 ..< 1000, using: &generator) }
        #expect(lines.sortedUniqued() == Array(Set(lines)).sorted())
    }
}
