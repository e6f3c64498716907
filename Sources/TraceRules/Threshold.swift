/// A number a rule compares against, with its default; the configuration file can override it.
///
/// Thresholds are typed: a `count` takes whole numbers only, a `duration` any non-negative
/// number in the unit its key names (`_seconds`, `_ms`).
public struct Threshold: Sendable, Equatable {
    /// What kind of number the threshold holds.
    public enum Kind: Sendable, Equatable {
        /// A whole number of occurrences, at least 1.
        case count
        /// A ratio between two counts, at least 1.
        case ratio
        /// A length of time, at least 0, in the unit the key names.
        case duration
    }

    /// The snake_case key used in `.trace-analyze.json` (`min_instances`).
    public let key: String
    /// What kind of number it is.
    public let kind: Kind
    /// The value used when the configuration does not set one.
    public let defaultValue: Double
    /// One sentence on what the number means.
    public let summary: String

    /// A whole-number threshold.
    public static func count(_ key: String, default value: Int, _ summary: String) -> Threshold {
        Threshold(key: key, kind: .count, defaultValue: Double(value), summary: summary)
    }

    /// A ratio threshold.
    public static func ratio(_ key: String, default value: Double, _ summary: String) -> Threshold {
        Threshold(key: key, kind: .ratio, defaultValue: value, summary: summary)
    }

    /// A duration threshold.
    public static func duration(_ key: String, default value: Double, _ summary: String) -> Threshold {
        Threshold(key: key, kind: .duration, defaultValue: value, summary: summary)
    }

    /// The smallest value the configuration may set.
    public var minimum: Double {
        switch kind {
        case .count, .ratio: 1
        case .duration: 0
        }
    }

    /// The largest value the configuration may set.
    ///
    /// No log holds a billion of anything a rule counts, and a bound keeps every conversion to
    /// `Int` (which traps past 2^63) safe: `1e19` or `1e300` is a mistake to report, not to obey.
    public static let maximum: Double = 1_000_000_000

    /// Why `value` is not acceptable, or nil when it is.
    public func problem(with value: Double) -> String? {
        let range = "\(Self.format(minimum)) to \(Self.format(Self.maximum))"
        if !value.isFinite { return "expected a finite number in \(range)" }
        if value < minimum || value > Self.maximum { return "must be in \(range), found \(Self.format(value))" }
        if kind == .count, value.rounded() != value { return "expected a whole number, found \(Self.format(value))" }
        return nil
    }

    /// The value as users write it: `5`, `1.5`.
    public static func format(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
