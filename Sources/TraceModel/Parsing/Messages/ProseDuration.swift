/// A duration a developer wrote into a lifecycle print, in the shapes people write it:
/// `ChartView init took 35 ms`, `body 12.3ms`, `init (0.035s)`, `in 12.3 ms`, `duration: 35`,
/// `elapsed=4µs`.
///
/// A number counts when a unit follows it (`ms`, `msec`, `milliseconds`, `s`, `sec`, `seconds`,
/// `µs`, `us`, `microseconds`, with or without a space), or when `took`, `duration` or `elapsed`
/// comes right before it (then without a unit it is milliseconds, what such prints measure with
/// `Date().timeIntervalSince(start) * 1000`). Anything else with digits in it (`ItemRow(id: 1)`,
/// `>>> Card.body: 60`, `tab 2`) is no duration. Works on the message's bytes; only lines the
/// lifecycle recogniser already claimed are read. A time followed by `later`, `ago`, `after`,
/// `before`, `earlier` or `since` is a distance between lines, not a cost (`[26 seconds later!]`).
public enum ProseDuration {
    /// The first duration in `message` from byte `start` on, in milliseconds; nil when it has none.
    public static func milliseconds(in message: UnsafeRawBufferPointer, from start: Int = 0) -> Double? {
        var index = start
        while index < message.count {
            guard isDigit(message[index]), index == 0 || !isWordByte(message[index - 1]) || message[index - 1] == UInt8(ascii: "=") else {
                index += 1
                continue
            }
            let start = index
            var end = index
            while end < message.count, isDigit(message[end]) { end += 1 }
            if end + 1 < message.count, message[end] == UInt8(ascii: "."), isDigit(message[end + 1]) {
                end += 1
                while end < message.count, isDigit(message[end]) { end += 1 }
            }
            if let value = number(message, start..<end) {
                if let factor = unit(message, after: end) { return value * factor }
                if keywordBefore(message, start) { return value }
            }
            index = end
        }
        return nil
    }

    /// The milliseconds in one of the unit after `end` (a space allowed before it), when the unit
    /// ends the word.
    private static func unit(_ message: UnsafeRawBufferPointer, after end: Int) -> Double? {
        var at = end
        if at < message.count, message[at] == 0x20 { at += 1 }
        for (spelling, factor) in units where matches(message, spelling, at: at) {
            let after = at + spelling.count
            guard after == message.count || !isWordByte(message[after]) else { continue }
            // `26 seconds later`, `2s ago`: a distance in time between lines, not a cost.
            return relativeWordFollows(message, after) ? nil : factor
        }
        return nil
    }

    private static let relativeWords: [[UInt8]] = ["later", "ago", "after", "before", "earlier", "since"].map { Array($0.utf8) }

    /// True when the next word after `index` (past spaces) is one that makes a time a distance.
    private static func relativeWordFollows(_ message: UnsafeRawBufferPointer, _ index: Int) -> Bool {
        var at = index
        while at < message.count, message[at] == 0x20 { at += 1 }
        for word in relativeWords where matches(message, word, at: at, ignoringCase: true) {
            let after = at + word.count
            if after == message.count || !isWordByte(message[after]) { return true }
        }
        return false
    }

    /// Longest spellings first, so `ms` is not read as `m` and `seconds` not as `s`.
    private static let units: [([UInt8], Double)] = [
        (Array("milliseconds".utf8), 1), (Array("microseconds".utf8), 0.001), (Array("seconds".utf8), 1000),
        (Array("msec".utf8), 1), (Array("secs".utf8), 1000), (Array("sec".utf8), 1000),
        (Array("ms".utf8), 1), (Array("µs".utf8), 0.001), (Array("us".utf8), 0.001), (Array("s".utf8), 1000),
    ]

    private static let keywords: [[UInt8]] = [Array("took".utf8), Array("duration".utf8), Array("elapsed".utf8)]

    /// True when `took`, `duration` or `elapsed` (any case) ends right before the number at
    /// `start`, with at most a colon, an equals sign and spaces between.
    private static func keywordBefore(_ message: UnsafeRawBufferPointer, _ start: Int) -> Bool {
        var end = start
        while end > 0, message[end - 1] == 0x20 || message[end - 1] == UInt8(ascii: ":") || message[end - 1] == UInt8(ascii: "=") { end -= 1 }
        for keyword in keywords where end >= keyword.count {
            let from = end - keyword.count
            guard matches(message, keyword, at: from, ignoringCase: true) else { continue }
            if from == 0 || !isWordByte(message[from - 1]) { return true }
        }
        return false
    }

    private static func matches(_ message: UnsafeRawBufferPointer, _ word: [UInt8], at start: Int, ignoringCase: Bool = false) -> Bool {
        guard start >= 0, start + word.count <= message.count else { return false }
        for offset in 0..<word.count {
            var byte = message[start + offset]
            if ignoringCase, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != word[offset] { return false }
        }
        return true
    }

    private static func number(_ message: UnsafeRawBufferPointer, _ range: Range<Int>) -> Double? {
        Double(String(decoding: UnsafeRawBufferPointer(rebasing: message[range]), as: UTF8.self))
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// A letter, a digit, an underscore or any byte of a multi-byte character.
    @inline(__always) private static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}
