import Testing
@testable import TraceModel

/// `InstrumentsValueTable` with a small ring: what a ref finds once its id has left the ring.
@Suite struct InstrumentsValueTableTests {
    @Test func valuesReferredToSurviveTheRingAndOthersAreCounted() {
        var table = InstrumentsValueTable(windowSize: 8)
        let name = table.intern("ListRow")
        table.define(1, name)              // a view name, referred to once while in the ring
        table.define(2, .number(16_666_666)) // a hitch duration, referred to twice
        table.define(3, .number(42))        // a row's own cross-reference, referred to once
        table.define(4, .number(7))         // never referred to
        #expect(table.resolve(1) == name)
        #expect(table.resolve(2) == .number(16_666_666))
        #expect(table.resolve(2) == .number(16_666_666))
        #expect(table.resolve(3) == .number(42))
        for id in 5...40 { table.define(id, .number(Int64(id))) }
        #expect(table.resolve(1) == name)
        #expect(table.resolve(2) == .number(16_666_666))
        #expect(table.resolve(3) == nil)
        #expect(table.resolve(4) == nil)
        #expect(table.resolve(40) == .number(40))
        #expect(table.resolve(32) == nil)
    }
}
