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

    /// The ring starts small and grows with the ids; what it keeps and finds is what a ring of
    /// its full size from the start would: the same answers to the same defines and refs, ids in
    /// order, out of order, repeated, past the window and past 32 bits (ids and refs are digits
    /// only: never negative).
    @Test(arguments: [1, 2, 3, 4, 5])
    func aGrowingRingAnswersAsAFullOneWould(seed: UInt64) {
        var full = InstrumentsValueTable(windowSize: 1 << 12, startingSize: 1 << 12)
        var growing = InstrumentsValueTable(windowSize: 1 << 12, startingSize: 1)
        var random = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        var id = 0
        for step in 0..<20_000 {
            switch next(10) {
            case 0..<4:
                // Mostly the next id, sometimes a jump ahead, back, or far out.
                switch next(20) {
                case 0: id = next(1 << 14)
                case 1: id = (1 << 32) + next(1 << 14)
                case 2: id = max(0, id - next(50))
                default: id += 1
                }
                let value: InstrumentsValue = next(3) == 0 ? .string(Int32(next(100))) : .number(Int64(step))
                full.define(id, value)
                growing.define(id, value)
            default:
                let ref = next(8) == 0 ? next(1 << 14) + (next(2) << 32) : max(0, id - next(64))
                #expect(growing.resolve(ref) == full.resolve(ref), "step \(step): ref \(ref)")
            }
        }
    }
}
