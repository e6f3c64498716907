/// Apple's hitch-rate bands as configured: where a rate in ms per second falls, and the words a
/// finding uses for it. One judgement for every source of a hitch rate (a recording's hitches,
/// a test's measured hitch metric, a version's field payloads), so all of them read the same.
struct HitchRateBands: Sendable, Equatable {
    /// Over this is a warning (Apple today: 10 ms/s).
    var warning: Double
    /// Over this is critical (Apple today: 25 ms/s).
    var critical: Double
    /// Over this warrants immediate attention (Apple today: 50 ms/s).
    var immediate: Double

    /// The bands from a rule's thresholds, each at least the one below it.
    init(warning: Double, critical: Double, immediate: Double) {
        let bounds = ascendingBounds([warning, critical, immediate])
        (self.warning, self.critical, self.immediate) = (bounds[0], bounds[1], bounds[2])
    }

    /// A band a rate can fall in.
    enum Band: Sendable, Equatable {
        case good, warning, critical, immediate
    }

    /// The band of `rate`; each band includes its upper bound, as Apple's "at or below" does.
    func band(_ rate: Double) -> Band {
        if rate > immediate { return .immediate }
        if rate > critical { return .critical }
        if rate > warning { return .warning }
        return .good
    }

    /// `a warning by Apple's hitch-rate bands (over 10 to 25 ms/s; 10 ms/s or less is good)`.
    func judgement(_ band: Band) -> String {
        let good = "\(Self.number(warning)) ms/s or less is good"
        return switch band {
        case .good: "good by Apple's hitch-rate bands (\(good))"
        case .warning: "a warning by Apple's hitch-rate bands (over \(Self.number(warning)) to \(Self.number(critical)) ms/s; \(good))"
        case .critical: "critical by Apple's hitch-rate bands (over \(Self.number(critical)) to \(Self.number(immediate)) ms/s; \(good))"
        case .immediate: "over \(Self.number(immediate)) ms/s, which Apple's hitch-rate bands say warrants immediate attention (\(good))"
        }
    }

    /// `19.4`, `616.7`, `5`: one decimal, none when it is zero.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths.rounded() == tenths ? String(Int(tenths)) : String(tenths)
    }
}
