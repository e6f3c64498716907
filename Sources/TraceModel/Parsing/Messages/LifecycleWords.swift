/// The vocabulary of developer lifecycle prints: which words name a lifecycle step, which
/// words pad it, and which words can never be a view's name.
enum LifecycleWords {
    /// A word that names a lifecycle step.
    struct KindWord {
        let kind: EventKind
        /// Unmistakable code words (`init`, `deinit`, `onAppear`...): matched in any letter case,
        /// and allowed before the subject (`deinit ContentView`). The others (`body`, `update`,
        /// `task`, `layout`...) are everyday English too, so they count only in lower case and
        /// only after the subject.
        let strict: Bool
    }

    /// The kind a word names, ignoring a trailing `(...)` such as `init()` or `appear(render)`.
    static func kind(_ word: UnsafeRawBufferPointer) -> KindWord? {
        let base = stripCall(word)
        switch base.count {
        case 4:
            if equalsIgnoringCase(base, "init") { return KindWord(kind: .`init`, strict: true) }
            if equals(base, "body") { return KindWord(kind: .body, strict: false) }
            if equals(base, "task") { return KindWord(kind: .task, strict: false) }
        case 6:
            if equalsIgnoringCase(base, "deinit") { return KindWord(kind: .`deinit`, strict: true) }
            if equalsIgnoringCase(base, "appear") { return KindWord(kind: .appear, strict: true) }
            if equals(base, "layout") { return KindWord(kind: .layout, strict: false) }
            if equals(base, "update") { return KindWord(kind: .body, strict: false) }
        case 8:
            if equalsIgnoringCase(base, "onAppear") { return KindWord(kind: .appear, strict: true) }
            if equalsIgnoringCase(base, "appeared") { return KindWord(kind: .appear, strict: true) }
            if equals(base, "evaluate") { return KindWord(kind: .body, strict: false) }
        case 9:
            if equalsIgnoringCase(base, "disappear") { return KindWord(kind: .disappear, strict: true) }
            if equals(base, "evaluated") { return KindWord(kind: .body, strict: false) }
        case 11:
            if equalsIgnoringCase(base, "initialized") || equalsIgnoringCase(base, "initialised") {
                return KindWord(kind: .`init`, strict: true)
            }
            if equalsIgnoringCase(base, "onDisappear") { return KindWord(kind: .disappear, strict: true) }
            if equalsIgnoringCase(base, "disappeared") { return KindWord(kind: .disappear, strict: true) }
        case 13:
            if equalsIgnoringCase(base, "deinitialized") || equalsIgnoringCase(base, "deinitialised") {
                return KindWord(kind: .`deinit`, strict: true)
            }
        default:
            break
        }
        return nil
    }

    /// The second word of `body update`, `body evaluated` and friends.
    static func isBodySecondWord(_ word: UnsafeRawBufferPointer) -> Bool {
        for candidate: StaticString in ["update", "updated", "evaluate", "evaluated", "evaluation", "called", "computed"]
        where equals(word, candidate) {
            return true
        }
        return false
    }

    /// Words that may follow the kind without changing it: `ContentView onAppear called`.
    static func isFiller(_ word: UnsafeRawBufferPointer) -> Bool {
        for candidate: StaticString in ["called", "invoked", "fired", "triggered"] where equalsIgnoringCase(word, candidate) {
            return true
        }
        return false
    }

    /// English words that cannot be a view's name: a subject or owner that is one of these means
    /// the line is prose (`View did appear`, `Please update`, `Failed to init`).
    static func isStopword(_ word: UnsafeRawBufferPointer) -> Bool {
        guard word.count <= 10 else { return false }
        var lowered: [UInt8] = []
        lowered.reserveCapacity(word.count)
        for byte in word { lowered.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) }
        return lowered.withUnsafeBytes { stopwords.contains(Key($0)) }
    }

    /// Drops a trailing `(...)`: `init()` → `init`, `appear(render)` → `appear`.
    static func stripCall(_ word: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard word.last == UInt8(ascii: ")"), let open = word.firstIndex(of: UInt8(ascii: "(")) else { return word }
        return UnsafeRawBufferPointer(rebasing: word[0..<open])
    }

    static func equals(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count == count else { return false }
        let start = literal.utf8Start
        for index in 0..<count where bytes[index] != start[index] { return false }
        return true
    }

    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count == count else { return false }
        let start = literal.utf8Start
        for index in 0..<count where bytes[index] | 0x20 != start[index] | 0x20 { return false }
        return true
    }

    /// A hashable byte string, so the stopword set is looked up without building a `String`.
    private struct Key: Hashable {
        let bytes: [UInt8]
        init(_ buffer: UnsafeRawBufferPointer) { bytes = Array(buffer) }
        init(_ string: String) { bytes = Array(string.utf8) }
    }

    private static let stopwords: Set<Key> = Set([
        "a", "about", "after", "all", "an", "and", "any", "are", "as", "at", "be", "been", "before",
        "begin", "being", "but", "by", "can", "cannot", "could", "did", "do", "does", "done", "during",
        "each", "end", "error", "failed", "finish", "finished", "for", "from", "had", "has", "have",
        "he", "how", "i", "if", "in", "into", "is", "it", "its", "may", "me", "might", "must", "my",
        "no", "not", "of", "on", "or", "our", "please", "self", "she", "should", "skip", "skipping",
        "so", "some", "start", "started", "starting", "super", "than", "that", "the", "their", "then",
        "there", "these", "they", "this", "those", "to", "unable", "was", "we", "were", "what", "when",
        "where", "which", "while", "who", "why", "will", "with", "without", "would", "you", "your",
        "warning", "waiting",
    ].map(Key.init))
}
