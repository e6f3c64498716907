/// One cell's value in an `xctrace export` table, compact: a number (times and durations in
/// nanoseconds, ids, counts) or an interned string (view names, labels, display text).
public enum InstrumentsValue: Equatable, Sendable {
    /// An empty cell (`<sentinel/>`), or one whose value could not be found.
    case none
    /// An integer read from the element's text.
    case number(Int64)
    /// An index into the reader's string table.
    case string(Int32)

    /// True for `.none`.
    var isNone: Bool { if case .none = self { true } else { false } }
}

/// The values behind `id=` for `ref=` to find, in flat memory however long the export.
///
/// `xctrace export` writes each value once with `id="n"` and then refers to it with
/// `ref="n"`; ids grow in document order. The latest `windowSize` ids are kept in a ring. When
/// an id leaves the ring, its value is kept for good if it was referred to meanwhile: a string
/// once (a view name, a label), a number twice (the 16.67 ms a hitch repeats). A number referred
/// to once is usually a row's own cross-reference (a cause set naming the row's description),
/// which a real export has on every row: keeping those grew memory with the file (103 MB at
/// 1 GB). A ref to a value that left the ring without qualifying is not found: it is counted
/// (`instruments_unresolved_refs`), and its cell is empty. Strings are interned: a name costs
/// its bytes once.
struct InstrumentsValueTable {
    /// Ids kept in the ring: 512 Ki values cost about 12 MB.
    static let windowSize = 1 << 19

    /// The ring's size once grown: `windowSize`, or less in tests.
    private let windowLimit: Int
    private var windowMask: Int
    private var ring: [InstrumentsValue]
    private var ringIDs: [Int32]
    /// How often each ring value was referred to (saturating): decides what is kept.
    private var ringRefs: [UInt8]
    private var kept: [Int32: InstrumentsValue] = [:]
    private(set) var strings: [String] = []
    private var stringIndex: [String: Int32] = [:]

    /// A table whose ring holds `windowSize` ids (a power of two; tests make it small).
    ///
    /// The ring starts small and doubles as ids grow (a small export, or a fuzzer's input, does
    /// not pay 12 MB to read a few rows). While every id seen is below the ring's size, each sits
    /// in the slot it would have in the full ring, so what is kept and found is the same.
    init(windowSize: Int = Self.windowSize, startingSize: Int = 1 << 10) {
        precondition(windowSize > 0 && windowSize & (windowSize - 1) == 0, "the window is a power of two")
        precondition(startingSize > 0 && startingSize & (startingSize - 1) == 0, "the ring's first size is a power of two")
        windowLimit = windowSize
        let start = min(windowSize, startingSize)
        windowMask = start - 1
        ring = [InstrumentsValue](repeating: .none, count: start)
        ringIDs = [Int32](repeating: -1, count: start)
        ringRefs = [UInt8](repeating: 0, count: start)
    }

    /// Records the value of the element with `id`.
    mutating func define(_ id: Int, _ value: InstrumentsValue) {
        if id > windowMask || id < 0, windowMask + 1 < windowLimit { grow(toHold: id) }
        let slot = id & windowMask
        let refs = ringRefs[slot]
        if refs > 0, ringIDs[slot] >= 0 {
            let leaving = ring[slot]
            if case .string = leaving { kept[ringIDs[slot]] = leaving } else if refs >= 2 { kept[ringIDs[slot]] = leaving }
        }
        ring[slot] = value
        ringIDs[slot] = Int32(truncatingIfNeeded: id)
        ringRefs[slot] = 0
    }

    /// Doubles the ring until it holds `id` (a negative one: to its full size), moving each value
    /// to its slot in the larger ring. Every id in the ring is below its old size, so none collide.
    private mutating func grow(toHold id: Int) {
        var size = windowMask + 1
        while size < windowLimit && (id < 0 || id >= size) { size <<= 1 }
        var grownRing = [InstrumentsValue](repeating: .none, count: size)
        var grownIDs = [Int32](repeating: -1, count: size)
        var grownRefs = [UInt8](repeating: 0, count: size)
        for slot in ringIDs.indices where ringIDs[slot] >= 0 {
            let moved = Int(ringIDs[slot]) & (size - 1)
            grownRing[moved] = ring[slot]
            grownIDs[moved] = ringIDs[slot]
            grownRefs[moved] = ringRefs[slot]
        }
        ring = grownRing
        ringIDs = grownIDs
        ringRefs = grownRefs
        windowMask = size - 1
    }

    /// The value `ref` points at; nil when it is unknown.
    mutating func resolve(_ ref: Int) -> InstrumentsValue? {
        // The ring first: most refs point a few rows back, and a hit there costs no hashing.
        let key = Int32(truncatingIfNeeded: ref)
        let slot = ref & windowMask
        guard ringIDs[slot] == key else { return kept[key] }
        if ringRefs[slot] < UInt8.max { ringRefs[slot] += 1 }
        return ring[slot]
    }

    /// The interned index of `text`.
    mutating func intern(_ text: String) -> InstrumentsValue {
        if let index = stringIndex[text] { return .string(index) }
        let index = Int32(strings.count)
        strings.append(text)
        stringIndex[text] = index
        return .string(index)
    }

    /// `value` as text: a string as stored, a number in decimal; nil for none.
    func text(_ value: InstrumentsValue) -> String? {
        switch value {
        case .none: nil
        case .number(let number): String(number)
        case .string(let index): strings[Int(index)]
        }
    }
}
