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
        let start = cursor.position
        guard cursor.skip(UInt8(ascii: "[")), let pid = cursor.readInt() else {
            cursor.position = start
            return nil
        }
        var tid: Int?
        if cursor.skip(UInt8(ascii: ":")) {
            let tidStart = cursor.position
            var isHex = hexThread
            var index = tidStart
            while index < cursor.bytes.count, let nibble = ByteCursor.hexValue(cursor.bytes[index]) {
                if nibble > 9 { isHex = true }
                index += 1
            }
            if index == tidStart { cursor.position = start; return nil }
            if isHex { tid = cursor.readHex() } else { tid = cursor.readInt() }
            cursor.position = index
        }
        guard cursor.skip(UInt8(ascii: "]")) else {
            cursor.position = start
            return nil
        }
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
        var index = start + 1
        var colon = -1
        var sawDot = false
        let limit = min(bytes.count, start + 512)
        while index < limit {
            let byte = bytes[index]
            if byte == UInt8(ascii: "]") { break }
            if byte == UInt8(ascii: ":") && colon < 0 { colon = index }
            if byte == UInt8(ascii: ".") && colon < 0 { sawDot = true }
            if byte == UInt8(ascii: " ") && colon < 0 { return nil }
            index += 1
        }
        guard index < limit, colon > start + 1, !requireDottedSubsystem || sawDot else { return nil }
        let result = (subsystem: (start + 1)..<colon, category: (colon + 1)..<index)
        cursor.position = index + 1
        if !cursor.skip(UInt8(ascii: " ")) && !cursor.isAtEnd {
            cursor.position = start
            return nil
        }
        return result
    }

    /// Skips spaces and returns true when at least one was there.
    static func skipSpaces(_ cursor: inout ByteCursor) -> Bool {
        let start = cursor.position
        cursor.skipSpaces()
        return cursor.position > start
    }
}
