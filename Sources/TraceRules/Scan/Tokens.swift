/// The `_printChanges()` tokens of one line, in printed order.
///
/// Nearly every line prints one to three tokens; they are kept inline, so a million events cost
/// no allocation and no reference counting between the scan's two threads. A fourth token and
/// beyond go to an array.
public struct Tokens: RandomAccessCollection, Hashable, Sendable {
    private var first: Symbol?
    private var second: Symbol?
    private var third: Symbol?
    private var rest: [Symbol] = []
    public private(set) var count = 0

    /// No tokens.
    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Symbol {
        precondition(position >= 0 && position < count, "token index out of range")
        switch position {
        case 0: return first!
        case 1: return second!
        case 2: return third!
        default: return rest[position - 3]
        }
    }

    /// Adds `symbol` after the others.
    public mutating func append(_ symbol: Symbol) {
        switch count {
        case 0: first = symbol
        case 1: second = symbol
        case 2: third = symbol
        default: rest.append(symbol)
        }
        count += 1
    }

    public static func == (lhs: Tokens, rhs: Tokens) -> Bool { lhs.elementsEqual(rhs) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for symbol in self { hasher.combine(symbol) }
    }
}
