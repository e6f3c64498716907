/// Recognises free-form developer lifecycle prints: `FirstView init`, `1️⃣ FirstCoordinator init 🟢`,
/// `---------1️⃣ FirstView appear-------`, `PlayButton DataModel deinit`, `subview1 body update`,
/// `ViewModel.init`, `>>> Card.body: 60`, `tab 1 disappear`, `deinit ContentView`.
///
/// The heuristic, in the order it is applied, and why each step is there:
///
/// 1. Only short messages (at most `maxLength` bytes) are candidates: a lifecycle print is a
///    name and a word, and prose is long.
/// 2. Words are split at spaces; decorations are trimmed from each word's edges (emoji, dashes,
///    brackets, colons) and words that are only decoration (`🟢`, `---`, `1️⃣` keycaps) vanish.
/// 3. Instance tokens are taken out wherever they stand: hex addresses (`0x6000…`, at least four
///    digits), UUIDs, `#n` and `id=…` / `id: …`.
/// 4. What is left must be at most six words, each an identifier or a number; anything else
///    (`=`, `/`, `%`, quotes inside a word) means data or prose, not a lifecycle print.
/// 5. The kind is a word at the *end* (`ContentView init`), after dropping trailing counters and
///    fillers (`Card.body: 60`, `onAppear called`), or two words (`body update`), or the last
///    component of a dotted word (`ViewModel.init`). Only the unmistakable code words (`init`,
///    `deinit`, `onAppear`, `onDisappear` and their spellings) may also stand *first*, before a
///    single subject (`deinit ContentView`). Everyday words (`body`, `update`, `evaluate`,
///    `task`, `layout`) count only in lower case and only at the end.
/// 6. Before the kind stand one to three words: `View`, `Owner View`, `View 3` (3 is the
///    instance: `tab 1 appear`), `Owner View 3`, or a lone number (`1 appear`, seed 000's
///    ZStack children). A number in front of a name is a counter and is dropped.
/// 7. An owner is separated from its view by a space only: in `eventMessage: ListView onAppear`
///    or `screen = Home init` the first word labels a value and the line stays text.
/// 8. No subject or owner may be an English function word (`the`, `did`, `will`, `to`, …) or a
///    kind word itself: `View did appear`, `will appear(render)`, `Please update` stay text.
///
/// Words such as `initial`, `appearance`, `initialize` or `reinitialize` are not kind words, and
/// kinds must be whole words, so `Failed to initialize the cache` stays text.
public enum LifecycleMessage {
    /// A recognised print, as byte ranges into the message.
    public struct Parsed: Equatable, Sendable {
        /// What happened.
        public var kind: EventKind
        /// The view or object type (or a numeric label such as seed 000's `1`).
        public var view: Range<Int>
        /// The qualifier in `PlayButton DataModel init`.
        public var owner: Range<Int>?
        /// An address, UUID, `#n`, `id=` value or a number after the view.
        public var instance: Range<Int>?
    }

    /// The longest message considered; longer lines are prose or data.
    public static let maxLength = 160

    /// Parses `message`; nil when it does not look like a lifecycle print.
    public static func parse(_ message: UnsafeRawBufferPointer) -> Parsed? {
        guard message.count <= maxLength, !message.isEmpty else { return nil }
        var words = WordList()
        guard LifecycleTokenizer.tokenize(message, into: &words) else { return nil }
        let content = words.content
        guard !content.isEmpty, content.count <= 6 else { return nil }
        return LifecycleMessage.match(message, content: content, instance: words.instance)
    }

    private static func match(_ message: UnsafeRawBufferPointer, content: [LifecycleWord], instance: Range<Int>?) -> Parsed? {
        func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: message[range]) }

        // Trailing counters and fillers: `Card.body: 60`, `ContentView onAppear called`.
        var end = content.count
        while end > 1, content[end - 1].isNumber || LifecycleWords.isFiller(bytes(content[end - 1].range)) {
            end -= 1
        }
        let last = content[end - 1]

        // `deinit ContentView`: a code word first, then exactly one name.
        if content.count == 2, !content[1].isNumber,
           let word = LifecycleWords.kind(bytes(content[0].range)), word.strict,
           LifecycleWords.kind(bytes(content[1].range)) == nil {
            return subject(message, words: [content[1]], kind: word.kind, instance: instance)
        }
        // `subview1 body update`.
        if end >= 3, LifecycleWords.equals(bytes(content[end - 2].range), "body"),
           LifecycleWords.isBodySecondWord(bytes(last.range)) {
            return subject(message, words: Array(content[0..<(end - 2)]), kind: .body, instance: instance)
        }
        // `ContentView init`, `tab 1 appear`, `PlayButton DataModel deinit`.
        if let word = LifecycleWords.kind(bytes(last.range)) {
            return subject(message, words: Array(content[0..<(end - 1)]), kind: word.kind, instance: instance)
        }
        // `ViewModel.init`, `Card.body`, `ContentView.onAppear()`.
        if !last.isNumber, let split = splitDotted(message, last.range),
           let word = LifecycleWords.kind(bytes(split.suffix)) {
            var words = Array(content[0..<(end - 1)])
            words.append(LifecycleWord(range: split.prefix, isNumber: false))
            return subject(message, words: words, kind: word.kind, instance: instance)
        }
        return nil
    }

    /// Reads the words before the kind as `[owner] view [instance]`.
    private static func subject(_ message: UnsafeRawBufferPointer, words: [LifecycleWord], kind: EventKind, instance: Range<Int>?) -> Parsed? {
        var words = words[...]
        // A number in front of a name is a counter or step label (`3 ContentView init`).
        while words.count > 1, words.first!.isNumber, !words.dropFirst().first!.isNumber { words = words.dropFirst() }
        var instance = instance
        if words.count >= 2, words.last!.isNumber, !words[words.endIndex - 2].isNumber {
            instance = instance ?? words.last!.range
            words = words.dropLast()
        }
        guard (1...2).contains(words.count) else { return nil }
        if words.count == 1 {
            let view = words.first!
            guard isName(message, view) else { return nil }
            return Parsed(kind: kind, view: viewRange(message, view), owner: nil, instance: instance)
        }
        let owner = words.first!, view = words.last!
        // `key: Value init` is a labelled value, not an owner and its view.
        guard !owner.isNumber, !view.isNumber, !owner.separated, isName(message, owner), isName(message, view) else { return nil }
        return Parsed(kind: kind, view: viewRange(message, view), owner: viewRange(message, owner), instance: instance)
    }

    /// A word that may name a view: a number, or an identifier that is neither English glue
    /// nor a lifecycle word.
    private static func isName(_ message: UnsafeRawBufferPointer, _ word: LifecycleWord) -> Bool {
        if word.isNumber { return true }
        let bytes = UnsafeRawBufferPointer(rebasing: message[word.range])
        return !LifecycleWords.isStopword(bytes) && LifecycleWords.kind(bytes) == nil
            && !LifecycleWords.isBodySecondWord(bytes)
    }

    /// A name without a trailing call: `ContentView()` → `ContentView`.
    private static func viewRange(_ message: UnsafeRawBufferPointer, _ word: LifecycleWord) -> Range<Int> {
        let stripped = LifecycleWords.stripCall(UnsafeRawBufferPointer(rebasing: message[word.range]))
        return word.range.lowerBound..<(word.range.lowerBound + stripped.count)
    }

    /// `ContentView.Model.init()` → (`ContentView.Model`, `init()`); the dot must come before any `(`.
    private static func splitDotted(_ message: UnsafeRawBufferPointer, _ range: Range<Int>) -> (prefix: Range<Int>, suffix: Range<Int>)? {
        var limit = range.upperBound
        if let open = message[range].firstIndex(of: UInt8(ascii: "(")) { limit = open }
        var index = limit - 1
        while index > range.lowerBound {
            if message[index] == UInt8(ascii: ".") {
                guard index + 1 < range.upperBound else { return nil }
                return (range.lowerBound..<index, (index + 1)..<range.upperBound)
            }
            index -= 1
        }
        return nil
    }
}

/// One word of a lifecycle candidate: its trimmed range and whether it is all digits.
struct LifecycleWord: Equatable {
    var range: Range<Int>
    var isNumber: Bool
    /// A `:` or `=` follows the word (`eventMessage: ...`, `user=...`): it labels what follows.
    var separated = false
}

/// The words of a candidate: identifiers and numbers in order, and the first instance token.
struct WordList {
    var content: [LifecycleWord] = []
    var instance: Range<Int>?
}
