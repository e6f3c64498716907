/// Reads what `xcrun xcresulttool get test-results metrics [--compact]` prints, a chunk at a
/// time: a JSON array of tests, each with its runs and each run's metrics (`XCResultMetric`).
/// Each metric becomes one `text` event, at the line its object begins on, whose message is the
/// metric as `xcodebuild test` prints it (`XCResultMetric.consoleLine`): from there it is the
/// console's measured line, stored in `test_measurements`, judged by `hitch_time_ratio` and
/// compared by `diff` as one.
///
/// Nothing is lost, and nothing stops the tests after a bad one from being read:
/// - a line of other output among the JSON (stderr merged in, a tool's banner between two
///   arrays) is kept as a `text` event of its own and counted (`xcresult_other_lines`); inside
///   a test, the line the JSON breaks at is taken out and the test read again without it;
/// - a metric or test that breaks the documented shape (no `displayName`, `measurements` that
///   are no numbers, …) is kept as a `text` event of its JSON and counted
///   (`xcresult_unreadable`), with the line and the reason of the first one;
/// - a key outside the documented ones is kept on its metrics' lines and counted
///   (`xcresult_unknown_keys`);
/// - an input cut inside a test is an error naming the line the test begins on; the lines of
///   that test are kept as text and every test before it is read.
///
/// Memory holds one test, not the file.
public struct XCResultMetricsReader {
    /// The counters: lines, the events emitted, and the `xcresult_*` ones.
    public private(set) var stats: ParseStats

    /// The largest test kept (a test of many runs, each of a dozen metrics, is some kilobytes).
    public static let maxTestBytes = 64 << 20
    /// How many lines of other output a test may hold before it is kept as text whole.
    static let maxForeignLinesPerTest = 16

    private enum Place { case outside, inArray }
    private var place = Place.outside
    private var offset = 0
    private var line = 1
    /// The current line holds a byte: it counts as a line even without a final line feed.
    private var lineHasBytes = false
    /// A line feed ends a string: a quote in a line of other output must not swallow the lines after it.
    private var nesting = JSONNesting(lineFeedEndsString: true)
    private var element: [UInt8] = []
    private var elementLine = 0
    private var elementOffset = 0
    /// A line of other output at the top level, from its first unexpected byte to its end.
    private var other: [UInt8]?
    private var otherLine = 0

    /// Creates a reader at the start of an input.
    public init() {
        stats = ParseStats()
        stats.isXCResultMetrics = true
    }

    /// True when `prefix` (an input's first bytes) opens as `xcresulttool get test-results
    /// metrics` output: an array whose first object holds `"testIdentifier"` or `"testRuns"`.
    /// MetricKit payloads, `log show --style json` and JSON log lines hold neither.
    public static func recognises(_ prefix: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        if prefix.count >= 3, prefix[0] == 0xEF, prefix[1] == 0xBB, prefix[2] == 0xBF { index = 3 }
        func skipSpace() { while index < prefix.count, isSpace(prefix[index]) { index += 1 } }
        skipSpace()
        guard index < prefix.count, prefix[index] == UInt8(ascii: "[") else { return false }
        index += 1
        skipSpace()
        guard index < prefix.count, prefix[index] == UInt8(ascii: "{") else { return false }
        let rest = String(decoding: UnsafeRawBufferPointer(rebasing: prefix[index...]), as: UTF8.self)
        return rest.contains("\"testIdentifier") || rest.contains("\"testRuns\"")
    }

    /// Reads `chunk`, emitting an event for each metric read and each line kept as text.
    ///
    /// Throws `XCResultMetricsError` for a test over `maxTestBytes`; every event before it has been emitted.
    public mutating func consume(_ chunk: UnsafeRawBufferPointer, emit: (consuming Event) -> Void) throws {
        for byte in chunk {
            defer {
                offset += 1
                if byte == 0x0A {
                    line += 1
                    lineHasBytes = false
                } else {
                    lineHasBytes = true
                }
            }
            if other != nil {
                if byte == 0x0A { endOther(emit: emit) } else { other!.append(byte) }
                continue
            }
            if nesting.isOpen {
                try take(byte, emit: emit)
                continue
            }
            if Self.isSpace(byte) || (offset < 3 && (byte == 0xEF || byte == 0xBB || byte == 0xBF)) { continue }
            switch (place, byte) {
            case (.outside, UInt8(ascii: "[")): place = .inArray
            case (.inArray, UInt8(ascii: "]")): place = .outside
            case (.inArray, UInt8(ascii: ",")): continue
            case (.inArray, UInt8(ascii: "{")):
                (elementOffset, elementLine) = (offset, line)
                try take(byte, emit: emit)
            default:
                // Not the array's grammar: a line of something else, kept as it is.
                other = [byte]
                otherLine = line
            }
        }
    }

    /// Ends the input. Throws `XCResultMetricsError` when it ends inside a test (its lines are
    /// kept as text first) or inside the array.
    public mutating func finish(emit: (consuming Event) -> Void) throws {
        if other != nil { endOther(emit: emit) }
        stats.lines = line - (lineHasBytes ? 0 : 1)
        defer { stats.continuations = max(0, stats.lines - stats.events) }
        if nesting.isOpen {
            let lines = splitLines(element, firstLine: elementLine)
            for kept in lines { emitText(kept.bytes, line: kept.number, emit: emit) }
            stats.xcresultUnreadable += 1
            if stats.xcresultFirstUnreadableLine == 0 {
                (stats.xcresultFirstUnreadableLine, stats.xcresultFirstUnreadableReason) = (elementLine, XCResultUnreadable.truncated.rawValue)
            }
            throw XCResultMetricsError(
                line: elementLine, byte: elementOffset,
                reason: "the input ends inside the test that begins here (truncated?); its \(lines.count == 1 ? "line is" : "\(lines.count) lines are") kept as text")
        }
        if place == .inArray {
            throw XCResultMetricsError(line: stats.lines, byte: offset, reason: "the input ends inside the array of tests (no closing ']')")
        }
    }

    // MARK: - Splitting the array into tests

    private mutating func take(_ byte: UInt8, emit: (consuming Event) -> Void) throws {
        element.append(byte)
        guard element.count <= Self.maxTestBytes else {
            throw XCResultMetricsError(line: elementLine, byte: elementOffset, reason: "a test over \(Self.maxTestBytes >> 20) MB begins here")
        }
        if nesting.step(byte) { complete(emit: emit) }
    }

    private mutating func endOther(emit: (consuming Event) -> Void) {
        guard let bytes = other else { return }
        other = nil
        emitText(bytes, line: otherLine, emit: emit)
        stats.xcresultOtherLines += 1
        if stats.xcresultFirstOtherLine == 0 { stats.xcresultFirstOtherLine = otherLine }
    }

    private mutating func emitText(_ bytes: some Collection<UInt8>, line: Int, emit: (consuming Event) -> Void) {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        emit(Event(line: line, kind: .text, origin: .text, message: text))
        stats.eventsByKind[EventKind.text.index] += 1
    }

    /// One line of a test, by its number in the input.
    struct Line {
        let number: Int
        let bytes: ArraySlice<UInt8>
    }

    private func splitLines(_ bytes: [UInt8], firstLine: Int) -> [Line] {
        var lines: [Line] = []
        var start = 0
        var number = firstLine
        for index in bytes.indices where bytes[index] == 0x0A {
            lines.append(Line(number: number, bytes: bytes[start..<index]))
            start = index + 1
            number += 1
        }
        if start < bytes.count { lines.append(Line(number: number, bytes: bytes[start...])) }
        return lines
    }

    /// A whole test has been read: parsed, with a line of other output inside it taken out, and
    /// its metrics emitted, with the lines kept as text, in the order of their lines.
    private mutating func complete(emit: (consuming Event) -> Void) {
        var events: [Event] = []
        completeTest { events.append($0) }
        for (_, event) in events.enumerated().sorted(by: { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }) { emit(event) }
    }

    private mutating func completeTest(emit: (consuming Event) -> Void) {
        defer { element.removeAll(keepingCapacity: element.count < 1 << 20) }
        var lines = splitLines(element, firstLine: elementLine)
        for _ in 0...Self.maxForeignLinesPerTest {
            let joined = XCResultDocument(lines: lines)
            var failure: JSONParser.Failure?
            joined.bytes.withUnsafeBytes { bytes in
                do throws(JSONParser.Failure) { _ = try JSONParser.parse(bytes) } catch { failure = error }
            }
            guard let failure else {
                read(joined, emit: emit)
                return
            }
            // The line the JSON breaks at, unless it holds the test's own first or last brace.
            let index = failure.line - 1
            guard index > 0, index < lines.count - 1 else { break }
            let taken = lines.remove(at: index)
            emitText(taken.bytes, line: taken.number, emit: emit)
            stats.xcresultOtherLines += 1
            if stats.xcresultFirstOtherLine == 0 || taken.number < stats.xcresultFirstOtherLine { stats.xcresultFirstOtherLine = taken.number }
        }
        // Not JSON even so: every line kept as text.
        for kept in lines { emitText(kept.bytes, line: kept.number, emit: emit) }
        unreadable(.notJSON, line: elementLine)
    }

    private mutating func unreadable(_ reason: XCResultUnreadable, line: Int) {
        stats.xcresultUnreadable += 1
        if stats.xcresultFirstUnreadableLine == 0 {
            (stats.xcresultFirstUnreadableLine, stats.xcresultFirstUnreadableReason) = (line, reason.rawValue)
        }
    }

    // MARK: - Reading a test

    private mutating func read(_ document: XCResultDocument, emit: (consuming Event) -> Void) {
        document.bytes.withUnsafeBytes { bytes in
            let test = JSONRange(bytes: bytes, range: 0..<bytes.count)
            guard let members = test.members() else { return unreadable(.notJSON, line: document.line(at: 0)) }
            guard let identifier = members["testIdentifier"]?.string else {
                return keepUnreadable(test, .testWithoutIdentifier, document: document, emit: emit)
            }
            guard let runs = members["testRuns"]?.elements() else { return keepUnreadable(test, .testWithoutRuns, document: document, emit: emit) }
            stats.xcresultTests += 1
            var base = XCResultMetric(testIdentifier: identifier, displayName: "", unitOfMeasurement: "", measurements: [])
            base.testIdentifierURL = members["testIdentifierURL"]?.string
            base.otherKeys = Self.others(members, known: XCResultMetric.testKeys, prefix: "test.")
            // Each key is counted once where it is, not once per metric whose line carries it.
            stats.xcresultUnknownKeys += base.otherKeys.count
            for run in runs {
                guard let runMembers = run.members() else {
                    keepUnreadable(run, .runNotAnObject, document: document, emit: emit)
                    continue
                }
                var inRun = base
                var runOthers = Self.others(runMembers, known: XCResultMetric.runKeys, prefix: "run.")
                if let device = runMembers["device"]?.members() {
                    inRun.deviceName = device["deviceName"]?.string
                    inRun.deviceId = device["deviceId"]?.string
                    runOthers += Self.others(device, known: XCResultMetric.deviceKeys, prefix: "device.")
                }
                if let configuration = runMembers["testPlanConfiguration"]?.members() {
                    inRun.configurationName = configuration["configurationName"]?.string
                    inRun.configurationId = configuration["configurationId"]?.string
                    runOthers += Self.others(configuration, known: XCResultMetric.configurationKeys, prefix: "testPlanConfiguration.")
                }
                inRun.otherKeys += runOthers
                stats.xcresultUnknownKeys += runOthers.count
                guard let metrics = runMembers["metrics"]?.elements() else {
                    keepUnreadable(run, .runWithoutMetrics, document: document, emit: emit)
                    continue
                }
                for metric in metrics {
                    switch Self.metric(metric, in: inRun) {
                    case .success(let read):
                        stats.xcresultUnknownKeys += read.otherKeys.count - inRun.otherKeys.count
                        emit(Event(line: document.line(at: metric.range.lowerBound), kind: .text, origin: .text, message: read.consoleLine))
                        stats.eventsByKind[EventKind.text.index] += 1
                        stats.xcresultMeasurements += 1
                    case .failure(let reason):
                        keepUnreadable(metric, reason, document: document, emit: emit)
                    }
                }
            }
        }
    }

    /// A part of a test that breaks the documented shape: one text event of its compact JSON,
    /// at the line it begins on.
    private mutating func keepUnreadable(_ part: JSONRange, _ reason: XCResultUnreadable, document: XCResultDocument, emit: (consuming Event) -> Void) {
        let line = document.line(at: part.range.lowerBound)
        emitText(part.compact, line: line, emit: emit)
        unreadable(reason, line: line)
    }

    /// The metric `value` of a run, or why it is none.
    static func metric(_ value: JSONRange, in run: XCResultMetric) -> Result<XCResultMetric, XCResultUnreadable> {
        guard let members = value.members() else { return .failure(.metricNotAnObject) }
        guard let name = members["displayName"]?.string else { return .failure(.metricWithoutName) }
        guard let unit = members["unitOfMeasurement"]?.string else { return .failure(.metricWithoutUnit) }
        guard let values = members["measurements"]?.elements() else { return .failure(.metricWithoutMeasurements) }
        var numbers: [Double] = []
        for item in values {
            guard let number = item.number else { return .failure(.measurementNotANumber) }
            numbers.append(number)
        }
        guard !numbers.isEmpty else { return .failure(.metricWithoutMeasurements) }
        var metric = run
        (metric.displayName, metric.unitOfMeasurement, metric.measurements) = (name, unit, numbers)
        metric.identifier = members["identifier"]?.string
        metric.baselineName = members["baselineName"]?.string
        metric.baselineAverage = members["baselineAverage"]?.number
        metric.polarity = members["polarity"]?.string
        metric.maxPercentRegression = members["maxPercentRegression"]?.number
        metric.maxPercentRelativeStandardDeviation = members["maxPercentRelativeStandardDeviation"]?.number
        metric.maxRegression = members["maxRegression"]?.number
        metric.maxStandardDeviation = members["maxStandardDeviation"]?.number
        // A documented key of another type than documented is kept as an unknown one is.
        var wrongType: [String: JSONRange] = [:]
        for key in ["identifier", "baselineName", "polarity"] where members[key] != nil && members[key]?.string == nil { wrongType[key] = members[key] }
        for key in ["baselineAverage", "maxPercentRegression", "maxPercentRelativeStandardDeviation", "maxRegression", "maxStandardDeviation"]
        where members[key] != nil && members[key]?.number == nil {
            wrongType[key] = members[key]
        }
        metric.otherKeys += others(members, known: XCResultMetric.metricKeys, prefix: "")
        metric.otherKeys += wrongType.keys.sorted().map { XCResultMetric.OtherKey(path: $0, json: wrongType[$0]!.compactString) }
        return .success(metric)
    }

    /// The members of `members` outside `known`, each named `prefix` + its key, in order.
    private static func others(_ members: JSONRange.Members, known: Set<String>, prefix: String) -> [XCResultMetric.OtherKey] {
        members.order.filter { !known.contains($0) }.map { XCResultMetric.OtherKey(path: prefix + $0, json: members[$0]!.compactString) }
    }

    /// The reason stored as the stat `xcresult_first_unreadable_reason`, in words; nil for a code
    /// this binary does not know.
    public static func whyUnreadable(code: Int) -> String? {
        XCResultUnreadable(rawValue: code)?.description
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}

/// What made a part of a test unreadable; its raw value is the stat
/// `xcresult_first_unreadable_reason`, so it keeps its number for good.
public enum XCResultUnreadable: Int, Error, Sendable, CustomStringConvertible {
    case notJSON = 1
    case truncated = 2
    case testWithoutIdentifier = 3
    case testWithoutRuns = 4
    case runNotAnObject = 5
    case runWithoutMetrics = 6
    case metricNotAnObject = 7
    case metricWithoutName = 8
    case metricWithoutUnit = 9
    case metricWithoutMeasurements = 10
    case measurementNotANumber = 11

    public var description: String {
        switch self {
        case .notJSON: "the test that begins here is not JSON"
        case .truncated: "the input ends inside the test that begins here"
        case .testWithoutIdentifier: "the test has no \"testIdentifier\" string"
        case .testWithoutRuns: "the test has no \"testRuns\" array"
        case .runNotAnObject: "a test run is not an object"
        case .runWithoutMetrics: "the test run has no \"metrics\" array"
        case .metricNotAnObject: "a metric is not an object"
        case .metricWithoutName: "the metric has no \"displayName\" string"
        case .metricWithoutUnit: "the metric has no \"unitOfMeasurement\" string"
        case .metricWithoutMeasurements: "the metric has no \"measurements\", or none"
        case .measurementNotANumber: "a value of the metric's \"measurements\" is not a number"
        }
    }
}

/// Why xcresulttool metrics input could not be read, and where: the 1-based line and the 0-based byte.
public struct XCResultMetricsError: Error, CustomStringConvertible, Sendable, Equatable {
    public let line: Int
    public let byte: Int
    public let reason: String
    public var description: String { "line \(line) (byte \(byte)): \(reason)" }
}

/// The bytes of one test, its lines joined again, with the line each byte is on.
struct XCResultDocument {
    let bytes: [UInt8]
    /// The offset each line starts at in `bytes`, and its number in the input.
    private let starts: [(offset: Int, number: Int)]

    init(lines: [XCResultMetricsReader.Line]) {
        var bytes: [UInt8] = []
        var starts: [(Int, Int)] = []
        for (index, line) in lines.enumerated() {
            if index > 0 { bytes.append(0x0A) }
            starts.append((bytes.count, line.number))
            bytes.append(contentsOf: line.bytes)
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// The input's line the byte at `offset` is on.
    func line(at offset: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle].offset <= offset { low = middle } else { high = middle - 1 }
        }
        return starts.isEmpty ? 0 : starts[low].number
    }
}

/// A JSON value inside bytes already parsed whole (`JSONParser`), by its range: walked for the
/// offsets its metrics begin at, its leaves read with `JSONParser`.
struct JSONRange {
    let bytes: UnsafeRawBufferPointer
    let range: Range<Int>

    /// An object's members by key, with their order.
    struct Members {
        let byKey: [String: JSONRange]
        let order: [String]
        subscript(key: String) -> JSONRange? { byKey[key] }
    }

    /// The members of an object; nil for any other value.
    func members() -> Members? {
        var byKey: [String: JSONRange] = [:]
        var order: [String] = []
        let start = range.lowerBound
        let whole = JSONObjectScanner.scan(UnsafeRawBufferPointer(rebasing: bytes[range])) { keyRange, value in
            let key = JSONRange(bytes: bytes, range: (keyRange.lowerBound - 1 + start)..<(keyRange.upperBound + 1 + start)).string ?? ""
            let valueRange: Range<Int> = switch value {
            case .string(let content, _): (content.lowerBound - 1 + start)..<(content.upperBound + 1 + start)
            case .scalar(let scalar): (scalar.lowerBound + start)..<(scalar.upperBound + start)
            case .nested(let nested): (nested.lowerBound + start)..<(nested.upperBound + start)
            }
            if byKey[key] == nil { order.append(key) }
            byKey[key] = JSONRange(bytes: bytes, range: valueRange)
        }
        return whole ? Members(byKey: byKey, order: order) : nil
    }

    /// The elements of an array; nil for any other value.
    func elements() -> [JSONRange]? {
        var index = skipSpace(range.lowerBound)
        guard index < range.upperBound, bytes[index] == UInt8(ascii: "[") else { return nil }
        index = skipSpace(index + 1)
        var elements: [JSONRange] = []
        if index < range.upperBound, bytes[index] == UInt8(ascii: "]") { return elements }
        while index < range.upperBound {
            let end = skipValue(index)
            guard end > index else { return nil }
            elements.append(JSONRange(bytes: bytes, range: index..<end))
            index = skipSpace(end)
            guard index < range.upperBound else { return nil }
            if bytes[index] == UInt8(ascii: "]") { return elements }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipSpace(index + 1)
        }
        return nil
    }

    private var value: JSONValue? {
        try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }

    /// The value when it is a string.
    var string: String? { value?.stringValue }
    /// The value when it is a number.
    var number: Double? { value?.numberValue }

    /// The value's bytes without the whitespace between its tokens: one line, every byte of
    /// every string kept.
    var compact: [UInt8] {
        var result: [UInt8] = []
        var inString = false, escaped = false
        for index in range {
            let byte = bytes[index]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                result.append(byte)
            } else if !XCResultMetricsReader.isSpace(byte) {
                if byte == UInt8(ascii: "\"") { inString = true }
                result.append(byte)
            }
        }
        return result
    }

    var compactString: String { String(decoding: compact, as: UTF8.self) }

    private func skipSpace(_ from: Int) -> Int {
        var index = from
        while index < range.upperBound, XCResultMetricsReader.isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// The end of the value that starts at `from` (a string, a nested value or a scalar).
    private func skipValue(_ from: Int) -> Int {
        var index = from
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["):
            var nesting = JSONNesting()
            while index < range.upperBound {
                index += 1
                if nesting.step(bytes[index - 1]) { return index }
            }
            return from
        default:
            while index < range.upperBound, !XCResultMetricsReader.isSpace(bytes[index]),
                  bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "]"), bytes[index] != UInt8(ascii: "}") {
                index += 1
            }
            return index
        }
    }
}
