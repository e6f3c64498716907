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
}
