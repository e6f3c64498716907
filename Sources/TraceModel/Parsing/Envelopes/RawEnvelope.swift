import Foundation

/// What an envelope tokenizer found in a line, as byte ranges into the line.
///
/// Tokenizers are pure functions from a line to one of these (or nil); `EnvelopeParser` turns
/// the ranges it keeps into interned strings, so a rejected guess costs no allocation.
public struct RawEnvelope: Equatable, Sendable {
    /// The wrapper recognised.
    public var format: EnvelopeFormat
    /// Epoch seconds, when the line carries a time.
    public var timestamp: Double?
    /// The process name.
    public var process: Range<Int>?
    /// The process identifier.
    public var pid: Int?
    /// The thread identifier.
    public var tid: Int?
    /// The unified-logging subsystem.
    public var subsystem: Range<Int>?
    /// The unified-logging category.
    public var category: Range<Int>?
    /// The level or message type, as printed.
    public var level: Range<Int>?
    /// Where the message starts and ends.
    public var message: Range<Int>

    /// Creates a raw envelope; only the format and the message are required.
    public init(
        format: EnvelopeFormat, timestamp: Double? = nil, process: Range<Int>? = nil,
        pid: Int? = nil, tid: Int? = nil, subsystem: Range<Int>? = nil,
        category: Range<Int>? = nil, level: Range<Int>? = nil, message: Range<Int>
    ) {
        self.format = format
        self.timestamp = timestamp
        self.process = process
        self.pid = pid
        self.tid = tid
        self.subsystem = subsystem
        self.category = category
        self.level = level
        self.message = message
    }
}

/// Small scanning steps the envelope tokenizers share.
enum EnvelopeScan {
    /// Reads `[` digits `:` thread `]` and returns pid and tid; `hexThread` reads the thread id
    /// as hexadecimal (the `log` tool prints it so), else as decimal unless it holds a-f.
    static func readPidTid(_ cursor: inout ByteCursor, hexThread: Bool) -> (pid: Int, tid: Int?)? {
        // Read by index, not through the cursor's steps: the same reading (`readInt`'s 18 digits
        // at most, `readHex`'s 16), with the cursor moved once, at the end.
        let bytes = cursor.bytes
        let count = bytes.count
        var index = cursor.position
        guard index < count, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        var pid = 0
        let pidStart = index
        while index - pidStart < 18, index < count, bytes[index] &- 0x30 < 10 {
            pid = pid * 10 + Int(bytes[index] &- 0x30)
            index += 1
        }
        guard index > pidStart else { return nil }
        var tid: Int?
        if index < count, bytes[index] == UInt8(ascii: ":") {
            index += 1
            let tidStart = index
            var isHex = hexThread
            while index < count, let nibble = ByteCursor.hexValue(bytes[index]) {
                if nibble > 9 { isHex = true }
                index += 1
            }
            guard index > tidStart else { return nil }
            // `0x` never gets here whole (`x` is no digit), and then no `]` follows the `0`.
            var value = 0
            var digit = tidStart
            if isHex {
                while digit < index, digit - tidStart < 16 {
                    value = value &* 16 &+ ByteCursor.hexValue(bytes[digit])!
                    digit += 1
                }
            } else {
                while digit < index, digit - tidStart < 18 {
                    value = value * 10 + Int(bytes[digit] &- 0x30)
                    digit += 1
                }
            }
            tid = value
        }
        guard index < count, bytes[index] == UInt8(ascii: "]") else { return nil }
        cursor.position = index + 1
        return (pid, tid)
    }

    /// Scans a process name up to the `[` of its `[pid...]`; nil when there is none nearby.
    static func scanProcess(_ cursor: inout ByteCursor, allowSpaces: Bool) -> Range<Int>? {
        let start = cursor.position
        var index = start
        // Process names are short; a bracket far away is part of a message, not an envelope.
        let limit = min(cursor.bytes.count, start + 256)
        while index < limit {
            let byte = cursor.bytes[index]
            if byte == UInt8(ascii: "[") { break }
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ":") { return nil }
            if byte == UInt8(ascii: " ") && !allowSpaces { return nil }
            index += 1
        }
        guard index < limit, index > start else { return nil }
        cursor.position = index
        return start..<index
    }

    /// Skips an optional `(Library) ` and reads an optional `[subsystem:category] `.
    ///
    /// `requireDottedSubsystem` accepts the bracket only when the subsystem looks like a reverse
    /// DNS name, for wrappers (NSLog) whose message might itself start with `[Tag:...]`.
    static func readSubsystem(
        _ cursor: inout ByteCursor, skipLibrary: Bool, requireDottedSubsystem: Bool
    ) -> (subsystem: Range<Int>, category: Range<Int>)? {
        if skipLibrary, cursor.peek == UInt8(ascii: "(") {
            let start = cursor.position
            if cursor.skip(until: UInt8(ascii: ")")), cursor.position - start < 256 {
                cursor.position += 1
                if !cursor.skip(UInt8(ascii: " ")) && !cursor.isAtEnd { cursor.position = start }
            } else {
                cursor.position = start
            }
        }
        guard cursor.peek == UInt8(ascii: "[") else { return nil }
        let start = cursor.position
        let bytes = cursor.bytes
        // The first `]` within 512 bytes closes the bracket; its first `:` ends the subsystem,
        // which holds no space (and a dot, when required). Found by `memchr`, many bytes at a
        // time: a loop testing every byte for four of them cost a twentieth of a line's parse.
        let limit = min(bytes.count, start + 512)
        guard let base = bytes.baseAddress, start + 1 < limit else { return nil }
        let index = find(UInt8(ascii: "]"), base, from: start + 1, to: limit)
        guard index < limit else { return nil }
        let colon = find(UInt8(ascii: ":"), base, from: start + 1, to: index)
        guard colon < index, colon > start + 1, find(UInt8(ascii: " "), base, from: start + 1, to: colon) == colon,
              !requireDottedSubsystem || find(UInt8(ascii: "."), base, from: start + 1, to: colon) < colon
        else { return nil }
        let result = (subsystem: (start + 1)..<colon, category: (colon + 1)..<index)
        cursor.position = index + 1
        if !cursor.skip(UInt8(ascii: " ")) && !cursor.isAtEnd {
            cursor.position = start
            return nil
        }
        return result
    }

    /// The offset of the first `byte` in `base[from..<to]`, or `to` when there is none.
    @inline(__always)
    static func find(_ byte: UInt8, _ base: UnsafeRawPointer, from: Int, to: Int) -> Int {
        guard from < to, let found = memchr(base + from, Int32(byte), to - from) else { return to }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// Skips spaces and returns true when at least one was there.
    static func skipSpaces(_ cursor: inout ByteCursor) -> Bool {
        let start = cursor.position
        cursor.skipSpaces()
        return cursor.position > start
    }
}
