/// How many times a line says its event happened: real logs count instead of pasting every line.
///
/// Three shapes, all read from the text and never guessed:
///
/// - **A multiplier** after the lifecycle word of a recognised line: `Card init (×3)`,
///   `Row body x 12`, `Row body [repeated 40 times]`, `Model init // INITIALIZED 3 TIMES`,
///   `Row init <--- called 5 times`, `Lane: _zoom changed.  (×3 per step)`.
/// - **A counter** right after a body word: `>>> Card.body: 61`, `Card render #12`,
///   `Card body [count: 40]`, `Card body (eval 7)`. One counter says nothing about how many
///   evaluations happened before it; the next one of the same view does (`61` then `94` is 33).
///   `MessageClassifier` keeps the last counter per view and turns the step into a multiplicity.
/// - **A repetition line** that stands for the lines before it: syslog's and Xcode's
///   `last message repeated 3 times`, an elision such as `... (× ~25 more lines)`, or a bare
///   `(×3)` / `[repeated 40 times]` on its own line. `TraceParser` gives it to the event just
///   before (the line itself stays `text`).
///
/// A count is at most `maximum`: a log that says a million is believed up to there.
public enum Multiplicity {
    /// The largest multiplicity read from a line.
    public static let maximum = 10_000

    /// What an annotation after a lifecycle word says.
    public struct Annotation: Equatable, Sendable {
        /// Where the annotation starts in the message: everything from here on is annotation,
        /// not detail of the print.
        public var start: Int
        /// The number it carries.
        public var value: Int
        /// True for a counter (`Card.body: 61`: the 61st evaluation), false for a multiplier
        /// (`(×3)`: three evaluations).
        public var isCounter: Bool
    }

    /// The multiplier or counter in `message` after `start` (the end of the lifecycle word);
    /// counters only when `counting` (body lines), nil when the line carries neither.
    public static func annotation(in message: UnsafeRawBufferPointer, after start: Int, counting: Bool) -> Annotation? {
        // A multiplier first: `body 3 times` is three evaluations, not the third.
        if let multiplier = multiplier(in: message, from: start, annotationStart: start) { return multiplier }
        return counting ? counter(in: message, after: start) : nil
    }

    /// `(×3)`, `x 12`, `3x`, `5 times`, with where the annotation that holds it starts.
    static func multiplier(in message: UnsafeRawBufferPointer, from start: Int, annotationStart: Int) -> Annotation? {
        var index = start
        let count = message.count
        while index < count {
            let byte = message[index]
            // `×` (U+00D7) is C3 97 in UTF-8.
            if byte == 0xC3, index + 1 < count, message[index + 1] == 0x97 {
                if let value = number(in: message, from: index + 2, tilde: true), value.end.map({ isBoundary(message, $0) }) ?? true {
                    return Annotation(start: openingStart(message, before: index, floor: annotationStart), value: value.value, isCounter: false)
                }
                index += 2
                continue
            }
            if byte | 0x20 == UInt8(ascii: "x"), index == start || isOpeningOrSpace(message[index - 1]),
               let value = number(in: message, from: index + 1, tilde: true), value.end.map({ isBoundary(message, $0) }) ?? true {
                return Annotation(start: openingStart(message, before: index, floor: annotationStart), value: value.value, isCounter: false)
            }
            if LifecycleTokenizer.isDigit(byte), index == start || isOpeningOrSpace(message[index - 1]) || message[index - 1] == UInt8(ascii: "~") {
                let (value, end) = digits(in: message, from: index)
                // `3x`, `3×`: a multiplier glued to its number.
                if end < count, message[end] | 0x20 == UInt8(ascii: "x"), isBoundary(message, end + 1) {
                    return Annotation(start: annotationStart, value: value, isCounter: false)
                }
                if end + 1 < count, message[end] == 0xC3, message[end + 1] == 0x97, isBoundary(message, end + 2) {
                    return Annotation(start: annotationStart, value: value, isCounter: false)
                }
                // `5 times`, `1 TIME`: the words before it (`called`, `repeated`, `<---`) are part of it.
                var word = end
                while word < count, message[word] == 0x20 { word += 1 }
                if word > end, word + 4 <= count,
                   LifecycleWords.equalsIgnoringCase(UnsafeRawBufferPointer(rebasing: message[word..<(word + 4)]), "time") {
                    var after = word + 4
                    if after < count, message[after] | 0x20 == UInt8(ascii: "s") { after += 1 }
                    if isBoundary(message, after) {
                        return Annotation(start: annotationStart, value: value, isCounter: false)
                    }
                }
                index = end
                continue
            }
            index += 1
        }
        return nil
    }

    /// A counter right after the body word: `: 61`, ` 61`, `#12`, or in brackets with a
    /// counting word, `[count: 40]`, `(eval 7)`. A number after other detail (`- count: 3`)
    /// may count anything (items, retries), so it is not taken.
    static func counter(in message: UnsafeRawBufferPointer, after start: Int) -> Annotation? {
        var index = start
        let count = message.count
        func skipMarks() {
            while index < count, message[index] == 0x20 || message[index] == UInt8(ascii: ":") || message[index] == UInt8(ascii: "#")
                || message[index] == UInt8(ascii: "=") {
                index += 1
            }
        }
        skipMarks()
        if index < count, message[index] == UInt8(ascii: "(") || message[index] == UInt8(ascii: "[") {
            index += 1
            var end = index
            while end < count, LifecycleTokenizer.isLetter(message[end]) { end += 1 }
            guard end > index, isCountingWord(UnsafeRawBufferPointer(rebasing: message[index..<end])) else { return nil }
            index = end
            skipMarks()
        }
        guard let value = number(in: message, from: index, tilde: false),
              value.end.map({ isBoundary(message, $0) }) ?? true
        else { return nil }
        return Annotation(start: start, value: value.value, isCounter: true)
    }

    /// `last message repeated 3 times`, `--- last message repeated 1 time ---`,
    /// `... (× ~25 more lines)`, `(×3)`, `[repeated 40 times]`: a line that only counts the line
    /// before it. Returns how many times that line happened in all (`total`) or how many more
    /// times than once (`additional`); nil for any other line.
    public static func repetition(_ message: UnsafeRawBufferPointer) -> (value: Int, additional: Bool)? {
        guard message.count <= 80 else { return nil }
        var index = 0
        while index < message.count, message[index] == 0x20 || message[index] == 0x09 { index += 1 }
        // Almost every text line fails here, on its first byte.
        guard index < message.count, mayStartRepetition(message[index]) else { return nil }
        var value: Int?
        var additional = false
        var marked = false
        let count = message.count
        while index < count {
            let byte = message[index]
            if LifecycleTokenizer.isLetter(byte) {
                var end = index
                while end < count, LifecycleTokenizer.isLetter(message[end]) { end += 1 }
                let word = UnsafeRawBufferPointer(rebasing: message[index..<end])
                if LifecycleWords.equalsIgnoringCase(word, "last") || LifecycleWords.equalsIgnoringCase(word, "more") {
                    additional = true
                } else if !isRepetitionWord(word) {
                    return nil
                }
                marked = true
                index = end
            } else if LifecycleTokenizer.isDigit(byte) {
                guard value == nil, let parsed = number(in: message, from: index, tilde: false) else { return nil }
                value = parsed.value
                index = parsed.end ?? count
            } else if byte == 0xC3, index + 1 < count, message[index + 1] == 0x97 {
                marked = true
                index += 2
            } else if byte == 0xE2 {
                // General punctuation and arrows (`…`, `—`, `←`): decoration.
                index += 3
            } else if byte >= 0x80 {
                return nil
            } else {
                index += 1
            }
        }
        // A bare number (`(3)`, `--- 42 ---`) says nothing about repetition.
        guard let value, marked else { return nil }
        return (value, additional)
    }

    /// `last …`, `--- …`, `... (× …)`, `(×3)`, `[repeated …]`, `x 3`, `<…>`, `=== …`, `*…*`,
    /// `×`, `…`: a switch, since it runs on every text line after a lifecycle line.
    @inline(__always)
    private static func mayStartRepetition(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "l"), UInt8(ascii: "L"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: "["),
             UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: "*"), UInt8(ascii: ">"), 0xC3, 0xE2:
            true
        default:
            false
        }
    }

    /// Words that only say "the same again": `repeated`, `times`, `x`, `message`, `lines`.
    private static func isRepetitionWord(_ word: UnsafeRawBufferPointer) -> Bool {
        for candidate: StaticString in ["x", "times", "time", "repeated", "message", "messages", "lines", "line", "similar", "same"]
        where LifecycleWords.equalsIgnoringCase(word, candidate) {
            return true
        }
        return false
    }

    // MARK: - Pieces

    /// Digits from `index` (after optional spaces and a `~` when `tilde`): the value (capped)
    /// and where they end (nil at the end of the message).
    private static func number(in message: UnsafeRawBufferPointer, from start: Int, tilde: Bool) -> (value: Int, end: Int?)? {
        var index = start
        let count = message.count
        while index < count, message[index] == 0x20 || (tilde && message[index] == UInt8(ascii: "~")) { index += 1 }
        guard index < count, LifecycleTokenizer.isDigit(message[index]) else { return nil }
        let (value, end) = digits(in: message, from: index)
        guard value >= 1 else { return nil }
        return (value, end < count ? end : nil)
    }

    /// The digits at `start` (one at least), capped at `maximum`, and where they end. A count
    /// may be written with thousands separators (`×7,656`, `×1,204`): a comma followed by
    /// exactly three digits continues the number when the digits before it are at most three
    /// (`(×3, per step)` and `1,2` stay what they were).
    private static func digits(in message: UnsafeRawBufferPointer, from start: Int) -> (value: Int, end: Int) {
        let count = message.count
        var index = start
        var value = 0
        var group = 0
        while index < count {
            let byte = message[index]
            if LifecycleTokenizer.isDigit(byte) {
                value = min(value * 10 + Int(byte - 0x30), maximum)
                group += 1
                index += 1
            } else if byte == UInt8(ascii: ","), (1...3).contains(group), isThousandsGroup(message, after: index) {
                group = 0
                index += 1
            } else {
                break
            }
        }
        return (value, index)
    }

    /// Three digits after the comma at `comma`, and no fourth.
    private static func isThousandsGroup(_ message: UnsafeRawBufferPointer, after comma: Int) -> Bool {
        for offset in 1...3 where comma + offset >= message.count || !LifecycleTokenizer.isDigit(message[comma + offset]) { return false }
        return comma + 4 >= message.count || !LifecycleTokenizer.isDigit(message[comma + 4])
    }

    /// The number ends a word: end of line, space, a closing bracket or punctuation.
    private static func isBoundary(_ message: UnsafeRawBufferPointer, _ index: Int) -> Bool {
        guard index < message.count else { return true }
        switch message[index] {
        case 0x20, UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "."),
             UInt8(ascii: "!"), UInt8(ascii: "*"):
            return true
        default:
            return false
        }
    }

    private static func isOpeningOrSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[")
    }

    /// Where the annotation holding a multiplier at `index` starts: an opening bracket just
    /// before it, else the multiplier itself (never before `floor`).
    private static func openingStart(_ message: UnsafeRawBufferPointer, before index: Int, floor: Int) -> Int {
        var start = index
        while start > floor, message[start - 1] == 0x20 || message[start - 1] == UInt8(ascii: "(") || message[start - 1] == UInt8(ascii: "[") {
            start -= 1
        }
        return start
    }

    /// `count`, `eval`, `render`, `calls`, `n`, `no`, `pass`, `run`: words that name a counter.
    private static func isCountingWord(_ word: UnsafeRawBufferPointer) -> Bool {
        for candidate: StaticString in [
            "count", "eval", "evals", "evaluation", "render", "renders", "call", "calls", "n", "no", "pass", "run", "runs",
        ] where LifecycleWords.equalsIgnoringCase(word, candidate) {
            return true
        }
        return false
    }
}
