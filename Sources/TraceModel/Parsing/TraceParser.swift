/// Parses one trace, line by line, into events; keeps the counters behind `stats`.
///
/// A line that fails to parse never throws: it becomes a `text` event and a counter moves.
///
/// The parser holds the latest event back until the next line arrives, because that line may
/// still change it: a tab-indented line continues a `log` message, and `DataModel address: 0x…`
/// names the instance of the init or deinit just before. `flush` releases the held event when
/// input goes quiet; `finish` releases it at the end.
public struct TraceParser {
    /// The counters so far.
    public private(set) var stats = ParseStats()
    private var envelopes: EnvelopeParser
    private var classifier: MessageClassifier
    private var held: Event?

    /// Creates a parser; `undatedYear` is the year given to dates printed without one
    /// (idevicesyslog), by default the current one.
    public init(classifier: MessageClassifier = MessageClassifier(), undatedYear: Int? = nil) {
        self.classifier = classifier
        self.envelopes = EnvelopeParser(undatedYear: undatedYear)
    }

    /// Parses one line and hands each finished event to `emit`.
    public mutating func consume(_ line: LineReader.Line, emit: (Event) throws -> Void) rethrows {
        stats.lines += 1
        if line.truncated { stats.overLong += 1 }
        if line.bytes.first == 0x09, continuesHeldMessage {
            let text = decode(line.bytes)
            held!.message += "\n" + text
            stats.continuations += 1
            stats.linesByEnvelope[held!.envelope.format.index] += 1
            return
        }
        let split = envelopes.split(line.bytes)
        stats.linesByEnvelope[split.envelope.format.index] += 1
        if split.malformed { stats.malformedEnvelopes += 1 }
        let event: Event
        if let decoded = split.decodedMessage {
            event = decoded.withUnsafeBytes { classify($0, line: line.number, envelope: split.envelope) }
        } else {
            event = classify(UnsafeRawBufferPointer(rebasing: line.bytes[split.message]), line: line.number, envelope: split.envelope)
        }
        try release(emit)
        held = event
    }

    /// Emits the held event, if any; call when input pauses so readers see the latest line.
    public mutating func flush(emit: (Event) throws -> Void) rethrows {
        try release(emit)
    }

    /// Ends the trace, emitting anything still held back.
    public mutating func finish(emit: (Event) throws -> Void) rethrows {
        try release(emit)
    }

    private mutating func classify(_ message: UnsafeRawBufferPointer, line: Int, envelope: Envelope) -> Event {
        let text = decode(message)
        let event = classifier.classify(message, text: text, line: line, envelope: envelope, stats: &stats)
        if event.kind == .text { attachAddress(message) }
        return event
    }

    /// `DataModel address: 0x…` right after `DataModel init` (or deinit) names that instance.
    private mutating func attachAddress(_ message: UnsafeRawBufferPointer) {
        guard let previous = held, previous.kind == .`init` || previous.kind == .`deinit`, previous.instance == nil,
              let view = previous.view, let parsed = AddressLine.parse(message),
              UnsafeRawBufferPointer(rebasing: message[parsed.view]).elementsEqual(view.utf8)
        else { return }
        held!.instance = String(decoding: UnsafeRawBufferPointer(rebasing: message[parsed.address]), as: UTF8.self)
        stats.attachments += 1
    }

    /// Only the `log` tool indents the continuation lines of a multi-line message with a tab;
    /// elsewhere a tab-indented line is a line of its own.
    private var continuesHeldMessage: Bool {
        switch held?.envelope.format {
        case .oslog?, .oslogCompact?, .syslog?: true
        default: false
        }
    }

    private mutating func release(_ emit: (Event) throws -> Void) rethrows {
        guard let event = held else { return }
        held = nil
        stats.eventsByKind[event.kind.index] += 1
        try emit(event)
    }

    /// Decodes UTF-8, replacing invalid bytes with U+FFFD and counting the line.
    private mutating func decode(_ bytes: UnsafeRawBufferPointer) -> String {
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        stats.invalidUTF8 += 1
        return String(decoding: bytes, as: UTF8.self)
    }
}
