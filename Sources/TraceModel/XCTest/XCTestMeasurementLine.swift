#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Reads the line XCTest prints for a measured metric (`XCTestMeasurement`). A line that does
/// not carry ` measured [` is not one (nil, cheaply); a line that does but breaks off or
/// garbles a part is a `.malformed` with the part it could not read, so a caller counts it and
/// keeps the line as text: nothing is lost either way.
public enum XCTestMeasurementLine {
    /// What a line turned out to be.
    public enum Reading: Sendable, Equatable {
        case measurement(XCTestMeasurement)
        /// A measured line XCTest printed but this reader could not read: what was wrong.
        case malformed(String)
    }

    static let marker = " measured ["

    /// True when `message` holds ` measured [`, the mark of every measured line: a search of its
    /// bytes, cheap enough for a caller that sees every text line of a console (`check`'s rules)
    /// to ask before it reads one.
    public static func mightHold(_ message: String) -> Bool {
        var message = message
        return message.withUTF8 { bytes in
            let width = markerBytes.count
            guard bytes.count >= width, let base = bytes.baseAddress else { return false }
            // Each `[` (rare in a line of text), found by `memchr`, is checked for what precedes it.
            var from = width - 1
            while from < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: "[")), bytes.count - from) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + index - (width - 1), markerBytes, width - 1) == 0 { return true }
                from = index + 1
            }
            return false
        }
    }

    private static let markerBytes = Array(marker.utf8)

    /// The measurement on `line`, a reason it is malformed, or nil when it is no measured line.
    public static func read(_ line: String) -> Reading? {
        guard let markerRange = line.range(of: marker),
              let caseStart = line.range(of: "Test Case '", options: .backwards, range: line.startIndex..<markerRange.lowerBound)
        else { return nil }
        let quoted = line[caseStart.upperBound..<markerRange.lowerBound]
        guard quoted.hasSuffix("'"), quoted.count > 1 else { return .malformed("the test case's name has no closing quote") }
        let testCase = String(quoted.dropLast())
        var rest = line[markerRange.upperBound...]
        // The label ends at `] average:`, so a metric named with a bracket stays whole; a line
        // without one ends it at its first bracket (and has no average to read).
        guard let close = rest.range(of: "] average:")?.lowerBound ?? rest.firstIndex(of: "]") else {
            return .malformed("the metric's [name, unit] has no closing bracket")
        }
        let label = rest[..<close]
        // The unit follows the last comma: a metric's name may hold one, a unit does not.
        guard let comma = label.lastIndex(of: ",") else { return .malformed("the metric's [name, unit] has no unit") }
        let metric = label[..<comma].trimmingSpaces
        let unit = label[label.index(after: comma)...].trimmingSpaces
        rest = rest[rest.index(after: close)...]
        guard let averageText = value(after: "average: ", in: &rest), let average = Double(averageText.trimmingSuffix("%")) else {
            return .malformed("no readable average")
        }
        var deviation: Double?
        if let text = value(after: "relative standard deviation: ", in: &rest) {
            guard let number = Double(text.trimmingSuffix("%")) else { return .malformed("the relative standard deviation '\(text)' is no number") }
            deviation = number
        }
        var values: [Double] = []
        if let open = rest.range(of: "values: [") {
            guard let end = rest[open.upperBound...].firstIndex(of: "]") else { return .malformed("the values list has no closing bracket") }
            for item in rest[open.upperBound..<end].split(separator: ",") {
                guard let number = Double(item.trimmingSpaces) else { return .malformed("the value '\(item.trimmingSpaces)' is no number") }
                values.append(number)
            }
            rest = rest[rest.index(after: end)...]
        }
        return .measurement(XCTestMeasurement(
            testCase: testCase, metric: metric, unit: unit, average: average,
            relativeStandardDeviation: deviation, values: values, fields: fields(rest)))
    }

    /// The text after `label` up to the next `, ` (or the end), consuming both.
    private static func value(after label: String, in rest: inout Substring) -> String? {
        guard let start = rest.range(of: label) else { return nil }
        let tail = rest[start.upperBound...]
        let end = tail.range(of: ", ")
        rest = end.map { tail[$0.upperBound...] } ?? tail[tail.endIndex...]
        return String(tail[..<(end?.lowerBound ?? tail.endIndex)])
    }

    /// `, performanceMetricID:com.apple…, baselineName: "", baselineAverage: ,` as key and
    /// value pairs: split at `, ` before a `key:`, so a value holding a comma stays whole, and
    /// never inside a quoted value (`deviceName: "iPad Pro, 13-inch: M4"`).
    private static func fields(_ rest: Substring) -> [(key: String, value: String)] {
        var pairs: [(key: String, value: String)] = []
        var openQuote = false
        for piece in rest.split(separator: ", ", omittingEmptySubsequences: true) {
            let piece = piece.trimmingSpaces
            if openQuote, let last = pairs.indices.last {
                // The rest of a quoted value split at a comma inside it.
                pairs[last].value += ", " + piece
                if piece.hasSuffix("\"") {
                    openQuote = false
                    pairs[last].value = String(pairs[last].value.dropFirst().dropLast())
                }
                continue
            }
            if let colon = piece.firstIndex(of: ":"), !piece[..<colon].contains(" "), colon != piece.startIndex {
                let key = String(piece[..<colon])
                var value = piece[piece.index(after: colon)...].trimmingSpaces
                // `baselineName: "Local Baseline"`: the quotes are XCTest's, not the name's.
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                    value = String(value.dropFirst().dropLast())
                } else if value.hasPrefix("\"") {
                    openQuote = true
                }
                pairs.append((key, value))
            } else if !piece.isEmpty, let last = pairs.indices.last {
                // No key of its own: the rest of the previous value.
                pairs[last].value += ", " + piece
            }
        }
        return pairs
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : String(self)
    }
}
