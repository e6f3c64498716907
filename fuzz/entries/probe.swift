// The `probe` target: TraceProbe's structured lines. Every line of the input is given the
// marker (`trace-analyze: `) unless it has one, so each one goes through the structured parser
// however libFuzzer mutated it, and the whole log then goes through the parser's promises
// (FuzzTarget.check). Of each line alone: it parses to a kind and a non-empty view, with a
// finite, non-negative duration and a finite time where it has them, or it is malformed.

enum ProbeFuzz {
    static let marker = Array("trace-analyze: ".utf8)

    static func run(_ input: UnsafeRawBufferPointer) {
        var log: [UInt8] = []
        log.reserveCapacity(input.count + 16 * marker.count)
        for line in input.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var message: [UInt8] = []
            if !line.drop(while: { $0 == 0x20 }).starts(with: marker.dropLast()) { message = marker }
            message += line
            check(message)
            log += message
            log.append(0x0A)
        }
        log.withUnsafeBytes { FuzzTarget.run($0) }
    }

    /// One line's message, as the structured parser reads it.
    static func check(_ message: [UInt8]) {
        message.withUnsafeBytes { bytes in
            guard case .parsed(let parsed) = StructuredMessage.parse(bytes) else { return }
            if parsed.view.isEmpty { FuzzTarget.fail("a probe line parsed with an empty view: \(parsed)") }
            if parsed.durationMs.map({ !$0.isFinite || $0 < 0 }) == true || parsed.time.map({ !$0.isFinite }) == true {
                FuzzTarget.fail("a probe line parsed with ms \(String(describing: parsed.durationMs)), t \(String(describing: parsed.time))")
            }
        }
    }
}
