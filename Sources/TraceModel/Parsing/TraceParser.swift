/// Parses one trace, line by line, into events; keeps the counters behind `stats`.
///
/// A line that fails to parse never throws: it becomes a `text` event and a counter moves.
///
/// The parser holds the latest event back until the next line arrives, because that line may
/// still change it: a tab-indented line continues a `log` message, and `DataModel address: 0x…`
/// names the instance of the init or deinit just before (and is folded into it). `flush` releases the held event when
/// input goes quiet; `finish` releases it at the end.
public struct TraceParser {
    /// The counters so far.
    public private(set) var stats = ParseStats()
    private var envelopes: EnvelopeParser
    private var classifier: MessageClassifier
    private var held: Event?
    /// The line just classified named the held event's instance (`AddressLine`): it is folded into it.
    private var attached = false
    /// Set while inside a `log show --style json` array.
    private var jsonArray: JSONArrayStream?
    /// The fast path for messages seen a moment ago; nil with user patterns (see the type), or
    /// when the caller asked for the general path alone.
    private var repeated: RepeatedMessages?
    /// The byte-level fast path for the commonest shapes (`FastPath`); nil with the general path alone.
    private var fastPath: FastPath?

    /// Creates a parser; `undatedYear` is the year given to dates printed without one
    /// (idevicesyslog), by default the current one.
    ///
    /// With `reusingRepeatedMessages` false every message goes through the recognisers, for
    /// tests that compare the fast paths (`RepeatedMessages`, `FastPath`) with the general one.
    public init(classifier: MessageClassifier = MessageClassifier(), undatedYear: Int? = nil, reusingRepeatedMessages: Bool = true) {
        self.classifier = classifier
        self.envelopes = EnvelopeParser(undatedYear: undatedYear)
        repeated = reusingRepeatedMessages && !classifier.hasPatterns ? RepeatedMessages() : nil
        fastPath = reusingRepeatedMessages ? FastPath() : nil
    }

    /// Creates a parser that also tries the user's `patterns` (from the configuration file).
    public init(patterns: [UserPattern], undatedYear: Int? = nil, reusingRepeatedMessages: Bool = true) {
        self.init(classifier: MessageClassifier(patterns: patterns), undatedYear: undatedYear, reusingRepeatedMessages: reusingRepeatedMessages)
    }

    /// Parses one line and hands each finished event to `emit`.
    public mutating func consume(_ line: LineReader.Line, emit: (consuming Event) throws -> Void) rethrows {
        stats.lines += 1
        if line.truncated { stats.overLong += 1 }
        if jsonArray != nil {
            try feedArray(line, opening: false, emit)
        } else if line.bytes.first == UInt8(ascii: "["), JSONArrayStream.opens(line.bytes) {
            jsonArray = JSONArrayStream()
            try feedArray(line, opening: true, emit)
        } else {
            try parse(number: line.number, bytes: line.bytes, emit)
        }
    }

    /// Emits the held event, if any; call when input pauses so readers see the latest line.
    public mutating func flush(emit: (consuming Event) throws -> Void) rethrows {
        try release(emit)
    }

    /// Ends the trace, emitting anything still held back (a truncated JSON array's lines too).
    public mutating func finish(emit: (consuming Event) throws -> Void) rethrows {
        if var stream = jsonArray {
            jsonArray = nil
            try handle(stream.finish(), emit)
        }
        try release(emit)
    }

    /// One line outside a JSON array: envelope, then message, then the event.
    private mutating func parse(number: Int, bytes: UnsafeRawBufferPointer, _ emit: (consuming Event) throws -> Void) rethrows {
        if bytes.first == 0x09, continuesHeldMessage {
            let wrapped = held!.kind == .text && SwiftUIWarning.endsWrappedHeader(held!.message)
            held!.message += "\n" + decode(bytes)
            if wrapped { promoteWrappedWarning() }
            stats.continuations += 1
            stats.linesByEnvelope[held!.envelope.format.index] += 1
            return
        }
        var split = envelopes.split(bytes)
        stats.linesByEnvelope[split.envelope.format.index] += 1
        if split.malformed { stats.malformedEnvelopes += 1 }
        // The envelope is moved out of the split, not copied: a copy retained its four strings
        // on every line, and dropping the split released them again.
        var envelope = Envelope(format: .plain)
        swap(&envelope, &split.envelope)
        // Handed on as it is made, never bound to a name: each binding of an event on its way
        // is a copy of its 233 bytes.
        if split.decodedMessage == nil {
            try hold(classify(UnsafeRawBufferPointer(rebasing: bytes[split.message]), line: number, envelope: consume envelope), emit)
        } else {
            try hold(split.decodedMessage!.withUnsafeBytes { classify($0, line: number, envelope: envelope) }, emit)
        }
    }

    private mutating func feedArray(_ line: LineReader.Line, opening: Bool, _ emit: (consuming Event) throws -> Void) rethrows {
        try handle(jsonArray!.feed(line, opening: opening), emit)
    }

    /// Turns what the JSON array stream produced into events, or hands its lines back as lines.
    private mutating func handle(_ outputs: [JSONArrayStream.Output], _ emit: (consuming Event) throws -> Void) rethrows {
        for output in outputs {
            switch output {
            case .object(let bytes, let firstLine, let lines):
                let split = bytes.withUnsafeBytes { envelopes.logObject($0, format: .json) }
                guard let split else {
                    // Valid JSON but not a log object: these are somebody's lines, not `log` output.
                    // The rest of the batch belongs to the stream just dropped.
                    jsonArray = nil
                    try replay(lines, emit)
                    return
                }
                stats.linesByEnvelope[EnvelopeFormat.json.index] += lines.count
                // One event stands for the whole object; its other lines are folded into it.
                stats.continuations += lines.count - 1
                let event = (split.decodedMessage ?? bytes).withUnsafeBytes { buffer in
                    let message = split.decodedMessage == nil ? UnsafeRawBufferPointer(rebasing: buffer[split.message]) : buffer
                    return classify(message, line: firstLine, envelope: split.envelope)
                }
                try hold(event, emit)
            case .closed(let lines):
                stats.linesByEnvelope[EnvelopeFormat.json.index] += lines.count
                stats.continuations += lines.count
                jsonArray = nil
            case .broken(let lines, let malformed):
                jsonArray = nil
                if malformed { stats.malformedEnvelopes += 1 }
                try replay(lines, emit)
            }
        }
    }

    /// Parses lines the JSON array stream handed back: pieces of an element are kept as plain
    /// text (a JSON fragment is not a message), anything else is parsed as an ordinary line.
    private mutating func replay(_ lines: [JSONArrayStream.PendingLine], _ emit: (consuming Event) throws -> Void) rethrows {
        for line in lines {
            try line.bytes.withUnsafeBytes { bytes in
                if line.insideElement {
                    stats.linesByEnvelope[EnvelopeFormat.plain.index] += 1
                    try hold(Event(line: line.number, kind: .text, origin: .text, message: decode(bytes)), emit)
                } else {
                    try parse(number: line.number, bytes: bytes, emit)
                }
            }
        }
    }

    private mutating func classify(_ message: UnsafeRawBufferPointer, line: Int, envelope: consuming Envelope) -> Event {
        if envelope.format == .noise {
            return Event(line: line, kind: .text, origin: .text, message: decode(message), envelope: envelope)
        }
        // `_printChanges` output and probe lines, read from their bytes; what they make is never
        // text, so nothing below applies to it. Taken out of the optional, not bound: a binding
        // copied the event, retaining and releasing its strings.
        if fastPath != nil, let answer = fastPath!.event(for: message, line: line, envelope: &envelope) {
            return answer
        }
        // A message seen a moment ago is answered from `repeated`, as the classifier answered it
        // then (ASCII only: an invalid byte must still be counted on every line it is on).
        let key = repeated == nil || !Self.isASCII(message) ? nil : RepeatedMessages.slotKey(message)
        var event: Event
        if let key, let slot = repeated!.slot(for: message, hash: key) {
            event = repeated!.event(at: slot, line: line, envelope: consume envelope)
            if case .lookalike = event.origin { stats.lookalikes += 1 }
        } else {
            let malformed = stats.malformedStructured, counterReads = classifier.counterReads
            let text = decode(message)
            event = classifier.classify(message, text: text, line: line, envelope: envelope, stats: &stats)
            if let key, stats.malformedStructured == malformed, classifier.counterReads == counterReads {
                repeated!.keep(event, for: message, hash: key)
            }
        }
        if event.kind == .text {
            attachAddress(message)
            countRepetition(message)
            joinWrappedWarning(message)
            markEndless(message, line: line)
        }
        return event
    }

    /// `…forever` or `(and so on, until the watchdog kills it)` right after a lifecycle line:
    /// the author says what led up to it goes on without end (`EndlessNote`). The lifecycle
    /// event carries the note (where it is and what it says); the note itself stays text.
    private mutating func markEndless(_ message: UnsafeRawBufferPointer, line: Int) {
        // Fields of `held` through optional chaining, never `held` itself: a copy of the event
        // retains and releases each of its strings, on every text line after a lifecycle line.
        guard let kind = held?.kind, kind != .text, held?.endlessNote == nil, !attached, let heldLine = held?.line,
              line > heldLine, line - heldLine <= Int(UInt8.max), let words = EndlessNote.words(in: message)
        else { return }
        held?.endlessNote = EndlessNote.Mark(distance: UInt8(line - heldLine), words: words)
    }

    /// SwiftUI's warning as a console wraps it: the header ends in `>: ` (`ForEach<Array<String>,
    /// String, Text>: `) and the rest follows on an indented line. That line is folded into the
    /// header's event (as a continuation), which becomes the warning, cited at the header.
    private mutating func joinWrappedWarning(_ message: UnsafeRawBufferPointer) {
        // Nearly every line fails the first test: it does not start with a space or a tab.
        guard let first = message.first, first == 0x20 || first == 0x09, !attached, let previous = held,
              previous.kind == .text, SwiftUIWarning.endsWrappedHeader(previous.message),
              SwiftUIWarning.parseWrapped(previous.message + "\n" + decode(message)) != nil
        else { return }
        held!.kind = .warning
        held!.origin = .swiftUIWarning
        attached = true
    }

    /// The held text event, its wrapped continuation just appended, is SwiftUI's warning.
    private mutating func promoteWrappedWarning() {
        guard SwiftUIWarning.parseWrapped(held!.message) != nil else { return }
        held!.kind = .warning
        held!.origin = .swiftUIWarning
    }

    /// `last message repeated 3 times` or `... (× ~25 more lines)` right after a lifecycle line
    /// says how many times that line happened; the repetition line itself stays text.
    private mutating func countRepetition(_ message: UnsafeRawBufferPointer) {
        guard let kind = held?.kind, kind != .text, let repetition = Multiplicity.repetition(message) else { return }
        let count = Int(held!.multiplicity)
        held!.multiplicity = Int32(min(repetition.additional ? count + repetition.value : max(count, repetition.value), Multiplicity.maximum))
    }

    /// `DataModel address: 0x…` right after `DataModel init` (or deinit) names that instance.
    private mutating func attachAddress(_ message: UnsafeRawBufferPointer) {
        guard let kind = held?.kind, kind == .`init` || kind == .`deinit`, held?.instance == nil,
              let view = held?.view, let parsed = AddressLine.parse(message),
              UnsafeRawBufferPointer(rebasing: message[parsed.view]).elementsEqual(view.utf8)
        else { return }
        held!.instance = String(decoding: UnsafeRawBufferPointer(rebasing: message[parsed.address]), as: UTF8.self)
        stats.attachments += 1
        attached = true
    }

    /// Only the `log` tool indents the continuation lines of a multi-line message with a tab;
    /// elsewhere a tab-indented line is a line of its own.
    private var continuesHeldMessage: Bool {
        switch held?.envelope.format {
        case .oslog?, .oslogCompact?, .syslog?: true
        default: false
        }
    }

    // An event is moved, never copied, from the classifier through `held` to `emit`: a copy
    // retains and releases each of its dozen strings, which cost a fifth of the parse.
    private mutating func hold(_ event: consuming Event, _ emit: (consuming Event) throws -> Void) rethrows {
        if attached {
            // `DataModel address: 0x…` is part of the init or deinit print before it: folded
            // into that event as a continuation line rather than a text line between two events
            // (which `why` took for the next update's cause, cutting the update in two).
            attached = false
            held!.message += "\n" + event.message
            stats.continuations += 1
            return
        }
        // The held event's fields are read through optional chaining, never by binding `held`:
        // a binding copied the whole event, retaining and releasing each of its strings, on
        // every body line.
        if event.kind == .body, held?.kind == .body, let origin = held?.origin, Self.pairs(origin, event.origin),
           let previousMultiplicity = held?.multiplicity, previousMultiplicity != 0, held!.view == event.view {
            // `Card body` printed next to `Card: _count changed.`: one evaluation, two prints.
            // The rules count the `_printChanges` one, whichever came first: it says why the
            // body ran (`unchanged.`, `@self`), which the developer's print does not, and with
            // the developer's print first an avoidable evaluation went unseen. A count on either
            // print (`Card: _count changed. (×20)`) counts the pair.
            if case .printChanges = event.origin {
                event.multiplicity = max(event.multiplicity, previousMultiplicity)
                held!.multiplicity = 0
            } else {
                event.multiplicity = max(0, event.multiplicity - previousMultiplicity)
            }
        }
        try release(emit)
        held = consume event
    }

    /// A developer's body print and `_printChanges` output, in either order.
    @inline(__always)
    private static func pairs(_ first: Origin, _ second: Origin) -> Bool {
        switch (first, second) {
        case (.printChanges, .lifecycle), (.lifecycle, .printChanges): true
        default: false
        }
    }

    private mutating func release(_ emit: (consuming Event) throws -> Void) rethrows {
        // Handed to `emit` as it comes out of `held`, not bound: a binding is one more copy.
        guard let kind = held?.kind else { return }
        stats.eventsByKind[kind.index] += 1
        try emit(held.take()!)
    }

    /// Decodes UTF-8, replacing invalid bytes with U+FFFD and counting the line.
    private mutating func decode(_ bytes: UnsafeRawBufferPointer) -> String {
        // Nearly every line is ASCII, valid by construction; `String(validating:)` costs a
        // tenth of a line's parse on Linux even then, so it is kept for the others.
        if Self.isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        stats.invalidUTF8 += 1
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when no byte has its high bit set, read eight bytes at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset + 8 <= bytes.count {
            if bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            offset += 8
        }
        while offset < bytes.count {
            if bytes[offset] >= 0x80 { return false }
            offset += 1
        }
        return true
    }
}
