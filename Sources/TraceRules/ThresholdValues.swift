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
    public func count(_ threshold: Threshold) -> Int {
        Int(self[threshold])
    }
}
