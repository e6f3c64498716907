/// The vocabulary of developer lifecycle prints: which words name a lifecycle step, which
/// words pad it, and which words can never be a view's name.
enum LifecycleWords {
    /// A word that names a lifecycle step.
    struct KindWord: Equatable {
        let kind: EventKind
        let strength: Strength
        /// A `.leading` gerund made from a code word (`Initializing`, `Deallocating`): after a
        /// type-shaped subject it names that type's step whatever follows, as in
        /// `print("DetailView Initializing \(item.name)")`, where an everyday gerund
        /// (`ImageCache Creating directory`) reports work.
        var codeGerund = false
    }

    /// How much a kind word says on its own, which decides how much the rest of a line must
    /// confirm before it counts as a lifecycle print.
    enum Strength: Equatable {
        /// Code words (`init`, `deinit`, `onAppear`, `disappeared`...): rarely anything else, so
        /// matched in any letter case and allowed before their subject (`deinit ContentView`).
        case strict
        /// Everyday words used as code words (`body`, `update`, `evaluate`, `task`, `layout`):
        /// only in lower or upper case, only after the subject.
        case plain
        /// Words that describe many things (`rendered`, `created`): they count only after a name
        /// that looks like a type (`ProfileCard rendered`).
        case loose
        /// Gerunds that open a line (`Creating DetailViewModel`, `Deinitializing <MyApp.Model: 0x…>`):
        /// they count only before a name shaped like a Swift type, because the same verbs
        /// open most progress messages (`Creating database tables...`).
        case leading
    }

    /// The kind a word names, ignoring a trailing `(...)` such as `init()` or `appear(render)`.
    static func kind(_ word: UnsafeRawBufferPointer) -> KindWord? {
        let base = stripCall(word)
        switch base.count {
        case 4:
            if equalsIgnoringCase(base, "init") { return KindWord(kind: .`init`, strength: .strict) }
            if equalsInOneCase(base, "body") { return KindWord(kind: .body, strength: .plain) }
            if equalsInOneCase(base, "task") { return KindWord(kind: .task, strength: .plain) }
        case 6:
            if equalsIgnoringCase(base, "deinit") { return KindWord(kind: .`deinit`, strength: .strict) }
            if equalsIgnoringCase(base, "appear") { return KindWord(kind: .appear, strength: .strict) }
            if equalsInOneCase(base, "layout") { return KindWord(kind: .layout, strength: .plain) }
            if equalsInOneCase(base, "update") { return KindWord(kind: .body, strength: .plain) }
            if equalsInOneCase(base, "render") { return KindWord(kind: .body, strength: .loose) }
        case 7:
            if equalsInOneCase(base, "created") { return KindWord(kind: .`init`, strength: .loose) }
            if base[0] | 0x20 == UInt8(ascii: "r"), equalsInOneCase(base, "redrawn") { return KindWord(kind: .body, strength: .plain) }
            if base[0] | 0x20 == UInt8(ascii: "a"), equalsInOneCase(base, "appears") { return KindWord(kind: .appear, strength: .plain) }
            if equalsIgnoringCase(base, "dealloc") { return KindWord(kind: .`deinit`, strength: .strict) }
        case 8:
            // The gerunds are tested by first letter: every word of eight letters comes here.
            if base[0] | 0x20 == UInt8(ascii: "c"), equalsIgnoringCase(base, "creating") { return KindWord(kind: .`init`, strength: .leading) }
            if base[0] | 0x20 == UInt8(ascii: "b"), equalsIgnoringCase(base, "building") { return KindWord(kind: .body, strength: .leading) }
            if equalsIgnoringCase(base, "onAppear") { return KindWord(kind: .appear, strength: .strict) }
            if equalsIgnoringCase(base, "appeared") { return KindWord(kind: .appear, strength: .strict) }
            if equalsIgnoringCase(base, "deinited") { return KindWord(kind: .`deinit`, strength: .strict) }
            if equalsInOneCase(base, "evaluate") { return KindWord(kind: .body, strength: .plain) }
            if equalsInOneCase(base, "rendered") { return KindWord(kind: .body, strength: .loose) }
            if equalsInOneCase(base, "rerender") { return KindWord(kind: .body, strength: .loose) }
        case 9 where equalsIgnoringCase(base, "rendering"):
            return KindWord(kind: .body, strength: .loose)
        case 9 where base[0] | 0x20 == UInt8(ascii: "a") && equalsIgnoringCase(base, "appearing"):
            return KindWord(kind: .appear, strength: .leading)
        case 9 where base[0] | 0x20 == UInt8(ascii: "r") && equalsIgnoringCase(base, "redrawing"):
            return KindWord(kind: .body, strength: .leading)
        case 10 where equalsIgnoringCase(base, "evaluating"):
            return KindWord(kind: .body, strength: .loose)
        case 9:
            if equalsIgnoringCase(base, "disappear") { return KindWord(kind: .disappear, strength: .strict) }
            if equalsInOneCase(base, "evaluated") { return KindWord(kind: .body, strength: .plain) }
            if equalsInOneCase(base, "re-render") { return KindWord(kind: .body, strength: .loose) }
            if base[0] | 0x20 == UInt8(ascii: "r"), equalsInOneCase(base, "refreshed") { return KindWord(kind: .body, strength: .loose) }
        case 10:
            if equalsInOneCase(base, "rerendered") { return KindWord(kind: .body, strength: .loose) }
            if base[0] | 0x20 == UInt8(ascii: "r"), equalsInOneCase(base, "recomputed") { return KindWord(kind: .body, strength: .plain) }
            if base[0] | 0x20 == UInt8(ascii: "d"), equalsInOneCase(base, "disappears") { return KindWord(kind: .disappear, strength: .plain) }
        case 11:
            if equalsIgnoringCase(base, "initialized") || equalsIgnoringCase(base, "initialised") {
                return KindWord(kind: .`init`, strength: .strict)
            }
            if equalsIgnoringCase(base, "onDisappear") { return KindWord(kind: .disappear, strength: .strict) }
            if equalsIgnoringCase(base, "disappeared") { return KindWord(kind: .disappear, strength: .strict) }
            if equalsIgnoringCase(base, "deallocated") { return KindWord(kind: .`deinit`, strength: .strict) }
            if equalsInOneCase(base, "re-rendered") { return KindWord(kind: .body, strength: .loose) }
            if base[0] | 0x20 == UInt8(ascii: "r"), equalsInOneCase(base, "reevaluated") { return KindWord(kind: .body, strength: .plain) }
            if base[0] | 0x20 == UInt8(ascii: "r"), equalsIgnoringCase(base, "rerendering") { return KindWord(kind: .body, strength: .leading) }
        case 12 where base[2] == UInt8(ascii: "-"):
            if equalsInOneCase(base, "re-evaluated") { return KindWord(kind: .body, strength: .plain) }
            if equalsIgnoringCase(base, "re-rendering") { return KindWord(kind: .body, strength: .leading) }
        case 12:
            if base[0] | 0x20 == UInt8(ascii: "i"), equalsIgnoringCase(base, "initializing") || equalsIgnoringCase(base, "initialising") {
                return KindWord(kind: .`init`, strength: .leading, codeGerund: true)
            }
            if base[0] | 0x20 == UInt8(ascii: "d") {
                if equalsIgnoringCase(base, "deallocating") { return KindWord(kind: .`deinit`, strength: .leading, codeGerund: true) }
                if equalsIgnoringCase(base, "disappearing") { return KindWord(kind: .disappear, strength: .leading) }
            }
        case 13:
            if equalsIgnoringCase(base, "deinitialized") || equalsIgnoringCase(base, "deinitialised") {
                return KindWord(kind: .`deinit`, strength: .strict)
            }
            if base[0] | 0x20 == UInt8(ascii: "i"), equalsIgnoringCase(base, "instantiating") { return KindWord(kind: .`init`, strength: .leading, codeGerund: true) }
        case 14 where base[0] | 0x20 == UInt8(ascii: "d"):
            if equalsIgnoringCase(base, "deinitializing") || equalsIgnoringCase(base, "deinitialising") {
                return KindWord(kind: .`deinit`, strength: .leading, codeGerund: true)
            }
        default:
            break
        }
        return nil
    }

    /// True when `word` names a kind, alone (`init`, `BODY`) or as the end of a dotted name
    /// (`ViewModel.init`, `Card.body`): the cheap test that lets most lines stop early.
    static func mayNameKind(_ word: UnsafeRawBufferPointer, dotted: Bool = true) -> Bool {
        if kind(word) != nil { return true }
        guard dotted else { return false }
        let base = stripCall(word)
        guard let dot = base.lastIndex(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") }) else { return false }
        return kind(UnsafeRawBufferPointer(rebasing: base[(dot + 1)...])) != nil
    }

    /// The second word of `body update`, `body evaluated`, `BODY CALLED` and friends.
    static func isBodySecondWord(_ word: UnsafeRawBufferPointer) -> Bool {
        // Every candidate starts with one of these letters: most words end here.
        guard word.count >= 3, word.count <= 12, let first = word.first, "uecird".utf8.contains(first | 0x20) else { return false }
        for candidate: StaticString in [
            "update", "updated", "evaluate", "evaluated", "evaluation", "called", "computed", "invoked",
            "rendered", "render", "run", "ran", "executed", "recomputed", "reevaluated", "re-evaluated",
            "re-rendered", "rerendered", "redrawn", "drawn", "refreshed",
        ] where equalsInOneCase(word, candidate) {
            return true
        }
        return false
    }

    /// Words that may follow the kind without changing it: `ContentView onAppear called`.
    static func isFiller(_ word: UnsafeRawBufferPointer) -> Bool {
        for candidate: StaticString in ["called", "invoked", "fired", "triggered", "started", "executed", "run", "ran", "successfully"]
        where equalsIgnoringCase(word, candidate) {
            return true
        }
        return false
    }

    /// Words between a subject and its kind that keep the line a lifecycle print:
    /// `ContentView did appear`, `ContentView is being deinitialized`, `ViewModel was created`.
    static func isAuxiliary(_ word: UnsafeRawBufferPointer) -> Bool {
        guard word.count >= 2, word.count <= 5, let first = word.first, "dhwibgj".utf8.contains(first | 0x20) else { return false }
        for candidate: StaticString in ["did", "has", "was", "is", "being", "been", "got", "just", "gets", "get"]
        where equalsIgnoringCase(word, candidate) {
            return true
        }
        return false
    }

    /// Words that introduce the subject after a verb: `Deinit called for SettingsViewModel`,
    /// `Rendering menu in ProfileSwitcher`, `deinit called in class ThreadViewModel`.
    static func isPreposition(_ word: UnsafeRawBufferPointer) -> Bool {
        equalsIgnoringCase(word, "for") || equalsIgnoringCase(word, "in") || equalsIgnoringCase(word, "of")
    }

    /// Words that say what sort of type follows: `in class ThreadViewModel`, `for struct Row`.
    static func isTypeKeyword(_ word: UnsafeRawBufferPointer) -> Bool {
        equalsIgnoringCase(word, "class") || equalsIgnoringCase(word, "struct") || equalsIgnoringCase(word, "type")
    }

    /// Nouns that stand for a subject named just before them: `[StampbookApp] App init()`.
    static func isGenericNoun(_ word: UnsafeRawBufferPointer) -> Bool {
        for candidate: StaticString in ["view", "app", "screen", "page", "scene", "component", "sheet"]
        where equalsIgnoringCase(word, candidate) {
            return true
        }
        return false
    }

    /// English words that cannot be a view's name: a subject or owner that is one of these means
    /// the line is prose (`View did appear`, `Please update`, `Failed to init`).
    static func isStopword(_ word: UnsafeRawBufferPointer) -> Bool {
        // Asked of nearly every candidate subject: a look-up that allocates nothing (building
        // a lower-cased array and hashing it cost a twentieth of the whole parse).
        guard word.count >= 1, word.count < stopwordsByLength.count else { return false }
        return stopwordsByLength[word.count].contains(packLowercased(word))
    }

    /// Drops a trailing `(...)`: `init()` → `init`, `appear(render)` → `appear`.
    static func stripCall(_ word: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard word.last == UInt8(ascii: ")"), let open = word.firstIndex(of: UInt8(ascii: "(")) else { return word }
        return UnsafeRawBufferPointer(rebasing: word[0..<open])
    }

    /// `bytes` spell `literal`: the one exact comparison of bytes with a literal the parsers
    /// share (words, keys, envelope fields, Instruments' elements). A loop over the bytes, not
    /// `memcmp`: the words compared are short, and the call cost the parse thread 1% more
    /// instructions (callgrind, 200,000 lines).
    static func equals(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count == count else { return false }
        let start = literal.utf8Start
        for index in 0..<count where bytes[index] != start[index] { return false }
        return true
    }

    /// Equal to a lower-case `literal` in lower case or in upper case (`body`, `BODY`), but not
    /// in mixed case: `Update` and `Task` start sentences and name types far more often.
    static func equalsInOneCase(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        if equals(bytes, literal) { return true }
        guard equalsIgnoringCase(bytes, literal) else { return false }
        return !bytes.contains { $0 >= 0x61 && $0 <= 0x7A }
    }

    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count == count else { return false }
        let start = literal.utf8Start
        for index in 0..<count where bytes[index] | 0x20 != start[index] | 0x20 { return false }
        return true
    }

    /// A word of at most eight bytes in one integer, lower-cased (ASCII letters only), first
    /// byte lowest; equal for two words of the same length exactly when their lower-cased bytes are.
    private static func packLowercased(_ word: UnsafeRawBufferPointer) -> UInt64 {
        var packed: UInt64 = 0
        for (index, byte) in word.enumerated() {
            let lowered = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            packed |= UInt64(lowered) << (8 * UInt64(index))
        }
        return packed
    }

    /// The stopwords packed by `packLowercased`, listed by their length in bytes.
    private static let stopwordsByLength: [[UInt64]] = {
        var byLength: [[UInt64]] = Array(repeating: [], count: (stopwords.map(\.utf8.count).max() ?? 0) + 1)
        for word in stopwords {
            precondition(word.utf8.count <= 8, "a stopword longer than eight bytes does not pack: \(word)")
            byLength[word.utf8.count].append(Array(word.utf8).withUnsafeBytes { packLowercased($0) })
        }
        return byLength
    }()

    private static let stopwords: [String] = [
        "a", "about", "after", "all", "an", "and", "any", "are", "as", "at", "be", "been", "before",
        "begin", "being", "but", "by", "can", "cannot", "could", "did", "do", "does", "done", "during",
        "each", "end", "error", "failed", "finish", "finished", "for", "from", "had", "has", "have",
        "he", "how", "i", "if", "in", "into", "is", "it", "its", "may", "me", "might", "must", "my",
        "no", "not", "of", "on", "or", "our", "please", "self", "she", "should", "skip", "skipping",
        "so", "some", "start", "started", "starting", "super", "than", "that", "the", "their", "then",
        "there", "these", "they", "this", "those", "to", "unable", "was", "we", "were", "what", "when",
        "where", "which", "while", "who", "why", "will", "with", "without", "would", "you", "your",
        "warning", "waiting", "view", "screen", "page", "app", "now", "just", "also", "again", "here",
    ]
}
