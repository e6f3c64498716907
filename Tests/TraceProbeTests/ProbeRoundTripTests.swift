import Testing
import TraceModel
@testable import TraceProbe

/// Every field the probe writes is read back by the analyzer's parser, exactly.
@Suite struct ProbeRoundTripTests {
    struct Row {}
    struct Generic<Value> {}
    final class Model {}

    private func parse(_ line: String) -> StructuredMessage.Parsed? {
        var text = line
        return text.withUTF8 { bytes in
            if case .parsed(let parsed) = StructuredMessage.parse(UnsafeRawBufferPointer(bytes)) { return parsed }
            return nil
        }
    }

    @Test func aViewTokensLifeIsReadBackFieldByField() throws {
        let captured = CapturedLines()
        let before = ProbeClock.now()
        do {
            let kept = ViewProbe(Row.self, output: captured.output, initStarted: before)
            let discarded = ViewProbe(Row.self, output: captured.output)
            _ = kept.body { 42 }
            _ = kept.body { 43 }
            kept.appeared()
            kept.disappeared()
            withExtendedLifetime(discarded) {}
            withExtendedLifetime(kept) {}
        }
        let parsed = try captured.lines.map { try #require(parse($0), "not read back: \($0)") }
        #expect(parsed.map(\.kind) == [.`init`, .`init`, .body, .body, .appear, .disappear, .`deinit`, .`deinit`])
        #expect(Set(parsed.map(\.view)) == ["Row"])
        #expect(Set(parsed.map(\.type)) == ["TraceProbeTests.ProbeRoundTripTests.Row"])
        let keptID = parsed[0].instance, discardedID = parsed[1].instance
        #expect(keptID != nil && discardedID != nil && keptID != discardedID)
        #expect(parsed[2...5].allSatisfy { $0.instance == keptID })
        #expect(parsed[2].newIdentity && !parsed[3].newIdentity)
        // The discarded token dies first (its scope ends first); the kept one was seen.
        #expect(parsed[6].instance == discardedID && parsed[6].seen == false)
        #expect(parsed[7].instance == keptID && parsed[7].seen == true)
        #expect(parsed[0].durationMs != nil && parsed[1].durationMs == nil)
        #expect(parsed[2].durationMs != nil && parsed[3].durationMs != nil)
        let times = parsed.compactMap(\.time)
        #expect(times.count == parsed.count)
        #expect(times == times.sorted(), "t= is monotonic down the log")
        #expect(times[0] >= Double(before / 1_000_000_000))
        #expect(parsed.allSatisfy { $0.owner == nil })
    }

    @Test func aModelsInitAndDeinitCarryOwnerAndDurations() throws {
        let captured = CapturedLines()
        do {
            let probe = ModelProbe(Model.self, owner: "Play Button", output: captured.output)
            probe.ready()
            probe.deinitializing()
        }
        let parsed = try captured.lines.map { try #require(parse($0), "not read back: \($0)") }
        #expect(parsed.map(\.kind) == [.`init`, .`deinit`])
        #expect(parsed.allSatisfy { $0.owner == "Play Button" && $0.view == "Model" && $0.instance == parsed[0].instance })
        #expect(parsed.allSatisfy { $0.durationMs != nil && $0.seen == nil && !$0.newIdentity })
    }

    @Test func aModelWhoseReadyNeverCameStillPairsItsDeinit() throws {
        let captured = CapturedLines()
        do { _ = ModelProbe(Model.self, output: captured.output) }
        let parsed = try captured.lines.map { try #require(parse($0)) }
        #expect(parsed.map(\.kind) == [.`init`, .`deinit`])
        #expect(parsed.allSatisfy { $0.durationMs == nil })
    }

    /// The statement form `instrument` inserts: a body opened by `bodyBegins()` carries its
    /// duration; one that only ends (a body with `return`) carries none, never a made-up one.
    @Test func aBodyMeasuredByStatementsIsReadBackWithItsDurationOrWithoutOne() throws {
        let captured = CapturedLines()
        do {
            let probe = ViewProbe(Row.self, output: captured.output)
            probe.bodyBegins()
            probe.bodyEnds()
            probe.bodyEnds()
            withExtendedLifetime(probe) {}
        }
        let parsed = try captured.lines.map { try #require(parse($0), "not read back: \($0)") }
        #expect(parsed.map(\.kind) == [.`init`, .body, .body, .`deinit`])
        #expect(parsed[1].newIdentity && !parsed[2].newIdentity)
        #expect(parsed[1].durationMs != nil && parsed[2].durationMs == nil)
        #expect(parsed[3].seen == true)
    }

    /// A model with no init of its own to call `ready()` from: its init line comes at once.
    @Test func anAnnouncingModelWritesItsInitAtOnce() throws {
        let captured = CapturedLines()
        do {
            let probe = ModelProbe.announcing(Model.self, owner: "PlayButton", output: captured.output)
            #expect(captured.lines.count == 1)
            probe.ready()
            #expect(captured.lines.count == 1, "ready() after announcing writes nothing more")
        }
        let parsed = try captured.lines.map { try #require(parse($0)) }
        #expect(parsed.map(\.kind) == [.`init`, .`deinit`])
        #expect(parsed.allSatisfy { $0.owner == "PlayButton" && $0.instance == parsed[0].instance })
    }

    @Test func genericNamesAreQuotedAndReadBackWhole() throws {
        let captured = CapturedLines()
        do { _ = ViewProbe(Generic<[String: Int]>.self, output: captured.output) }
        let parsed = try captured.lines.map { try #require(parse($0), "not read back: \($0)") }
        #expect(parsed.first?.view == "Generic<Dictionary<String, Int>>")
        #expect(parsed.first?.type == "TraceProbeTests.ProbeRoundTripTests.Generic<Swift.Dictionary<Swift.String, Swift.Int>>")
    }

    @Test func numbersAreWrittenDigitByDigit() {
        var line = ProbeLine(capacity: 8)
        defer { line.deallocate() }
        line.reset(reserving: 0)
        line.appendFixed(1_234_000_567, scale: 1_000_000_000, digits: 9)
        line.append(" ")
        line.appendFixed(612, scale: 1_000, digits: 3)
        line.append(" ")
        line.appendFixed(0, scale: 1_000, digits: 3)
        line.append(" ")
        line.appendDecimal(18_446_744_073_709_551_615)
        #expect(String(decoding: line.bytes, as: UTF8.self) == "1.234000567 0.612 0.000 18446744073709551615")
    }

    @Test func aLongNameGrowsTheLine() throws {
        let captured = CapturedLines()
        do { _ = ViewProbe(Generic<(String, String, String, String, String, String, String, String, String, String, String, String)>.self, output: captured.output) }
        let parsed = try captured.lines.map { try #require(parse($0), "not read back: \($0)") }
        #expect(parsed.first?.type?.count ?? 0 > 150)
    }

    @Test func anOffProbeWritesNothing() {
        let probe = ViewProbe(Row.self, output: nil)
        #expect(probe.number == 0)
        #expect(probe.body { 7 } == 7)
        probe.appeared()
        #expect(probe.bodyCount == 0)
    }
}

/// The app-wide switch: probes made without an explicit output follow `TraceProbe.output`.
/// The only test that touches the global; every other test passes its own output.
@Suite struct TraceProbeSwitchTests {
    struct Screen {}

    @Test func startAndStopTurnTheDefaultOutputOnAndOff() {
        let captured = CapturedLines()
        let before = TraceProbe.output
        defer { if before == nil { TraceProbe.stop() } }
        TraceProbe.start(sink: .lines { line in captured.append(line) })
        #expect(TraceProbe.isEnabled)
        do { _ = ViewProbe(Screen.self).body { 1 } }
        TraceProbe.stop()
        #expect(!TraceProbe.isEnabled)
        do { _ = ViewProbe(Screen.self).body { 1 } }
        #expect(captured.lines.count == 3, "init, body and deinit while on; nothing while off: \(captured.lines)")
        #expect(captured.lines.allSatisfy { $0.hasPrefix("trace-analyze: kind=") && $0.contains(" view=Screen ") })
    }
}
