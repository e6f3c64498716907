/// Turns a message (the line without its envelope) into an event.
///
/// Recognisers are tried from the most exact to the most forgiving, because the first that
/// claims a message wins: `_printChanges` output has a strict grammar, the lifecycle heuristic
/// is a guess. Anything no recogniser claims becomes a `text` event holding the message verbatim.
public struct MessageClassifier {
    private var names = StringInterner()

    /// Creates a classifier with the built-in recognisers.
    public init() {}

    /// Classifies `message`, whose text form is `text`, found on `line` inside `envelope`.
    public mutating func classify(
        _ message: UnsafeRawBufferPointer,
        text: String,
        line: Int,
        envelope: Envelope,
        stats: inout ParseStats
    ) -> Event {
        // The marker test fails on the first byte for almost every message: trying it first is free.
        switch StructuredMessage.parse(message) {
        case .parsed(let parsed):
            return Event(
                line: line, kind: parsed.kind, view: parsed.view, owner: parsed.owner, instance: parsed.instance,
                origin: .structured, message: text, envelope: envelope, durationMs: parsed.durationMs
            )
        case .malformed:
            stats.malformedStructured += 1
            return Event(line: line, kind: .text, origin: .text, message: text, envelope: envelope)
        case .notStructured:
            break
        }
        if let parsed = PrintChangesMessage.parse(message) {
            return Event(
                line: line, kind: .body, view: parsed.view, origin: .printChanges,
                message: text, tokens: parsed.tokens, envelope: envelope
            )
        }
        if let parsed = LifecycleMessage.parse(message) {
            return Event(
                line: line, kind: parsed.kind,
                view: names.intern(message, parsed.view),
                owner: parsed.owner.map { names.intern(message, $0) },
                instance: parsed.instance.map { String(decoding: UnsafeRawBufferPointer(rebasing: message[$0]), as: UTF8.self) },
                origin: .lifecycle, message: text, envelope: envelope
            )
        }
        return Event(line: line, kind: .text, origin: .text, message: text, envelope: envelope)
    }
}
