/// Splits a lifecycle candidate into words, trimming decorations and taking out instance tokens.
enum LifecycleTokenizer {
    /// Fills `words`; false as soon as a word is neither decoration, name, number nor instance.
    static func tokenize(_ message: UnsafeRawBufferPointer, into words: inout WordList) -> Bool {
        var index = 0
        let count = message.count
        var expectInstance = false
        while index < count {
            while index < count, isSpace(message[index]) { index += 1 }
            let start = index
            while index < count, !isSpace(message[index]) { index += 1 }
            guard start < index else { break }
            guard let lead = trimLeading(message, start..<index) else {
                // A bare `:` or `=` between words: the word before it is a label, not a name.
                if message[start..<index].contains(where: isSeparator), !words.content.isEmpty {
                    words.content[words.content.count - 1].separated = true
                }
                continue
            }
            if expectInstance {
                expectInstance = false
                if words.instance == nil { words.instance = trimTrailing(message, lead) }
                continue
            }
            // `id=42`, `id: 42`: checked before trailing trimming, which would eat the `:`.
            if let value = idValue(message, lead) {
                if value.isEmpty {
                    expectInstance = true
                } else if words.instance == nil {
                    words.instance = trimTrailing(message, value)
                }
                continue
            }
            guard let word = trimTrailing(message, lead) else { continue }
            let separated = message[word.upperBound..<index].contains(where: isSeparator)
            let bytes = UnsafeRawBufferPointer(rebasing: message[word])
            if isInstanceToken(bytes) {
                if words.instance == nil { words.instance = word }
                continue
            }
            if isNumber(bytes) {
                words.content.append(LifecycleWord(range: word, isNumber: true, separated: separated))
            } else if isIdentifier(bytes) {
                words.content.append(LifecycleWord(range: word, isNumber: false, separated: separated))
            } else {
                return false
            }
            if words.content.count > 6 { return false }
        }
        return true
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
        let word = message[range]
        let hasParen = word.contains(UInt8(ascii: "("))
        let hasAngle = word.contains(UInt8(ascii: "<"))
        while end > start {
            let byte = message[end - 1]
            if isWordByte(byte) { break }
            if byte == UInt8(ascii: ")") && hasParen { break }
            if byte == UInt8(ascii: ">") && hasAngle { break }
            end -= 1
        }
        return start < end ? start..<end : nil
    }

    /// `id=42`, `id:42`: the value's range (empty when the value is the next word, `id: 42`).
    private static func idValue(_ message: UnsafeRawBufferPointer, _ range: Range<Int>) -> Range<Int>? {
        let start = range.lowerBound
        guard range.count >= 3, message[start] | 0x20 == UInt8(ascii: "i"), message[start + 1] | 0x20 == UInt8(ascii: "d"),
              message[start + 2] == UInt8(ascii: "=") || message[start + 2] == UInt8(ascii: ":")
        else {
            return nil
        }
        return (start + 3)..<range.upperBound
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
            default:
                guard isWordByte(byte) else { return false }
            }
            index += 1
        }
        return angle == 0
    }

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    @inline(__always) static func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: ":") || byte == UInt8(ascii: "=") }
    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    @inline(__always) static func isWordByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }
}
