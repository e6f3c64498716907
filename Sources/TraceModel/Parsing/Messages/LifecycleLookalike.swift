/// A cheap second look at a line no recogniser claimed: does it *look* like a lifecycle print
/// (a type-like name within three words of a lifecycle-ish word, in any case or spelling)?
///
/// Such lines are stored as `text` with origin `lookalike` and shown in every report, so a user
/// sees at once which of their prints the tool missed and can describe them with a user pattern.
/// It is deliberately looser than `LifecycleMessage`: a false alarm here costs a line in the
/// report, a miss costs the user's trust.
public enum LifecycleLookalike {
    /// Words read at most.
    static let maxWords = 24

    /// True when `message` has a type-like word near a lifecycle-ish word.
    ///
    /// One pass over the bytes: each word is measured for type-likeness as it is read, and only
    /// a word of lifecycle-word length is looked up (by its first letter), so a line of system
    /// chatter costs little more than reading it.
    public static func looks(_ message: UnsafeRawBufferPointer) -> Bool {
        guard message.count <= 1_000 else { return false }
        var lastType = -10
        var lastKind = -10
        var position = 0
        var index = 0
        let count = message.count
        while index < count, position < maxWords {
            while index < count, message[index] == 0x20 || message[index] == 0x09 { index += 1 }
            var start = index
            var sawLower = false
            var typeLike = false
            var dot = -1
            while index < count, message[index] != 0x20, message[index] != 0x09 {
                let byte = message[index]
                if byte >= 0x61 && byte <= 0x7A {
                    sawLower = true
                } else if byte >= 0x41 && byte <= 0x5A {
                    if sawLower { typeLike = true }
                } else if byte == UInt8(ascii: ".") {
                    dot = index
                }
                index += 1
            }
            guard start < index else { break }
            // Letters only at the edges: `[Row]`, `init:`, `(appeared)`.
            var end = index
            while start < end, !isLetter(message[start]) { start += 1 }
            while end > start, !isLetter(message[end - 1]) && message[end - 1] != UInt8(ascii: ")") { end -= 1 }
            if end - start >= 4 {
                let word = UnsafeRawBufferPointer(rebasing: message[start..<end])
                if isLifecycleish(word) {
                    lastKind = position
                    if position - lastType <= 3 { return true }
                } else if dot > start, dot < end - 1,
                          isLifecycleish(UnsafeRawBufferPointer(rebasing: message[(dot + 1)..<end])) {
                    return isTypeLike(UnsafeRawBufferPointer(rebasing: message[start..<dot]))
                } else if typeLike {
                    lastType = position
                    if position - lastKind <= 3 { return true }
                }
            } else if typeLike {
                lastType = position
                if position - lastKind <= 3 { return true }
            }
            position += 1
        }
        return false
    }

    @inline(__always) private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// `ContentView`, `iPhoneRow`, `Row<Item>`: a lower-case letter followed later by an upper-case one.
    static func isTypeLike(_ word: UnsafeRawBufferPointer) -> Bool {
        var sawLower = false
        for byte in word {
            if byte >= 0x61 && byte <= 0x7A { sawLower = true } else if byte >= 0x41 && byte <= 0x5A && sawLower { return true }
        }
        return false
    }

    /// A lifecycle word in any letter case or tense, with or without a call suffix.
    static func isLifecycleish(_ word: UnsafeRawBufferPointer) -> Bool {
        let base = LifecycleWords.stripCall(word)
        guard base.count >= 4, base.count <= 16, let first = base.first else { return false }
        let letter = Int(first | 0x20) - 0x61
        // Dispatch on the first letter: most words of a text line fail here, without a compare.
        guard letter >= 0, letter < 26 else { return false }
        for candidate in candidatesByLetter[letter] where candidate.count == base.count {
            var equal = true
            for index in 0..<base.count where base[index] | 0x20 != candidate[index] {
                equal = false
                break
            }
            if equal { return true }
        }
        return false
    }

    /// The lifecycle-ish words, lower case, by first letter (`-` compares as itself: `0x2D | 0x20`).
    private static let candidatesByLetter: [[[UInt8]]] = {
        var table = [[[UInt8]]](repeating: [], count: 26)
        for word in [
            "init", "inited", "initialized", "initialised", "initializing", "deinit", "deinited", "deinitialized",
            "deinitialised", "body", "appear", "appeared", "appearing", "onappear", "disappear", "disappeared",
            "ondisappear", "render", "rendered", "rendering", "rerender", "rerendered", "re-render", "re-rendered",
            "evaluated", "evaluating", "created", "dealloc", "deallocated", "viewdidappear", "viewwillappear",
            "viewdiddisappear", "ontask", "redraw", "redrawn", "redrawing", "recreated", "re-created",
        ] {
            table[Int(word.utf8.first!) - 0x61].append(Array(word.utf8))
        }
        return table
    }()
}
