import Foundation
import Testing
import TraceModel

/// Inputs that broke a promise of the parser, found while fuzzing (`fuzz/run.sh`; see CONTRIBUTING.md),
/// kept in `fixtures/fuzz-regressions/` so they also seed the fuzzer's corpus.
@Suite struct FuzzRegressionTests {
    static let inputs: [String] = {
        let url = fixtureURL("fuzz-regressions")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.sorted()
    }()

    /// The fuzz target's checks: whatever the chunking, every line is counted once, as an event or
    /// a continuation, under one envelope, and event line numbers strictly increase.
    @Test(arguments: inputs)
    func keepsEveryPromiseWhateverTheChunking(name: String) throws {
        let bytes = Array(try Data(contentsOf: fixtureURL("fuzz-regressions/" + name)))
        let lineCount = countLines(bytes)
        let (whole, wholeStats) = parseEvents(bytes, chunkSize: max(bytes.count, 1))
        for chunkSize in [1, 2, 7] {
            let (events, stats) = parseEvents(bytes, chunkSize: chunkSize)
            #expect(events == whole, "\(name), chunks of \(chunkSize)")
            #expect(stats == wholeStats, "\(name), chunks of \(chunkSize)")
        }
        #expect(wholeStats.lines == lineCount)
        #expect(wholeStats.events == whole.count)
        #expect(wholeStats.events + wholeStats.continuations == wholeStats.lines)
        #expect(wholeStats.continuations >= 0)
        #expect(wholeStats.linesByEnvelope.reduce(0, +) == wholeStats.lines)
        #expect(zip(whole, whole.dropFirst()).allSatisfy { $0.line < $1.line }, "\(whole.map(\.line))")
    }

    /// Found: `[{"a":1},{"eventMessage":"x"}]`. The first element is not a log object, so the
    /// stream was dropped and the line replayed, but the second element of the same batch was
    /// still read as a log object: two events on line 1 and a continuation count of -1.
    @Test func aLogObjectAfterOtherJSONOnTheSameLineDoesNotCountTheLineTwice() throws {
        let (events, stats) = try parseFixture("json-other-object-then-log-object.log")
        #expect(events.map(\.line) == [1])
        #expect(events.map(\.kind) == [.text])
        #expect(events.first?.message == #"[{"a":1},{"eventMessage":"x"}]"#)
        #expect(stats.continuations == 0)
    }

    /// Found with the one above: two log objects on one line both became events of line 1, the
    /// second with the line already spent (continuations -1). A compact one-line array is not
    /// `log` output: its line is kept verbatim as text and counted as a malformed envelope.
    @Test func aCompactOneLineArrayIsKeptAsText() throws {
        let (events, stats) = try parseFixture("json-two-elements-on-one-line.log")
        #expect(events.map(\.line) == [1])
        #expect(events.map(\.kind) == [.text])
        #expect(events.first?.message == #"[{"eventMessage":"ContentView: @self changed."},{"eventMessage":"FirstView init"}]"#)
        #expect(stats.continuations == 0)
        #expect(stats.malformedEnvelopes == 1)
    }

    /// An element that starts on the line where a whole element sits took that line's number too:
    /// two events on line 1.
    @Test func anElementStartingBesideAWholeOneHandsTheLinesBack() throws {
        let (events, stats) = try parseFixture("json-element-starts-beside-a-whole-one.log")
        #expect(events.map(\.line) == [1, 2, 3])
        #expect(events.map(\.kind) == [.text, .text, .text])
        #expect(stats.continuations == 0)
    }

    /// `},{...}]`: the second element ended on the line that ended the first, which had already
    /// been counted with the first (continuations -1).
    @Test func twoElementsEndingOnOneLineHandTheLinesBack() throws {
        let (events, stats) = try parseFixture("json-two-elements-end-on-one-line.log")
        #expect(events.map(\.line) == [1, 2, 3])
        #expect(events.map(\.message) == ["[{", #"  "eventMessage" : "A init""#, #"},{"eventMessage" : "B init"}]"#])
        #expect(stats.continuations == 0)
    }

    /// The shape `log show --style json` prints still reads one event per element.
    @Test func aPrettyPrintedArrayStillReadsOneEventPerElement() {
        let text = "[{\n  \"eventMessage\" : \"FirstView init\"\n},{\n  \"eventMessage\" : \"SecondView init\"\n}]\n"
        let (events, stats) = parseEvents(text, chunkSize: 3)
        #expect(events.map(\.line) == [1, 3])
        #expect(events.map(\.view) == ["FirstView", "SecondView"])
        #expect(stats.continuations == 3)
    }

    private func parseFixture(_ name: String) throws -> (events: [Event], stats: ParseStats) {
        parseEvents(Array(try Data(contentsOf: fixtureURL("fuzz-regressions/" + name))), chunkSize: 5)
    }

    /// Lines as `LineReader` counts them: ends at `\n`, `\r\n` or `\r`, and a last unterminated line.
    private func countLines(_ bytes: [UInt8]) -> Int {
        var count = 0
        var index = 0
        var lineHasBytes = false
        while index < bytes.count {
            if bytes[index] == 0x0A || bytes[index] == 0x0D {
                count += 1
                lineHasBytes = false
                if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            } else {
                lineHasBytes = true
            }
            index += 1
        }
        return count + (lineHasBytes ? 1 : 0)
    }
}
