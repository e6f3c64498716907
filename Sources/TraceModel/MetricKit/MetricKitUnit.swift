/// MetricKit's measurements as `jsonRepresentation()` writes them: a number and a unit in one
/// string (`"1000 ms per s"`, `"20 sec"`, `"400 ms"`), or a bare number.
enum MetricKitUnit {
    /// A hitch time ratio in ms per s (`"1.2 ms per s"`; a bare number is taken as ms per s).
    static func msPerSecond(_ value: JSONValue) -> Double? {
        guard let (number, unit) = split(value) else { return nil }
        switch unit {
        case "", "ms per s", "ms/s": return number
        case "s per s", "s/s": return number * 1000
        default: return nil
        }
    }

    /// A duration in milliseconds (`"400 ms"`, `"20 sec"`, `"1 min"`; a bare number is ms).
    static func milliseconds(_ value: JSONValue) -> Double? {
        guard let (number, unit) = split(value) else { return nil }
        switch unit {
        case "", "ms": return number
        case "s", "sec", "secs": return number * 1000
        case "min": return number * 60_000
        case "µs", "us": return number / 1000
        default: return nil
        }
    }

    private static func split(_ value: JSONValue) -> (Double, String)? {
        if let number = value.numberValue { return (number, "") }
        guard let text = value.stringValue else { return nil }
        let digits = text.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "e" || $0 == "E" || $0 == "+" }
        guard let number = Double(digits) else { return nil }
        return (number, text.dropFirst(digits.count).trimmingCharacters(in: " "))
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
