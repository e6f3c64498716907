import Foundation

/// The parser's fast path: what the classifier made of a message, kept by the message's bytes,
/// so a line whose message was seen a moment ago costs a hash and a compare instead of every
/// recogniser and a fresh `String`.
///
/// A console log says the same few hundred things over and over (`FeedRow3 appear`,
/// `ContentView: unchanged.`, the app's own noise), and everything `MessageClassifier` decides
/// is a function of the message's bytes but for three things, which are never kept here: a
/// structured probe line (its `t=` may fill the envelope's time, and its id differs on every
/// line anyway), an event whose multiplicity came from the view's last counter
/// (`>>> Card.body: 61`), and anything user patterns may claim (their budgets are per trace:
/// the caller keeps no cache when there are patterns). A kept message is also one the caller
/// found to be ASCII, so reading it again cannot move `invalid_utf8`; and a message that moved
/// `malformed_structured` is not kept. What is kept is the event as the classifier made it, its
/// `String`s shared: a hit is equal, field for field, to what the general path makes
/// (`RepeatedMessagesTests` compares both on every fixture, and the parser's fuzz target on
/// whatever it finds).
///
/// A direct-mapped table, as `StringInterner`'s: bounded by construction, a new message just
/// takes its slot's place.
struct RepeatedMessages {
    /// Longer messages are rarely repeated word for word, and not worth a slot's bytes.
    static let maxLength = ByteKeyedSlots.maxLength

    private var slots: ByteKeyedSlots
    /// The event as the classifier made it, at line 0 with a plain envelope; an empty slot's
    /// is a placeholder.
    private var events: [Event]

    /// A table of `capacity` slots (a power of two).
    init(capacity: Int = 2048) {
        slots = ByteKeyedSlots(capacity: capacity)
        events = [Event](repeating: Event(line: 0, kind: .text, origin: .text, message: ""), count: capacity)
    }

    /// The slot `message` goes to, and its hash; nil for a message too long to keep.
    @inline(__always)
    static func slotKey(_ message: UnsafeRawBufferPointer) -> UInt64? {
        guard message.count <= maxLength, !message.isEmpty else { return nil }
        return nameHash(message)
    }

    /// The slot holding the event kept for `message` (hashed to `hash`); nil when none is.
    @inline(__always)
    func slot(for message: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        slots.slot(for: message, hash: hash)
    }

    /// The event kept in `slot`, on `line` inside `envelope`: made field by field from the kept
    /// one, read where it lies. Copied out whole and then given its line and envelope, the event
    /// was copied twice (every string retained twice, and released once).
    @inline(__always)
    func event(at slot: Int, line: Int, envelope: consuming Envelope) -> Event {
        var envelope: Envelope? = consume envelope
        return events.withUnsafeBufferPointer { events in
            let kept = events.baseAddress! + slot
            var event = Event(
                line: line, kind: kept.pointee.kind, view: kept.pointee.view, owner: kept.pointee.owner,
                instance: kept.pointee.instance, origin: kept.pointee.origin, message: kept.pointee.message,
                tokens: kept.pointee.tokens, envelope: envelope.take()!, durationMs: kept.pointee.durationMs,
                multiplicity: kept.pointee.multiplicity, recorded: kept.pointee.recorded
            )
            event.endlessNote = kept.pointee.endlessNote
            return event
        }
    }

    /// Keeps `event`, made from `message` (hashed to `hash`), when the classifier's answer for
    /// those bytes is the same on every line (see the type's summary; the caller tells the
    /// stateful cases).
    mutating func keep(_ event: borrowing Event, for message: UnsafeRawBufferPointer, hash: UInt64) {
        switch event.origin {
        case .printChanges, .lifecycle, .swiftUIWarning, .text, .lookalike: break
        case .structured, .pattern, .instruments: return
        }
        var kept = copy event
        kept.line = 0
        kept.envelope = .plain
        events[slots.store(message, hash: hash)] = kept
    }
}
