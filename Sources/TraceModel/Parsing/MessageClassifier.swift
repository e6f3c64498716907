/// Turns a message (the line without its envelope) into an event.
///
/// Recognisers are tried from the most exact to the most forgiving; anything no recogniser
/// claims becomes a `text` event holding the message verbatim.
public struct MessageClassifier: Sendable {
    /// Creates a classifier with the built-in recognisers.
    public init() {}

    /// Classifies `message`, whose text form is `text`, found on `line` inside `envelope`.
    public func classify(
        _ message: UnsafeRawBufferPointer,
        text: String,
        line: Int,
        envelope: Envelope
    ) -> Event {
        if let parsed = PrintChangesMessage.parse(message) {
            return Event(
                line: line, kind: .body, view: parsed.view, origin: .printChanges,
                message: text, tokens: parsed.tokens, envelope: envelope
            )
        }
        return Event(line: line, kind: .text, origin: .text, message: text, envelope: envelope)
    }
}
