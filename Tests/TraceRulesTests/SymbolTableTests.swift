import Testing
@testable import TraceRules

@Suite struct SymbolTableTests {
    @Test func equalNamesAreEqualSymbolsAcrossGrowth() {
        let table = SymbolTable()
        let names = (0..<5000).map { "View\($0)" } + ["", "_count", "ContentView", "Ünïcode"]
        let first = names.map(table.intern)
        let second = names.map(table.intern)
        #expect(first == second)
        #expect(Set(first).count == names.count)
        #expect(first.map { table[$0] } == names)
        #expect(table.count == names.count + 2)
        #expect(table.intern("@self") == table.selfToken)
        #expect(table.intern("@identity") == table.identityToken)
        #expect(table.symbol(at: first[7].index) == first[7])
    }

    /// `distinctNames` gives what `map { table[$0] }.uniqued()` gives: ASCII names of distinct
    /// symbols as they are, a repeated symbol once, and canonically equivalent names (a
    /// precomposed `é` and `e` with a combining accent: two symbols, one Swift string) once.
    @Test(arguments: [
        ["Avatar", "Toolbar", "FeedRow"],
        ["Avatar", "Toolbar", "Avatar"],
        ["Caf\u{E9}View", "Toolbar", "Cafe\u{301}View"],
        ["Caf\u{E9}View", "Caf\u{E9}View"],
        [],
    ])
    func distinctNamesAreTheNamesUniqued(names: [String]) {
        let table = SymbolTable()
        let symbols = names.map(table.intern)
        #expect(table.distinctNames(symbols) == symbols.map { table[$0] }.uniqued())
    }

    @Test func canonicallyEquivalentNamesAreTwoSymbolsAndOneName() {
        let table = SymbolTable()
        let symbols = ["Caf\u{E9}View", "Cafe\u{301}View"].map(table.intern)
        #expect(symbols[0] != symbols[1])
        #expect(table.distinctNames(symbols) == ["Caf\u{E9}View"])
    }

    @Test func factsTravelInTheSymbol() {
        let table = SymbolTable()
        #expect(table.intern("ContentView").endsWithView)
        #expect(!table.intern("DataModel").endsWithView)
        #expect(!table.intern("View").isState)
        #expect(table.intern("View").endsWithView)
        #expect(table.intern("_isPlaying").isState)
        #expect(!table.intern("@self").isState)
        #expect(!table.intern("Vie").endsWithView)
    }

    /// Instances are numbered apart, so a log naming a new instance per line does not widen
    /// the rules' per-view arrays, and their names (kept on file) come back exactly.
    @Test func instancesHaveIndexesOfTheirOwnAndTheirNamesComeBack() {
        let table = SymbolTable()
        let view = table.intern("RowView")
        let names = (0..<300_000).map { "0x6000\(String($0, radix: 16))" } + ["", "RowView", "Ünïcode 🟢"]
        let first = names.map(table.internInstance)
        let second = names.reversed().map(table.internInstance).reversed()
        #expect(first == Array(second))
        #expect(Set(first).count == names.count)
        #expect(first.allSatisfy(\.isInstance) && !view.isInstance)
        #expect(first.map(\.index) == Array(0 ..< names.count))
        #expect(table.count == 3)
        #expect(table.intern("RowView") == view && table.internInstance("RowView") != view)
        #expect(first.map { table[$0] } == names)
    }
}
