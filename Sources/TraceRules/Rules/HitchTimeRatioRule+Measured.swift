/// XCTest's hitch metric as `hitch_time_ratio` judges it: a rate XCTest has already divided by
/// the interval it measured, held to the same bands as a recording's hitches.
extension HitchTimeRatioRule {
    /// The units XCTest prints a hitch time ratio in.
    static let msPerSecond: Set<String> = ["ms per s", "ms/s"]

    /// True for a measured hitch time ratio: `XCTHitchMetric`'s (`Hitch Time Ratio`) or an
    /// `XCTOSSignpostMetric`'s (`Hitch Time Ratio (Scroll_DraggingAndDeceleration)`), in ms per s.
    /// Its `performanceMetricID` says so too, whatever its name: `com.apple.dt.XCTMetric_Hitch-<app>
    /// .time.ratio` and `com.apple.dt.XCTMetric_OSSignpost-<animation>.animation.hitch.time.ratio`,
    /// as the readers of xcresulttool's metrics in public repositories match them (the
    /// `normalized` variant is another figure, and not this one).
    static func isHitchTimeRatio(_ measurement: MeasurementEvent) -> Bool {
        let named = measurement.metric == "Hitch Time Ratio" || measurement.metric.hasPrefix("Hitch Time Ratio (")
        return (named || isHitchTimeRatioID(measurement.metricID)) && msPerSecond.contains(measurement.unit)
    }

    private static func isHitchTimeRatioID(_ id: String?) -> Bool {
        guard let id, !id.contains("normalized") else { return false }
        if id.hasSuffix(".hitchTimeRatio") { return true }
        return (id.hasPrefix("com.apple.dt.XCTMetric_Hitch") && id.hasSuffix(".time.ratio"))
            || (id.hasPrefix("com.apple.dt.XCTMetric_OSSignpost") && id.hasSuffix(".hitch.time.ratio"))
    }

    /// The finding for a measured hitch ratio beyond the good band; nil for a good one.
    static func violation(measured: MeasurementEvent, bands: HitchRateBands) -> Violation? {
        let band = bands.band(measured.average)
        guard band != .good else { return nil }
        let number = HitchRateBands.number
        // The denominator is XCTest's: the interval it measured, which for a signpost metric is
        // the named animation alone, so still time does not count as it does over a recording.
        let interval = (animation(of: measured.metric) ?? signpostAnimation(of: measured.metricID)).map { "the interval XCTest measured, the \($0) animation" }
            ?? "the interval XCTest measured in each iteration"
        var spread: [String] = []
        if let low = measured.values.min(), let high = measured.values.max(), measured.values.count > 1 {
            spread.append("\(number(low)) to \(number(high)) ms/s")
        }
        if let deviation = measured.relativeStandardDeviation { spread.append("relative standard deviation \(number(deviation))%") }
        let iterations = measured.values.count
        let average = iterations > 1 ? "the average of \(iterations) iterations" : iterations == 1 ? "one iteration" : "the average XCTest printed"
        let detail = spread.isEmpty ? average : "\(average) (\(spread.joined(separator: ", ")))"
        var violation = Violation(
            view: nil,
            message: "\(measured.testCase) measured a hitch time ratio of \(number(measured.average)) ms per second over \(interval): "
                + "\(detail). That is \(bands.judgement(band)).",
            count: 1, lines: [measured.line], weight: band == .warning ? .lowered : .full
        )
        // A rate, not a count of hitches: Fix first, which ranks what a finding counts, has
        // nothing of it to rank.
        violation.waste = 0
        return violation
    }

    /// `Scroll_DraggingAndDeceleration` in `com.apple.dt.XCTMetric_OSSignpost-Scroll_DraggingAndDeceleration.animation.hitch.time.ratio`.
    private static func signpostAnimation(of id: String?) -> String? {
        let prefix = "com.apple.dt.XCTMetric_OSSignpost-"
        guard let id, id.hasPrefix(prefix) else { return nil }
        let rest = id.dropFirst(prefix.count)
        guard let dot = rest.firstIndex(of: "."), dot != rest.startIndex else { return nil }
        return String(rest[..<dot])
    }

    /// `Scroll_DraggingAndDeceleration` in `Hitch Time Ratio (Scroll_DraggingAndDeceleration)`.
    private static func animation(of metric: String) -> String? {
        guard metric.hasSuffix(")"), let open = metric.lastIndex(of: "(") else { return nil }
        let name = metric[metric.index(after: open)..<metric.index(before: metric.endIndex)]
        return name.isEmpty ? nil : String(name)
    }
}
