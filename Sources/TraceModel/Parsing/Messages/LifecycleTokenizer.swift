/// Splits a lifecycle candidate into words: trims decorations, drops words that are only
/// decoration, and sorts the rest by shape. It never rejects a line: which shapes may stand
/// where is the matcher's business (`LifecycleMessage`), so details after the lifecycle word
/// can be anything.
enum LifecycleTokenizer {
    /// Words read at most: a lifecycle print states its subject and kind early, and reading no
    /// further keeps a long line as cheap as a short one.
    static let maxWords = 16

    /// Words read before a lifecycle word must have appeared: a print states it early.
    static let maxWordsBeforeKind = 8

    /// Fills `words` with the words of `message`, up to `maxWords`, and returns the index of the
    /// first that may be a lifecycle word; with `splittingInstances`, a name with its instance
    /// glued on (`DetailView#42`) is two words (`LifecycleWords.mayNameKind`); nil when none is, in
    /// which case reading stopped early.
    @discardableResult
    static func tokenize(_ message: UnsafeRawBufferPointer, into words: inout [LifecycleWord], splittingInstances: Bool = false) -> Int? {
        var index = 0
        let count = message.count
        var firstKind: Int?
        while index < count, words.count < maxWords {
            // Past a lifecycle word the line is read on to `maxWords`: the detail may name an instance.
            if firstKind == nil, words.count >= maxWordsBeforeKind { return nil }
            while index < count, isSpace(message[index]) { index += 1 }
            let start = index
            guard start < count else { break }
            let wrapped = isOpening(message[start])
            let (end, hasSeparator, hasDot) = wordEnd(message, from: start)
            index = end
            // A bare `:` or `=` between words: the word before it labels what follows.
            guard let lead = trimLeading(message, start..<index) else {
                if message[start..<index].contains(where: isSeparator), !words.isEmpty {
                    words[words.count - 1].separated = true
                }
                continue
            }
            // `id=42`, `[Instance: 5CD6]`, `type:Observed`: checked before trailing trimming, which
            // would eat the `:`. An instance label gives an instance, a type label the subject.
            if hasSeparator, let (label, value) = labelled(message, lead) {
                var range = value.isEmpty ? nil : trim(message, value)
                if range == nil, let next = nextWord(message, from: index) {
                    range = next.range
                    index = next.end
                }
                guard let range else { continue }
                let shape: LifecycleWord.Shape = label == .instance ? .instance : shape(UnsafeRawBufferPointer(rebasing: message[range]))
                // A labelled subject is as plain as a bracketed one: `wrapped`.
                words.append(LifecycleWord(range: range, shape: shape, wrapped: wrapped || label == .subject))
                continue
            }
            guard let range = trimTrailing(message, lead) else { continue }
            var close = index
            while close > start + 1, isSeparator(message[close - 1]) || message[close - 1] == UInt8(ascii: ",") { close -= 1 }
            let closed = wrapped && isClosing(message[close - 1])
            var word = LifecycleWord(range: range, shape: shape(UnsafeRawBufferPointer(rebasing: message[range])), wrapped: closed)
            word.separated = message[range.upperBound..<index].contains(where: isSeparator)
            // `DetailView#42`: a name with its instance glued on is two words.
            // Asked for only when a line with a lifecycle word failed to match without it.
            if splittingInstances, word.shape == .other, let hash = message[range].firstIndex(of: UInt8(ascii: "#")), hash > range.lowerBound,
               isIdentifier(UnsafeRawBufferPointer(rebasing: message[range.lowerBound..<hash])),
               isInstanceToken(UnsafeRawBufferPointer(rebasing: message[hash..<range.upperBound])) {
                words.append(LifecycleWord(range: range.lowerBound..<hash, shape: .name, wrapped: closed))
                word = LifecycleWord(range: hash..<range.upperBound, shape: .instance, wrapped: false, separated: word.separated)
            }
            words.append(word)
            if firstKind == nil, word.shape == .name,
               LifecycleWords.mayNameKind(UnsafeRawBufferPointer(rebasing: message[range]), dotted: hasDot) {
                firstKind = words.count - 1
            }
        }
        return firstKind
    }

    /// The end of the word starting at `start`: the next space, except inside brackets, which
    /// may hold spaces (`[12:01:33 PM]`, `(x3 times)`, `Row<Dictionary<String, Int>>`).
    /// Also says whether a `:` or `=` occurs in it, so that only such words are asked for a label.
    private static func wordEnd(_ message: UnsafeRawBufferPointer, from start: Int) -> (end: Int, hasSeparator: Bool, hasDot: Bool) {
        var index = start
        var depth = 0
        var hasSeparator = false
        var hasDot = false
        let limit = min(message.count, start + 64)
        while index < message.count {
            let byte = message[index]
            // A `<` opens a generic argument list only after a name; `<DataModel: 0x…>` is a
            // description whose address is a word of its own.
            if isOpening(byte) || (byte == UInt8(ascii: "<") && index > start) {
                depth += 1
            } else if isClosing(byte) || byte == UInt8(ascii: ">") {
                depth = max(0, depth - 1)
            } else if isSpace(byte) && (depth == 0 || index >= limit) {
                break
            } else if isSeparator(byte) {
                hasSeparator = true
                // `DetailView::init` is dotted, as `DetailView.init` is.
                if byte == UInt8(ascii: ":"), index > start, message[index - 1] == UInt8(ascii: ":") { hasDot = true }
            } else if byte == UInt8(ascii: ".") {
                hasDot = true
            }
            index += 1
        }
        return (index, hasSeparator, hasDot)
    }

    /// The next word after `index`, for the value of a spaced `id: 42`.
    private static func nextWord(_ message: UnsafeRawBufferPointer, from index: Int) -> (range: Range<Int>, end: Int)? {
        var start = index
        while start < message.count, isSpace(message[start]) { start += 1 }
        var end = start
        while end < message.count, !isSpace(message[end]) { end += 1 }
        guard start < end, let range = trim(message, start..<end) else { return nil }
        return (range, end)
    }

    @inline(__always)
    private static func shape(_ word: UnsafeRawBufferPointer) -> LifecycleWord.Shape {
        if isInstanceToken(word) { return .instance }
        if isNumber(word) { return .number }
        if isIdentifier(word) { return .name }
        if word.count > 3, word[2] == UInt8(ascii: "-"), isHyphenatedVerb(word) { return .name }
        return .other
    }

    /// `re-rendered`, `re-evaluated`: a hyphenated verb is a word like any other. Out of line:
    /// almost no word has a hyphen third.
    @inline(never)
    private static func isHyphenatedVerb(_ word: UnsafeRawBufferPointer) -> Bool {
        word[0] | 0x20 == UInt8(ascii: "r") && word[1] | 0x20 == UInt8(ascii: "e") && word[3...].allSatisfy(isLetter)
    }

    /// Trims decorations from both ends; nil when nothing is left (`🟢`, `-----`, `1️⃣`).
    static func trim(_ message: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int>? {
        trimLeading(message, range).flatMap { trimTrailing(message, $0) }
    }

    /// Drops leading decoration: punctuation, emoji, keycaps (`1️⃣`) and digits glued to emoji.
    static func trimLeading(_ message: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int>? {
        var start = range.lowerBound
        let end = range.upperBound
        while start < end {
            let byte = message[start]
            if isWordByte(byte) || byte == UInt8(ascii: "#") {
                // A keycap (`1️⃣`) or digits glued to an emoji are decoration, not a number.
                var digitsEnd = start
                while digitsEnd < end, isDigit(message[digitsEnd]) { digitsEnd += 1 }
                if digitsEnd > start, digitsEnd < end, message[digitsEnd] >= 0x80 {
                    start = digitsEnd
                    continue
                }
                break
            }
            start += 1
        }
        return start < end ? start..<end : nil
    }

    /// Drops trailing decoration, keeping a closing `)` or `>` that belongs to the word.
    static func trimTrailing(_ message: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int>? {
        let start = range.lowerBound
        var end = range.upperBound
        while end > start {
            let byte = message[end - 1]
            if isWordByte(byte) { break }
            // Only a closing bracket asks whether the word opened one: most words end in a letter.
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: ">") {
                let opening = byte == UInt8(ascii: ")") ? UInt8(ascii: "(") : UInt8(ascii: "<")
                if message[start..<(end - 1)].contains(opening) { break }
            }
            end -= 1
        }
        return start < end ? start..<end : nil
    }

    /// What a `key:` or `key=` before a value says the value is.
    enum Label { case instance, subject }

    /// `id=42`, `id:42`, `instance: 5CD6`, `type:Observed`, `view=Home`: the label and the value's
    /// range (empty when the value is the next word, `id: 42`).
    static func labelled(_ message: UnsafeRawBufferPointer, _ range: Range<Int>) -> (Label, Range<Int>)? {
        var end = range.lowerBound
        while end < range.upperBound, isLetter(message[end]) { end += 1 }
        guard end > range.lowerBound, end < range.upperBound, isSeparator(message[end]) else { return nil }
        let key = UnsafeRawBufferPointer(rebasing: message[range.lowerBound..<end])
        let value = (end + 1)..<range.upperBound
        for candidate: StaticString in ["id", "instance", "identity", "uuid", "address", "addr", "ptr"]
        where LifecycleWords.equalsIgnoringCase(key, candidate) {
            return (.instance, value)
        }
        for candidate: StaticString in ["type", "view", "screen", "class", "component", "object"]
        where LifecycleWords.equalsIgnoringCase(key, candidate) {
            return (.subject, value)
        }
        return nil
    }

    /// A hex address (`0x` and at least four hex digits), a UUID, or `#` and a label.
    static func isInstanceToken(_ word: UnsafeRawBufferPointer) -> Bool {
        if word.count >= 6, word[0] == UInt8(ascii: "0"), word[1] | 0x20 == UInt8(ascii: "x") {
            return word[2...].allSatisfy { ByteCursor.hexValue($0) != nil }
        }
        if word.count >= 2, word[0] == UInt8(ascii: "#") {
            return word[1...].allSatisfy(isWordByte)
        }
        return isUUID(word)
    }

    /// `8-4-4-4-12` hex digits.
    static func isUUID(_ word: UnsafeRawBufferPointer) -> Bool {
        guard word.count == 36 else { return false }
        for (index, byte) in word.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                if byte != UInt8(ascii: "-") { return false }
            } else if ByteCursor.hexValue(byte) == nil {
                return false
            }
        }
        return true
    }

    private static func isNumber(_ word: UnsafeRawBufferPointer) -> Bool {
        word.allSatisfy(isDigit)
    }

    /// A Swift-ish name: `ContentView`, `CategoryList.Container`, `BaseGraphView<Model>`,
    /// `init()`, `appear(render)`, `subview1`. Spaces never occur (words are split at them).
    static func isIdentifier(_ word: UnsafeRawBufferPointer) -> Bool {
        guard let first = word.first, isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: "$") else {
            return false
        }
        var angle = 0
        var index = 1
        while index < word.count {
            let byte = word[index]
            switch byte {
            case UInt8(ascii: "("):
                // A call suffix ends the name: `init()`, `appear(render)`, `init(name:)`.
                return word.last == UInt8(ascii: ")") && angle == 0
            case UInt8(ascii: "<"): angle += 1
            case UInt8(ascii: ">"):
                angle -= 1
                if angle < 0 { return false }
            case UInt8(ascii: "."), UInt8(ascii: ","):
                break
            case 0x20 where angle > 0:
                // `Row<Dictionary<String, Int>>`: generic arguments are printed with spaces.
                break
            default:
                if !isWordByte(byte) {
                    // `DetailView::init`: a scope separator, never a lone `:` (`key:value` is no
                    // name). Tested only here, off the path of ordinary names.
                    guard byte == UInt8(ascii: ":"), index + 1 < word.count, word[index + 1] == UInt8(ascii: ":") else { return false }
                    index += 1
                }
            }
            index += 1
        }
        return angle == 0
    }

    @inline(__always) static func isOpening(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") }
    @inline(__always) static func isClosing(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") }
    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    @inline(__always) static func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: ":") || byte == UInt8(ascii: "=") }
    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    @inline(__always) static func isWordByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }
}
