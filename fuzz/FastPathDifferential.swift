// The parser's byte-level fast path (`FastPath`) against the general classifier, message by
// message: every line of the input is split by the envelope parser, and wherever the fast path
// answers, its event must be the one `MessageClassifier` makes, field for field, with no
// counter moved; where it declines, the envelope must be as it was. (The parse of the whole
// input with and without the fast paths, in `FuzzTarget.run`, compares what the parser emits.)

enum FastPathDifferential {
    static func run(_ input: UnsafeRawBufferPointer) {
        var envelopes = EnvelopeParser(undatedYear: 2024)
        var classifier = MessageClassifier()
        var fast = FastPath()
        var reader = LineReader()
        let visit = { (line: LineReader.Line) in
            let split = envelopes.split(line.bytes)
            guard split.envelope.format != .noise else { return }
            if let decoded = split.decodedMessage {
                decoded.withUnsafeBytes { compare($0, split.envelope, line.number, &classifier, &fast) }
            } else {
                compare(UnsafeRawBufferPointer(rebasing: line.bytes[split.message]), split.envelope, line.number, &classifier, &fast)
            }
        }
        reader.feed(input, visit)
        reader.finish(visit)
    }

    static func compare(
        _ message: UnsafeRawBufferPointer, _ envelope: Envelope, _ line: Int,
        _ classifier: inout MessageClassifier, _ fast: inout FastPath
    ) {
        var stats = ParseStats()
        let general = classifier.classify(message, text: String(decoding: message, as: UTF8.self), line: line, envelope: envelope, stats: &stats)
        var fastEnvelope = envelope
        guard let answer = fast.event(for: message, line: line, envelope: &fastEnvelope) else {
            if fastEnvelope != envelope { FuzzTarget.fail("line \(line): the fast path declined but changed the envelope") }
            return
        }
        if answer != general || stats != ParseStats() {
            FuzzTarget.fail("line \(line): the byte-level fast path differs from the general classifier\n"
                + "  fast:    \(answer)\n  general: \(general)\n  counters: \(stats)")
        }
    }
}
