// TraceModel's parsing pipeline under libFuzzer (the `parser` and `probe` targets' entry points
// are in fuzz/entries/). Not a SwiftPM target: `fuzz/build.sh` compiles it together with
// `Sources/TraceModel` into one module, so it can see internals and `swift build` never needs
// libFuzzer.
//
// Every input is parsed three times through `LineReader` → `TraceParser.consume` … `finish`:
//   1. as one chunk;
//   2. in chunks whose sizes are derived from the input (1 byte, up to 8, up to 64, or cut
//      right after every `\r` so a CRLF straddles chunks);
//   3. in the same chunks, calling `flush` after each one, as `ingest` does when input pauses.
// Runs 1 and 2 must produce the same events and counters (chunking is invisible); so must the
// input twice over with and without the fast paths (`RepeatedMessages`, `FastPath`), and each
// message with the byte-level one and without it (FastPathDifferential.swift). Every run
// must keep the promises of `ParseStats`: `lines` is the number of lines the reader produced,
// `events + continuations == lines`, the per-envelope counts sum to `lines`; and of the events:
// line numbers strictly increase, a recognised event names a view, times are finite. The input's
// hash also picks a short line limit (one input in four) and two user patterns (one in four).
// `JSONParser.parse` reads the raw bytes too, and a JSON object goes on through
// `ConfigurationReader` and `UserPattern` as a configuration file would.
// A broken promise is a `fatalError`, which libFuzzer reports as a crash with its input.

enum FuzzTarget {
    /// What one parse of the input produced.
    struct Outcome {
        var events: [Event] = []
        var stats = ParseStats()
        var readerLines = 0
    }

    /// Two user patterns as a configuration file gives them, for the runs that use patterns.
    static let patterns: [UserPattern] = {
        let file = #"""
        {"patterns": [
          {"name": "house", "regex": "^\\[(?<owner>\\w+)/(?<view>\\w+)(?:#(?<instance>\\d+))?\\] (?<kind>created|destroyed|shown)$",
           "kinds": {"created": "init", "destroyed": "deinit", "shown": "appear"},
           "samples": [{"line": "[Feed/Row#3] created", "kind": "init", "view": "Row", "owner": "Feed", "instance": "3"}]},
          {"name": "arrow", "regex": "(?<view>[A-Z][A-Za-z.]*) -> (?<kind>\\w+)", "samples": [{"line": "A -> init", "kind": "init", "view": "A"}]}
        ]}
        """#
        do {
            let root = try ConfigurationReader(file: "fuzz", value: try JSONParser.parse(file))
            return try (root.objects("patterns") ?? []).map(UserPattern.init(reader:))
        } catch {
            fatalError("the fuzz target's own patterns do not load: \(error)")
        }
    }()

    static func run(_ input: UnsafeRawBufferPointer) {
        if let value = try? JSONParser.parse(input) { readConfiguration(value) }

        let plan = Plan(input)
        let whole = parse(input, plan: plan, cuts: [], flushing: false)
        check(whole, "one chunk; \(plan)")
        let chunked = parse(input, plan: plan, cuts: plan.cuts, flushing: false)
        check(chunked, "chunked; \(plan)")
        if whole.events != chunked.events || whole.stats != chunked.stats || whole.readerLines != chunked.readerLines {
            fail("chunking changed the result (\(plan))\n"
                + "one chunk: \(whole.readerLines) lines, \(whole.stats)\n"
                + "chunks:    \(chunked.readerLines) lines, \(chunked.stats)\n"
                + firstDifference(whole.events, chunked.events))
        }
        // The fast path (`RepeatedMessages`) against the general path alone: the same events and
        // counters, field for field. The input twice over, so the second copy meets every
        // message of the first again.
        let twice = Array(input) + [0x0A] + Array(input)
        twice.withUnsafeBytes { twice in
            let fast = parse(twice, plan: plan, cuts: [], flushing: false)
            let general = parse(twice, plan: plan, cuts: [], flushing: false, reusingRepeatedMessages: false)
            if fast.events != general.events || fast.stats != general.stats {
                fail("the fast path differs from the general one (\(plan), input twice over)\n"
                    + "fast:    \(fast.stats)\ngeneral: \(general.stats)\n" + firstDifference(fast.events, general.events))
            }
        }
        // The byte-level fast path (`FastPath`) against the classifier, message by message.
        FastPathDifferential.run(input)
        let flushed = parse(input, plan: plan, cuts: plan.cuts, flushing: true)
        check(flushed, "chunked with flush; \(plan)")
        if flushed.readerLines != whole.readerLines {
            fail("flushing changed the line count: \(flushed.readerLines) vs \(whole.readerLines)")
        }
    }

    /// Reads a JSON document as the configuration file's patterns section; errors are expected.
    static func readConfiguration(_ value: JSONValue) {
        guard let root = try? ConfigurationReader(file: "fuzz", value: value),
              let readers = try? root.objects("patterns")
        else { return }
        for reader in readers.prefix(4) { _ = try? UserPattern(reader: reader) }
    }

    /// Feeds `input` to a fresh reader and parser, cut before each offset in `cuts`.
    static func parse(
        _ input: UnsafeRawBufferPointer, plan: Plan, cuts: [Int], flushing: Bool, reusingRepeatedMessages: Bool = true
    ) -> Outcome {
        var outcome = Outcome()
        let maxLineLength = plan.maxLineLength
        var reader = LineReader(maxLineLength: maxLineLength)
        // A fixed year: idevicesyslog dates must not depend on the day the fuzzer runs.
        var parser = TraceParser(
            patterns: plan.usesPatterns ? patterns : [], undatedYear: 2024, reusingRepeatedMessages: reusingRepeatedMessages
        )
        var start = 0
        for end in cuts + [input.count] where end >= start {
            reader.feed(UnsafeRawBufferPointer(rebasing: input[start..<end])) { line in
                outcome.readerLines += 1
                if line.number != outcome.readerLines {
                    fail("line reader numbered line \(outcome.readerLines) as \(line.number)")
                }
                if line.bytes.count > maxLineLength {
                    fail("line \(line.number) has \(line.bytes.count) bytes, over the limit \(maxLineLength)")
                }
                parser.consume(line) { outcome.events.append($0) }
            }
            if flushing { parser.flush { outcome.events.append($0) } }
            start = end
        }
        reader.finish { line in
            outcome.readerLines += 1
            parser.consume(line) { outcome.events.append($0) }
        }
        parser.finish { outcome.events.append($0) }
        outcome.stats = parser.stats
        return outcome
    }

    /// The promises every parse keeps, whatever the bytes.
    static func check(_ outcome: Outcome, _ run: String) {
        let stats = outcome.stats
        if stats.lines != outcome.readerLines {
            fail("\(run): stats.lines \(stats.lines) != \(outcome.readerLines) lines read")
        }
        if stats.events != outcome.events.count {
            fail("\(run): stats.events \(stats.events) != \(outcome.events.count) events emitted")
        }
        if stats.events + stats.continuations != stats.lines {
            fail("\(run): events \(stats.events) + continuations \(stats.continuations) != lines \(stats.lines)")
        }
        let byEnvelope = stats.linesByEnvelope.reduce(0, +)
        if byEnvelope != stats.lines {
            fail("\(run): lines by envelope sum to \(byEnvelope), not lines \(stats.lines): \(stats.linesByEnvelope)")
        }
        if stats.linesByEnvelope.contains(where: { $0 < 0 }) || stats.continuations < 0 {
            fail("\(run): a negative counter: \(stats)")
        }
        var previous = 0
        for event in outcome.events {
            if event.line <= previous {
                fail("\(run): event line \(event.line) follows line \(previous)")
            }
            if event.line > stats.lines {
                fail("\(run): event line \(event.line) past the last line \(stats.lines)")
            }
            previous = event.line
            // A lifecycle event names its view; a text event names none; a SwiftUI warning names
            // one only when its text does (most name none).
            let viewless = event.kind == .text || event.kind == .warning
            if (!viewless && event.view == nil) || (event.kind == .text && event.view != nil) || event.view?.isEmpty == true {
                fail("\(run): line \(event.line): a \(event.kind) event with view \(String(describing: event.view))")
            }
            checkFigures(event, run)
        }
    }

    /// An event's time is finite and its duration finite and not negative, from any source.
    static func checkFigures(_ event: Event, _ run: String) {
        if event.envelope.timestamp?.isFinite == false || event.durationMs.map({ !$0.isFinite || $0 < 0 }) == true {
            fail("\(run): line \(event.line): timestamp \(String(describing: event.envelope.timestamp)), duration \(String(describing: event.durationMs))")
        }
    }

    static func firstDifference(_ left: [Event], _ right: [Event]) -> String {
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? "\(left[index])" : "<none>"
            let b = index < right.count ? "\(right[index])" : "<none>"
            if a != b { return "first different event #\(index):\n  one chunk: \(a)\n  chunks:    \(b)" }
        }
        return "events equal"
    }

    static func fail(_ message: String) -> Never {
        fatalError("fuzz invariant broken: " + message)
    }
}

/// How to cut one input into chunks, and the line limit to use, derived from its bytes so a
/// crash file reproduces exactly.
struct Plan: CustomStringConvertible {
    enum Mode: CustomStringConvertible {
        case bytes, upTo8, upTo64, afterCR
        var description: String {
            switch self {
            case .bytes: "of 1 byte"
            case .upTo8: "of 1-8 bytes"
            case .upTo64: "of 1-64 bytes"
            case .afterCR: "cut after each CR"
            }
        }
    }

    let mode: Mode
    let cuts: [Int]
    let maxLineLength: Int
    let usesPatterns: Bool

    init(_ input: UnsafeRawBufferPointer) {
        // FNV-1a over the input: any mutation picks a new plan.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in input { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var random = SplitMix(state: hash)
        mode = [.bytes, .upTo8, .upTo64, .afterCR][Int(random.next() % 4)]
        // One input in four gets a short line limit, so the cutting of over-long lines is fuzzed too.
        maxLineLength = random.next() % 4 == 0 ? 1 + Int(random.next() % 200) : LineReader.defaultMaxLineLength
        usesPatterns = random.next() % 4 == 0
        var cuts: [Int] = []
        var offset = 0
        switch mode {
        case .bytes:
            cuts = Array(1..<max(input.count, 1))
        case .upTo8, .upTo64:
            let most: UInt64 = mode == .upTo8 ? 8 : 64
            while true {
                offset += 1 + Int(random.next() % most)
                guard offset < input.count else { break }
                cuts.append(offset)
            }
        case .afterCR:
            for (index, byte) in input.enumerated() where byte == 0x0D && index + 1 < input.count {
                cuts.append(index + 1)
            }
        }
        self.cuts = cuts
    }

    var description: String {
        "chunks \(mode), line limit \(maxLineLength)" + (usesPatterns ? ", user patterns" : "")
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
