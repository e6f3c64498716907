/// XCTest's hitch metric as `hitch_time_ratio` judges it: a rate XCTest has already divided by
/// the interval it measured, held to the same bands as a recording's hitches.
extension HitchTimeRatioRule {
    /// The units XCTest prints a hitch time ratio in.
    static let msPerSecond: Set<String> = ["ms per s", "ms/s"]

    /// True for a measured hitch time ratio: `XCTHitchMetric`'s (`Hitch Time Ratio`) or an
    /// `XCTOSSignpostMetric`'s (`Hitch Time Ratio (Scroll_DraggingAndDeceleration)`), in ms per s.
    static func isHitchTimeRatio(_ measurement: MeasurementEvent) -> Bool {
        let named = measurement.metric == "Hitch Time Ratio" || measurement.metric.hasPrefix("Hitch Time Ratio (")
            || (measurement.metricID?.hasSuffix(".hitchTimeRatio") ?? false)
        return named && msPerSecond.contains(measurement.unit)
    }

    /// The finding for a measured hitch ratio beyond the good band; nil for a good one.
    static func violation(measured: MeasurementEvent, bands: HitchRateBands) -> Violation? {
        let band = bands.band(measured.average)
        guard band != .good else { return nil }
        let number = HitchRateBands.number
        // The denominator is XCTest's: the interval it measured, which for a signpost metric is
        // the named animation alone, so still time does not count as it does over a recording.
        let interval = animation(of: measured.metric).map { "the interval XCTest measured, the \($0) animation" }
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

    /// `Scroll_DraggingAndDeceleration` in `Hitch Time Ratio (Scroll_DraggingAndDeceleration)`.
    private static func animation(of metric: String) -> String? {
        guard metric.hasSuffix(")"), let open = metric.lastIndex(of: "(") else { return nil }
        let name = metric[metric.index(after: open)..<metric.index(before: metric.endIndex)]
        return name.isEmpty ? nil : String(name)
    }
}
