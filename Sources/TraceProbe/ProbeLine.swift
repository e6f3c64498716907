/// The structured line format, as the probe writes it (docs/exact-mode.md, "Structured lines"):
///
/// ```
/// trace-analyze: kind=body view=CounterView type=App.CounterView id=#3 t=1042.000431207 ms=0.612 identity=new
/// ```
///
/// Keys in this order: `kind`, `view`, `type`, `id`, `t` (monotonic seconds, nanosecond digits),
/// then when known `owner`, `ms` (microsecond digits), `identity=new` (first body of a new
/// identity), `seen=1|0` (a state token's deinit: kept or discarded).
///
/// A line is written byte by byte into one buffer its output owns, with `StaticString`s for the
/// fixed parts and digits written by hand: `Array` appends and `Double`'s description retain,
/// release and allocate, which cost more than the rest of the line.
struct ProbeLine {
    /// The steps a probe reports; `word` is the parser's `kind=` value.
    enum Kind {
        case `init`, `deinit`, body, appear, disappear

        var word: StaticString {
            switch self {
            case .`init`: "init"
            case .`deinit`: "deinit"
            case .body: "body"
            case .appear: "appear"
            case .disappear: "disappear"
            }
        }
    }

    /// The most a line takes besides its names and owner: the marker, keys and numbers.
    static let fixedCapacity = 192

    private(set) var start: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 1024) {
        self.capacity = capacity
        start = .allocate(capacity: capacity)
    }

    /// Frees the buffer; the owner calls it once, in its deinit.
    func deallocate() { start.deallocate() }

    /// Empties the line and makes room for `extra` bytes of names besides the fixed parts.
    mutating func reset(reserving extra: Int) {
        count = 0
        let needed = Self.fixedCapacity + extra
        guard needed > capacity else { return }
        start.deallocate()
        capacity = max(needed, capacity * 2)
        start = .allocate(capacity: capacity)
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }

    @inline(__always) mutating func append(_ text: StaticString) {
        (start + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count += text.utf8CodeUnitCount
    }

    @inline(__always) mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        (start + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    @inline(__always) mutating func append(byte: UInt8) {
        start[count] = byte
        count += 1
    }

    /// `value` in decimal.
    mutating func appendDecimal(_ value: UInt64) {
        var digits = 1
        var rest = value / 10
        while rest > 0 { digits += 1; rest /= 10 }
        var remaining = value
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            start[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        }
        count += digits
    }

    /// `value / scale` with `digits` decimals (`scale` is 10 to the power `digits`):
    /// `appendFixed(1_500, scale: 1_000, digits: 3)` is `1.500`.
    mutating func appendFixed(_ value: UInt64, scale: UInt64, digits: Int) {
        appendDecimal(value / scale)
        append(byte: UInt8(ascii: "."))
        var fraction = value % scale
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            start[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
            fraction /= 10
        }
        count += digits
    }

    /// Writes one whole line.
    mutating func write(
        _ kind: Kind, _ names: ProbeNames, number: Int, time: UInt64,
        owner: [UInt8]?, nanoseconds: UInt64?, newIdentity: Bool, seen: Bool?
    ) {
        reset(reserving: names.view.count + names.type.count + (owner?.count ?? 0))
        append("trace-analyze: kind=")
        append(kind.word)
        names.view.withUnsafeBufferPointer { append($0) }
        names.type.withUnsafeBufferPointer { append($0) }
        // `#n`: the instance notation the parser and reports already use for numbered instances.
        append(" id=#")
        appendDecimal(UInt64(number))
        append(" t=")
        appendFixed(time, scale: 1_000_000_000, digits: 9)
        if let owner {
            append(" owner=")
            owner.withUnsafeBufferPointer { append($0) }
        }
        if let nanoseconds {
            append(" ms=")
            // Microsecond digits: the clock's own resolution is finer, the work measured is not.
            appendFixed(nanoseconds / 1_000, scale: 1_000, digits: 3)
        }
        if newIdentity { append(" identity=new") }
        if let seen { append(seen ? " seen=1" : " seen=0") }
    }
}
