/// The thresholds in force for one rule: the defaults, with the configuration's values on top.
public struct ThresholdValues: Sendable, Equatable {
    private var values: [String: Double]

    /// The defaults of `thresholds`.
    public init(defaults thresholds: [Threshold]) {
        values = Dictionary(uniqueKeysWithValues: thresholds.map { ($0.key, $0.defaultValue) })
    }

    /// Replaces one value; the caller has checked it with `Threshold.problem(with:)`.
    public mutating func set(_ key: String, to value: Double) {
        values[key] = value
    }

    /// The value of `threshold`.
    public subscript(_ threshold: Threshold) -> Double {
        values[threshold.key] ?? threshold.defaultValue
    }

    /// The value of a `count` threshold.
    ///
    /// Values are checked against `Threshold.maximum` when read; the clamp keeps a value set in
    /// code past that check from trapping.
    public func count(_ threshold: Threshold) -> Int {
        Int(min(max(self[threshold], 0), Threshold.maximum))
    }
}
