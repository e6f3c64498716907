import Foundation
import Testing
@testable import TraceModel

/// The parser's byte-level fast path (`FastPath`) against the general classifier, message by
/// message: wherever the fast path answers, its event is the general one, every field, and the
/// general path moved no counter for it. The parser-level comparison (both fast paths against
/// the general path alone, on every fixture) is `RepeatedMessagesTests`'.
@Suite struct FastPathTests {
    /// What one comparison found.
    struct Tally {
        var messages = 0
        var claimed = 0
        var differences: [String] = []
    }

    /// Classifies `message` both ways inside `envelope`, recording a difference.
    static func compare(
        _ message: UnsafeRawBufferPointer, envelope: Envelope, line: Int, where place: String,
        classifier: inout MessageClassifier, fast: inout FastPath, tally: inout Tally
    ) {
        tally.messages += 1
        var stats = ParseStats()
        let general = classifier.classify(
            message, text: String(decoding: message, as: UTF8.self), line: line, envelope: envelope, stats: &stats
        )
        var fastEnvelope = envelope
        guard let answer = fast.event(for: message, line: line, envelope: &fastEnvelope) else {
            #expect(fastEnvelope == envelope, "\(place): a declined message changed the envelope")
            return
        }
        tally.claimed += 1
        if answer != general || stats != ParseStats() {
            tally.differences.append("\(place): \(String(decoding: message, as: UTF8.self))\n  fast:    \(answer)\n  general: \(general)\n  counters: \(stats)")
        }
    }

    /// Every line of every fixture, split by the real envelope parser.
    @Test func everyFixtureLineComesOutTheSame() throws {
        var tally = Tally()
        for path in RepeatedMessagesTests.corpus {
            let bytes = Array(try Data(contentsOf: fixtureURL(path)))
            var envelopes = EnvelopeParser(undatedYear: 2024)
            var classifier = MessageClassifier()
            var fast = FastPath()
            var reader = LineReader()
            let visit = { (line: LineReader.Line) in
                let split = envelopes.split(line.bytes)
                guard split.envelope.format != .noise else { return }
                let place = "\(path):\(line.number)"
                if let decoded = split.decodedMessage {
                    decoded.withUnsafeBytes {
                        Self.compare($0, envelope: split.envelope, line: line.number, where: place, classifier: &classifier, fast: &fast, tally: &tally)
                    }
                } else {
                    Self.compare(
                        UnsafeRawBufferPointer(rebasing: line.bytes[split.message]), envelope: split.envelope, line: line.number,
                        where: place, classifier: &classifier, fast: &fast, tally: &tally
                    )
                }
            }
            bytes.withUnsafeBytes { reader.feed($0, visit) }
            reader.finish(visit)
        }
        for difference in tally.differences.prefix(20) { Issue.record("\(difference)") }
        #expect(tally.differences.isEmpty, "\(tally.differences.count) of \(tally.claimed) answered messages differ")
        // Guards against a fast path that answers nothing, and so agrees with everything.
        #expect(tally.claimed > 500, "the fast path answered \(tally.claimed) of \(tally.messages) messages")
    }

    /// The shapes the fast path reads, and lines just off them.
    static let seeds = [
        "ContentView: @self, @identity, _showPlayButton changed.",
        "ContentView: @self changed.",
        "FeedRow3: _count changed.",
        "DetailView24: @dependencies, _model, __value changed.",
        "Toolbar5: @16 changed.",
        "CountText: unchanged.",
        "_Private: unchanged.",
        "PublishingView: @self changed.",
        "ForEachRow: @self changed.",
        "trace-analyze: kind=body view=CounterView type=App.CounterView id=#3 t=1042.000431207 ms=0.612 identity=new",
        "trace-analyze: kind=deinit view=CounterView type=App.CounterView id=#3 t=1042.5 seen=1",
        "trace-analyze: kind=deinit view=Row type=App.Row id=#9 t=7 owner=List seen=0",
        "trace-analyze: kind=init view=DetailView id=0x600003a0c000 parent=RootView ms=0.42",
        "trace-analyze: kind=appear view=A",
        "trace-analyze: kind=layout view=Grid t=0.000000001 ms=1e3",
    ]

    /// Bytes that matter to one grammar or another.
    static let substitutes: [UInt8] = Array(" \t,_@.:=\"`<>()\\#-x1".utf8) + [0x00, 0xC3, 0xE2, 0xA6]

    /// Each seed, and each seed with one byte deleted, replaced or inserted, in a plain
    /// envelope and in one that has a time already (a probe's `t=` must not replace it).
    @Test func mutationsOfTheShapesComeOutTheSame() {
        var tally = Tally()
        var classifier = MessageClassifier()
        var fast = FastPath()
        let envelopes = [Envelope(format: .plain), Envelope(format: .nslog, timestamp: 1_700_000_000.5, process: "MyApp", pid: 4242, tid: 1000)]
        for seed in Self.seeds {
            let bytes = Array(seed.utf8)
            var variants = [bytes]
            for index in bytes.indices {
                var deleted = bytes
                deleted.remove(at: index)
                variants.append(deleted)
                for byte in Self.substitutes {
                    var replaced = bytes
                    replaced[index] = byte
                    var inserted = bytes
                    inserted.insert(byte, at: index)
                    variants += [replaced, inserted]
                }
            }
            variants += Self.substitutes.map { bytes + [$0] }
            for variant in variants {
                for envelope in envelopes {
                    variant.withUnsafeBytes {
                        Self.compare($0, envelope: envelope, line: 7, where: "from \(seed)", classifier: &classifier, fast: &fast, tally: &tally)
                    }
                }
            }
        }
        for difference in tally.differences.prefix(20) { Issue.record("\(difference)") }
        #expect(tally.differences.isEmpty, "\(tally.differences.count) of \(tally.claimed) answered messages differ")
        #expect(tally.claimed > 1_000, "the fast path answered \(tally.claimed) of \(tally.messages) messages")
    }

    /// The seeds themselves are the shapes: the fast path answers each one, except the two
    /// whose first letters may start a SwiftUI warning (`Pu`blishing, `Fo`rEach).
    @Test func theFastPathAnswersItsShapes() {
        var fast = FastPath()
        let declined = Self.seeds.filter { seed in
            var envelope = Envelope(format: .plain)
            var bytes = Array(seed.utf8)
            return bytes.withUnsafeMutableBytes { fast.event(for: UnsafeRawBufferPointer($0), line: 1, envelope: &envelope) } == nil
        }
        #expect(declined == ["PublishingView: @self changed.", "ForEachRow: @self changed."])
    }

    /// A probe line's `t=` gives a plain line its time, and never replaces a wrapper's.
    @Test func aProbeTimeFillsOnlyAMissingTime() {
        var fast = FastPath()
        let line = Array("trace-analyze: kind=body view=Card t=12.5".utf8)
        var plain = Envelope(format: .plain)
        var dated = Envelope(format: .nslog, timestamp: 99)
        let first = line.withUnsafeBytes { fast.event(for: $0, line: 1, envelope: &plain) }
        let second = line.withUnsafeBytes { fast.event(for: $0, line: 2, envelope: &dated) }
        #expect(first?.envelope.timestamp == 12.5)
        #expect(second?.envelope.timestamp == 99)
    }

    /// A token list read once answers the next line with the same list bytes, whatever its
    /// view, as a fresh read would; a list the fast path declined is never kept.
    @Test func aKeptTokenListAnswersAsAFreshRead() {
        var fast = FastPath()
        var classifier = MessageClassifier()
        var tally = Tally()
        let lines = [
            "Card: @self, _count changed.", "Row7: @self, _count changed.", "Card: @self, _count changed.",
            "Card: @self,_count changed.", "Row7: @self,_count changed.", "Card: unchanged.", "Row7: _count changed.",
        ]
        for (number, line) in lines.enumerated() {
            Array(line.utf8).withUnsafeBytes {
                Self.compare($0, envelope: Envelope(format: .plain), line: number + 1, where: line, classifier: &classifier, fast: &fast, tally: &tally)
            }
        }
        for difference in tally.differences { Issue.record("\(difference)") }
        // The two lists without a space after the comma are declined, both times.
        #expect(tally.claimed == 5)
        var envelope = Envelope(format: .plain)
        let second = Array("Row7: @self, _count changed.".utf8).withUnsafeBytes { fast.event(for: $0, line: 9, envelope: &envelope) }
        #expect(second?.view == "Row7")
        #expect(second?.tokens == ["@self", "_count"])
    }

    /// One slot: a second list replaces the first, and neither is taken for the other.
    @Test func aTokenListCacheSlotHoldsOneList() {
        var cache = TokenListCache(capacity: 1)
        let first = Array("@self, _count".utf8), second = Array("_model".utf8)
        first.withUnsafeBytes { cache.keep(["@self", "_count"], for: $0, hash: TokenListCache.key($0)!) }
        #expect(first.withUnsafeBytes { cache.list(for: $0, hash: TokenListCache.key($0)!) } == ["@self", "_count"])
        #expect(second.withUnsafeBytes { cache.list(for: $0, hash: TokenListCache.key($0)!) } == nil)
        second.withUnsafeBytes { cache.keep(["_model"], for: $0, hash: TokenListCache.key($0)!) }
        #expect(first.withUnsafeBytes { cache.list(for: $0, hash: TokenListCache.key($0)!) } == nil)
        #expect(second.withUnsafeBytes { cache.list(for: $0, hash: TokenListCache.key($0)!) } == ["_model"])
        let long = [UInt8](repeating: UInt8(ascii: "_"), count: TokenListCache.maxLength + 1)
        #expect(long.withUnsafeBytes { TokenListCache.key($0) } == nil)
    }
}
