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
/// `ref="n"`; ids grow in document order. The latest `windowSize` ids are kept in a ring; a value
/// referred to while in the ring is kept for good (a view name, a label, the 16.67 ms a
/// hitch repeats), so a value's later refs find it however far away. A ref to a value that left
/// the ring unreferenced is not found: it is counted (`instruments_unresolved_refs`), and its
/// cell is empty. Strings are interned: a name costs its bytes once.
struct InstrumentsValueTable {
    /// Ids kept in the ring: 512 Ki values cost about 12 MB.
    static let windowSize = 1 << 19

    private var ring: [InstrumentsValue]
    private var ringIDs: [Int32]
    /// Set once the ring's value has been copied to `kept`: later refs read the ring alone.
    private var ringKept: [Bool]
    private var kept: [Int32: InstrumentsValue] = [:]
    private(set) var strings: [String] = []
    private var stringIndex: [String: Int32] = [:]

    init() {
        ring = [InstrumentsValue](repeating: .none, count: Self.windowSize)
        ringIDs = [Int32](repeating: -1, count: Self.windowSize)
        ringKept = [Bool](repeating: false, count: Self.windowSize)
    }

    /// Records the value of the element with `id`.
    mutating func define(_ id: Int, _ value: InstrumentsValue) {
        let slot = id & (Self.windowSize - 1)
        ring[slot] = value
        ringIDs[slot] = Int32(truncatingIfNeeded: id)
        ringKept[slot] = false
    }

    /// The value `ref` points at; nil when it is unknown.
    mutating func resolve(_ ref: Int) -> InstrumentsValue? {
        // The ring first: most refs point a few rows back, and a hit there costs no hashing.
        let key = Int32(truncatingIfNeeded: ref)
        let slot = ref & (Self.windowSize - 1)
        guard ringIDs[slot] == key else { return kept[key] }
        let value = ring[slot]
        if !ringKept[slot] {
            kept[key] = value
            ringKept[slot] = true
        }
        return value
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
