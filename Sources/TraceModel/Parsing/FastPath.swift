/// The parser's byte-level fast path: the two commonest shapes of message, read straight from
/// their UTF-8 bytes, before any recogniser runs.
///
/// - `_printChanges()` output as SwiftUI prints it: `ContentView: @self, _count changed.` and
///   `ContentView: unchanged.` (a plain type name, sigil tokens joined by `, `, nothing after the
///   full stop) — `FastPath+PrintChanges.swift`;
/// - TraceProbe's structured line: `trace-analyze: kind=body view=Card type=App.Card id=#3
///   t=12.5 ms=0.61` (known keys, bare values, one space between pairs) —
///   `FastPath+Probe.swift`.
///
/// Each shape is a strict subset of what its general recogniser (`PrintChangesMessage`,
/// `StructuredMessage`) accepts, chosen so that the general classifier, trying its recognisers
/// in order, would reach that recogniser and take the message: the answer is the event the
/// general path makes, field for field (`FastPathTests` compares both on every line of every
/// fixture, and on mutations of them; the parser's fuzz target on whatever it finds). Anything
/// outside the subset — a generic type, a key path token, a quoted value, a double space, a
/// byte past ASCII, a malformed probe line — is declined (nil) and goes the general way, so
/// the fast path never has to decide a hard case. Neither shape moves a counter of
/// `ParseStats` on the general path, and neither depends on the lines before it, so the fast
/// path keeps no state but its tables of names and of token lists.
///
/// Names (views, owners, tokens) are interned by their bytes: the few hundred of a trace become
/// strings once, where the general path decoded a new one on every line.
struct FastPath {
    private var names = StringInterner(capacity: 1024)
    /// `_printChanges` token lists by their bytes (`FastPath+PrintChanges.swift`).
    var tokenLists = TokenListCache()

    /// The event the general classifier makes of `message` on `line` inside `envelope`, or nil
    /// when the message is not one of the shapes read here. An answer takes `envelope` (a probe
    /// line's `t=` filling its missing time, as the general path does) and leaves a plain one
    /// in its place; a declined message leaves `envelope` as it was.
    @inline(__always)
    mutating func event(for message: UnsafeRawBufferPointer, line: Int, envelope: inout Envelope) -> Event? {
        guard message.count >= 2 else { return nil }
        let first = message[0]
        if first == UInt8(ascii: "t"), message.count > Self.probeMarker.utf8CodeUnitCount,
           Self.hasPrefix(message, Self.probeMarker) {
            return probeEvent(message, line: line, envelope: &envelope)
        }
        // SwiftUI's warnings are tried before `_printChanges` output: a message that may start
        // one is left to the general path, which knows the table.
        guard Self.isNameStart(first), !SwiftUIWarning.mayStart(message) else { return nil }
        return printChangesEvent(message, line: line, envelope: &envelope)
    }

    /// The interned string for `range` of `message`.
    @inline(__always)
    mutating func name(_ message: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        names.intern(message, range)
    }

    /// `envelope`, moved out for an event: a copy retained and released its strings on every
    /// line, as `TraceParser` found before.
    @inline(__always)
    static func take(_ envelope: inout Envelope) -> Envelope {
        var taken = Envelope(format: .plain)
        swap(&taken, &envelope)
        return taken
    }

    /// The message as the event stores it: the caller has checked every byte is ASCII, so it
    /// is valid UTF-8 as it stands.
    @inline(__always)
    static func text(_ message: UnsafeRawBufferPointer) -> String {
        String(decoding: message, as: UTF8.self)
    }

    /// A letter or `_`: what a plain type name starts with.
    @inline(__always)
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
    }

    /// A letter, a digit or `_`: the rest of a plain type name, and of a sigil token.
    @inline(__always)
    static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    @inline(__always)
    static func hasPrefix(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString, at offset: Int = 0) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let start = literal.utf8Start
        for index in 0..<count where bytes[offset + index] != start[index] { return false }
        return true
    }
}
