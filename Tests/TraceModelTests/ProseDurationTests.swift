import Testing
@testable import TraceModel

/// Durations developers write into their lifecycle prints, read into `durationMs` through the
/// whole parser, and the numbers that are not durations left alone.
@Suite struct ProseDurationTests {
    private func duration(_ line: String) -> Double?? {
        let events = parseEvents(line + "\n").events
        guard let event = events.first, event.kind != .text else { return .none }
        return .some(event.durationMs)
    }

    @Test(arguments: [
        ("MapPanel init took 42 ms", 42.0),
        ("MapPanel body 7.5ms", 7.5),
        ("MapPanel init (0.042s)", 42.0),
        ("MapPanel init finished in 3.25 ms", 3.25),
        ("MapPanel init duration: 18", 18.0),
        ("MapPanel body (250µs)", 0.25),
        ("MapPanel init took 1.5 seconds", 1500.0),
        ("MapPanel init – 90 msec", 90.0),
        ("⏱ MapPanel.init took 12ms", 12.0),
    ])
    func aWrittenDurationIsTheEventsCost(line: String, milliseconds: Double) throws {
        let read = try #require(duration(line), "\(line) is not a lifecycle line")
        let value = try #require(read, "no duration read in \(line)")
        #expect(abs(value - milliseconds) < 1e-9)
    }

    @Test(arguments: [
        "ItemRow(id: 12) init",
        ">>> Card.body: 60",
        "tab 2 body",
        "T+1ms: LikeManager.init()",
        "Row 3 selected init",
        "DataModel address: 0x0000600000c435d0 init",
        "Building MapPanel scene... - 15:35:20 [26 seconds later!]",
        "MapPanel body 2s ago",
    ])
    func otherNumbersAreNoDuration(line: String) {
        if case .some(let read) = duration(line) { #expect(read == nil, "\(line) read as \(read!) ms") }
    }
}
