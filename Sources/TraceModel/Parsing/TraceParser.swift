/// Parses one trace, line by line, into events; keeps the counters behind `stats`.
///
/// A line that fails to parse never throws: it becomes a `text` event and a counter moves.
public struct TraceParser {
    /// The counters so far.
    public private(set) var stats = ParseStats()
    private let classifier: MessageClassifier

    /// Creates a parser.
    public init(classifier: MessageClassifier = MessageClassifier()) {
        self.classifier = classifier
    }

    /// Parses one line and hands each resulting event to `emit`.
    public mutating func consume(_ line: LineReader.Line, emit: (Event) throws -> Void) rethrows {
        stats.lines += 1
        if line.truncated { stats.overLong += 1 }
        let split = EnvelopeParser.split(line.bytes)
        stats.linesByEnvelope[split.envelope.format.index] += 1
        let message = UnsafeRawBufferPointer(rebasing: line.bytes[split.message])
        let text = decode(message)
        let event = classifier.classify(message, text: text, line: line.number, envelope: split.envelope)
        stats.eventsByKind[event.kind.index] += 1
        try emit(event)
    }

    /// Ends the trace, emitting anything still held back.
    public mutating func finish(emit: (Event) throws -> Void) rethrows {}

    /// Decodes UTF-8, replacing invalid bytes with U+FFFD and counting the line.
    private mutating func decode(_ bytes: UnsafeRawBufferPointer) -> String {
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        stats.invalidUTF8 += 1
        return String(decoding: bytes, as: UTF8.self)
    }
}
