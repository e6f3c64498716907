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
    public static func looks(_ message: UnsafeRawBufferPointer) -> Bool {
        guard message.count <= 1_000 else { return false }
        var lastType = -10
        var lastKind = -10
        var position = 0
        var index = 0
        let count = message.count
        while index < count, position < maxWords {
            while index < count, LifecycleTokenizer.isSpace(message[index]) { index += 1 }
            let start = index
            while index < count, !LifecycleTokenizer.isSpace(message[index]) { index += 1 }
            guard start < index, let range = LifecycleTokenizer.trim(message, start..<index) else { continue }
            let word = UnsafeRawBufferPointer(rebasing: message[range])
            if isLifecycleish(word) {
                lastKind = position
                if position - lastType <= 3 { return true }
            } else if let dot = word.lastIndex(of: UInt8(ascii: ".")), dot > 0,
                      isLifecycleish(UnsafeRawBufferPointer(rebasing: word[(dot + 1)...])) {
                return isTypeLike(UnsafeRawBufferPointer(rebasing: word[..<dot]))
            } else if isTypeLike(word) {
                lastType = position
                if position - lastKind <= 3 { return true }
            }
            position += 1
        }
        return false
    }

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
        guard base.count >= 4, base.count <= 16 else { return false }
        for candidate: StaticString in [
            "init", "inited", "initialized", "initialised", "initializing", "deinit", "deinited", "deinitialized",
            "deinitialised", "body", "appear", "appeared", "appearing", "onappear", "disappear", "disappeared",
            "ondisappear", "render", "rendered", "rendering", "rerender", "rerendered", "re-render", "re-rendered",
            "evaluated", "evaluating", "created", "dealloc", "deallocated", "viewdidappear", "viewwillappear",
            "viewdiddisappear", "ontask", "redraw", "redrawn", "redrawing", "recreated", "re-created",
        ] where LifecycleWords.equalsIgnoringCase(base, candidate) {
            return true
        }
        return false
    }
}
