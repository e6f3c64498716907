/// The structured line format, as the probe writes it (README "Structured lines"):
///
/// ```
/// trace-analyze: kind=body view=CounterView type=App.CounterView id=3 t=1042.000431207 ms=0.612 identity=new
/// ```
///
/// Keys in this order: `kind`, `view`, `type`, `id`, `t` (monotonic seconds, nanosecond digits),
/// then when known `owner`, `ms` (microsecond digits), `identity=new` (first body of a new
/// identity), `seen=1|0` (a state token's deinit: kept or discarded). Numbers are written
/// digit by digit: `Double`'s description would cost more than the rest of the line.
enum ProbeLine {
    /// The steps a probe reports; the raw values are the parser's `kind=` words.
    enum Kind: String {
        case `init`, `deinit`, body, appear, disappear
    }

    static let marker = Array("trace-analyze: kind=".utf8)

    static func append(
        _ kind: Kind, _ names: ProbeNames, number: Int, time: UInt64,
        owner: [UInt8]?, nanoseconds: UInt64?, newIdentity: Bool, seen: Bool?, to out: inout [UInt8]
    ) {
        out.append(contentsOf: marker)
        out.append(contentsOf: kind.rawValue.utf8)
        out.append(contentsOf: names.view)
        out.append(contentsOf: names.type)
        out.append(contentsOf: " id=".utf8)
        appendDecimal(UInt64(number), to: &out)
        out.append(contentsOf: " t=".utf8)
        appendFixed(time, scale: 1_000_000_000, digits: 9, to: &out)
        if let owner {
            out.append(contentsOf: " owner=".utf8)
            out.append(contentsOf: owner)
        }
        if let nanoseconds {
            out.append(contentsOf: " ms=".utf8)
            // Microsecond digits: the clock's own resolution is finer, the work measured is not.
            appendFixed(nanoseconds / 1_000, scale: 1_000, digits: 3, to: &out)
        }
        if newIdentity { out.append(contentsOf: " identity=new".utf8) }
        if let seen { out.append(contentsOf: (seen ? " seen=1" : " seen=0").utf8) }
    }

    /// `value / scale` with `digits` decimals: `appendFixed(1_500, scale: 1_000, digits: 3)` is `1.500`.
    static func appendFixed(_ value: UInt64, scale: UInt64, digits: Int, to out: inout [UInt8]) {
        appendDecimal(value / scale, to: &out)
        out.append(UInt8(ascii: "."))
        var fraction = value % scale
        var divisor = scale / 10
        for _ in 0..<digits {
            out.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
            if divisor == 0 { divisor = 1 }
        }
    }

    static func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
        guard value >= 10 else { return out.append(UInt8(ascii: "0") + UInt8(value)) }
        appendDecimal(value / 10, to: &out)
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
