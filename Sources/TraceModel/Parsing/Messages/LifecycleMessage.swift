/// Recognises free-form developer lifecycle prints: `FirstView init`, `1️⃣ FirstCoordinator init 🟢`,
/// `PlayButton DataModel deinit`, `subview1 body update`, `ViewModel.init`, `>>> Card.body: 60`,
/// `tab 1 disappear`, `deinit ContentView`, and the same with details, tags and annotations:
/// `🎵 PlayerView init - Episode: 12`, `[HomeView] BODY EVALUATED - isLoading: false`,
/// `📺 [VIEW] Row body evaluated - count: 3`, `[12:01:33Z] ProfileCard initialized for user 42`.
///
/// One mechanism, in three parts:
///
/// 1. **Words.** The line is split into words (`LifecycleTokenizer`); decoration (emoji, dashes,
///    keycaps, comment markers) vanishes, and each word has a shape: a name, a number, an
///    instance token (address, UUID, `#n`, `id=`), or something else (`tab=2`, `12:01:33Z`).
///    A word wrapped in brackets or parentheses is marked: `[HomeView]`, `[VIEW]`, `(lldb)`.
/// 2. **Subject and kind.** Each lifecycle word, in order, is tried as the kind: the subject is
///    the name just before it (skipping an instance number and auxiliaries such as `did`,
///    `is being`), with an optional owner before that (`PlayButton DataModel init`); or the
///    name in `ViewModel.init`; or, for a code word (`init`, `deinit`, `onAppear`...) that
///    opens the line, the name after it (`deinit ContentView`). Everything in front of the
///    subject must be preamble, never prose: decoration, bracketed tags and timestamps,
///    counters, `#12`, an upper-case tag (`DEBUG:`). That is what keeps `Loading view did
///    appear slow` and `Failed to init the cache` text: a sentence does not start with a type.
/// 3. **Detail.** After the kind (and fillers such as `called`, counters, instances) the rest
///    of the line is detail and may be anything. How much the line must show before detail is
///    allowed depends on the kind word's strength (`LifecycleWords.Strength`) and on whether
///    the subject looks like a type (`ContentView`, `Row<Item>`, `[Row]`): a strict word after
///    a type name takes any detail (`ProfileCard initialized for user 42`); after a plain name
///    the detail must be set off by punctuation (`Row init - id 3`, `tab onAppear, 2`).
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
        /// A multiplier or counter after the lifecycle word (`(×3)`, `Card.body: 61`).
        public var annotation: Multiplicity.Annotation?
        /// Where the detail after the lifecycle word (or after the subject that follows it) starts.
        var detailStart = 0
    }

    /// The longest message considered; longer lines are prose or data.
    public static let maxLength = 400

    /// The longest name taken as a subject.
    static let maxNameLength = 100

    /// Parses `message`; nil when it does not look like a lifecycle print.
    public static func parse(_ message: UnsafeRawBufferPointer) -> Parsed? {
        var scratch: [LifecycleWord] = []
        return parse(message, scratch: &scratch)
    }

    /// Parses `message` with `scratch` as the word buffer, so that a caller parsing many lines
    /// allocates it once.
    static func parse(_ message: UnsafeRawBufferPointer, scratch words: inout [LifecycleWord]) -> Parsed? {
        guard message.count <= maxLength, !message.isEmpty else { return nil }
        words.removeAll(keepingCapacity: true)
        // Most lines name no lifecycle word at all: they end here, after the first few words.
        guard let firstKind = LifecycleTokenizer.tokenize(message, into: &words) else { return nil }
        let line = LifecycleLine(message: message, words: words)
        for index in firstKind..<words.count where words[index].shape == .name {
            if var parsed = line.match(kindAt: index) {
                parsed.annotation = Multiplicity.annotation(in: message, after: parsed.detailStart, counting: parsed.kind == .body)
                // `Card render #12`: after a body word, `#12` counts evaluations; `Panel.onAppear × 7`,
                // `Row appear (×5)`: the number of a multiplier counts appearances. Neither names an
                // instance.
                if let annotation = parsed.annotation, let instance = parsed.instance,
                   instance.lowerBound >= annotation.start {
                    parsed.instance = nil
                }
                return parsed
            }
        }
        // `DetailView#42 onAppear`: a name with its instance glued on, split only now (few
        // lines get here, and looking for `#` in every word cost the common path).
        if message.contains(UInt8(ascii: "#")) {
            var split: [LifecycleWord] = []
            if let first = LifecycleTokenizer.tokenize(message, into: &split, splittingInstances: true), split.count != words.count {
                let retry = LifecycleLine(message: message, words: split)
                for index in first..<split.count where split[index].shape == .name {
                    if let parsed = retry.match(kindAt: index) { return parsed }
                }
            }
        }
        // `Card body [count: 40]`, `Model init // INITIALIZED 3 TIMES`: an annotation after the
        // lifecycle word read as detail; the line without it is tried once more.
        guard let kind = line.kind(at: firstKind) else { return nil }
        let end = words[kind.next - 1].range.upperBound
        guard let annotation = Multiplicity.annotation(in: message, after: end, counting: kind.word.kind == .body),
              annotation.start < message.count
        else { return nil }
        var trimmed = annotation.start
        while trimmed > 0, LifecycleTokenizer.isSpace(message[trimmed - 1]) { trimmed -= 1 }
        guard trimmed < message.count, var parsed = parse(UnsafeRawBufferPointer(rebasing: message[0..<trimmed]), scratch: &words) else {
            return nil
        }
        parsed.annotation = annotation
        return parsed
    }
}

/// One candidate line: its bytes and words, and the matching steps over them (the verb-first
/// steps are in `LifecycleLine+VerbFirst.swift`).
struct LifecycleLine {
    let message: UnsafeRawBufferPointer
    let words: [LifecycleWord]

    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: message[range]) }

    /// The kind named at `index` and the index just past it: `init`, `body evaluated`,
    /// `ViewModel.init` (with the subject's range), or nil.
    func kind(at index: Int) -> (word: LifecycleWords.KindWord, next: Int, dotted: Range<Int>?)? {
        let word = words[index]
        let text = bytes(word.range)
        if LifecycleWords.equalsInOneCase(text, "body"), index + 1 < words.count,
           words[index + 1].shape == .name, LifecycleWords.isBodySecondWord(bytes(words[index + 1].range)) {
            // `body evaluated` says more than `body` alone: as sure as a code word.
            return (LifecycleWords.KindWord(kind: .body, strength: .strict), index + 2, nil)
        }
        if let kind = LifecycleWords.kind(text) { return (kind, index + 1, nil) }
        if let split = splitDotted(word.range), let kind = LifecycleWords.kind(bytes(split.suffix)), kind.strength != .leading {
            // `Card.body` and `ViewModel.init` are code, whatever the word.
            return (LifecycleWords.KindWord(kind: kind.kind, strength: .strict), index + 1, split.prefix)
        }
        return nil
    }

    func match(kindAt index: Int) -> LifecycleMessage.Parsed? {
        guard let (kind, next, dotted) = kind(at: index) else { return nil }
        if let dotted {
            return subjectBefore(index, dotted: dotted, kind: kind, next: next)
        }
        if kind.strength == .leading {
            return verbFirst(index, kind: kind, next: next)
                ?? (kind.codeGerund ? subjectBefore(index, dotted: nil, kind: kind, next: next) : nil)
        }
        return subjectBefore(index, dotted: nil, kind: kind, next: next)
            ?? subjectAfter(index, kind: kind, next: next)
            ?? verbFirst(index, kind: kind, next: next)
    }

    /// `[owner] subject [instance] [auxiliaries] KIND detail`.
    private func subjectBefore(_ kindIndex: Int, dotted: Range<Int>?, kind: LifecycleWords.KindWord, next: Int) -> LifecycleMessage.Parsed? {
        var cursor = kindIndex - 1
        var subject: Range<Int>
        var subjectWord: LifecycleWord
        var instance: Range<Int>?
        if let dotted {
            subject = dotted
            subjectWord = LifecycleWord(range: dotted, shape: .name)
            guard isName(subjectWord) else { return nil }
        } else {
            while cursor >= 0, words[cursor].shape == .name, LifecycleWords.isAuxiliary(bytes(words[cursor].range)) { cursor -= 1 }
            // `[StampbookApp] App init()`, `[Home] view appeared`: a generic noun after a
            // bracketed or labelled name stands for it.
            if cursor >= 1, words[cursor].shape == .name, LifecycleWords.isGenericNoun(bytes(words[cursor].range)),
               words[cursor - 1].wrapped || words[cursor - 1].separated {
                cursor -= 1
            }
            // `tab 1 appear`, `DetailView #3 init`: an instance between the name and the kind.
            if cursor >= 1, words[cursor].shape == .number || words[cursor].shape == .instance,
               words[cursor - 1].shape == .name, !words[cursor].wrapped {
                instance = words[cursor].range
                cursor -= 1
            }
            guard cursor >= 0 else { return nil }
            subjectWord = words[cursor]
            subject = subjectWord.range
            // A lone number names seed 000's ZStack layers (`1 appear`), when nothing else could.
            let numbered = subjectWord.shape == .number && cursor == 0 && kindIndex == 1
            let named = isName(subjectWord)
            if !named, !numbered, instance == nil, let label = namedLabel(endingAt: cursor) {
                // `Game view appeared`, `ERROR VIEW appeared`: the developer's words for a view
                // (`view`, `screen`, `page` and `app` are stopwords, so asked only when the name failed).
                subject = label
                subjectWord = LifecycleWord(range: label, shape: .name)
                cursor -= 2
                guard preamble(upTo: cursor) else { return nil }
                let tail = detail(after: next)
                guard accepts(kind: kind, subject: subjectWord, tail: tail) else { return nil }
                return LifecycleMessage.Parsed(
                    kind: kind.kind, view: label, owner: nil, instance: tail.instance, detailStart: words[next - 1].range.upperBound
                )
            }
            guard named || numbered else {
                // `[DetailView.swift:42] init()`: a log wrapper's source location names the view.
                return instance == nil ? locatedSubject(at: cursor, kind: kind, next: next) : nil
            }
            cursor -= 1
        }
        var owner: Range<Int>?
        if cursor >= 0, !subjectWord.wrapped, words[cursor].shape == .name, !words[cursor].wrapped, !words[cursor].separated,
           subjectWord.shape == .name, isName(words[cursor]), !isTag(words[cursor]) {
            owner = words[cursor].range
            cursor -= 1
        }
        guard preamble(upTo: cursor) else { return nil }
        let tail = detail(after: next)
        guard accepts(kind: kind, subject: subjectWord, tail: tail) else { return nil }
        return LifecycleMessage.Parsed(
            kind: kind.kind, view: viewRange(subject), owner: owner.map(viewRange),
            instance: instance ?? (message[subject.upperBound - 1] == UInt8(ascii: ")") ? callInstance(subject) : nil) ?? tail.instance
                ?? rowNumber(after: next, kind: kind.kind), detailStart: words[next - 1].range.upperBound
        )
    }

    /// `RowView onAppear 1`, `Cell disappear 12`: a number alone after an appear word names the
    /// row that printed it (its index or id), as `tab 1 appear` does before the word. A body
    /// word's number counts evaluations instead (`Card.body: 61`), which `Multiplicity` reads.
    private func rowNumber(after next: Int, kind: EventKind) -> Range<Int>? {
        guard kind == .appear || kind == .disappear, next == words.count - 1, words[next].shape == .number else { return nil }
        return words[next].range
    }

    /// `KIND subject detail`, for code words only: `deinit ContentView`, `onAppear: Row - 3`;
    /// and with the subject introduced (`Deinit called for SettingsViewModel`, `View init:
    /// DetailView`), where it must be a type's name (`init called for pin 5` is prose).
    private func subjectAfter(_ kindIndex: Int, kind: LifecycleWords.KindWord, next: Int) -> LifecycleMessage.Parsed? {
        guard kind.strength == .strict, next < words.count else { return nil }
        var introduced = false
        if !preamble(upTo: kindIndex - 1) {
            // `View init: DetailView`: a generic noun names the sort of thing the subject is.
            guard kindIndex >= 1, words[kindIndex - 1].shape == .name, !words[kindIndex - 1].wrapped,
                  LifecycleWords.isGenericNoun(bytes(words[kindIndex - 1].range)), preamble(upTo: kindIndex - 2)
            else { return nil }
            introduced = true
        }
        guard let (subjectIndex, named) = introducedSubject(from: next) else { return nil }
        let subjectWord = words[subjectIndex]
        guard subjectWord.shape == .name, isName(subjectWord), !LifecycleWords.isFiller(bytes(subjectWord.range)) else { return nil }
        if introduced || named {
            guard isTypeName(subjectWord) else { return nil }
        }
        let tail = detail(after: subjectIndex + 1)
        guard accepts(kind: kind, subject: subjectWord, tail: tail) else { return nil }
        return LifecycleMessage.Parsed(
            kind: kind.kind, view: viewRange(subjectWord.range), owner: nil, instance: tail.instance,
            detailStart: subjectWord.range.upperBound
        )
    }

    /// Where the subject after a kind word stands: right after it, or after fillers and a
    /// preposition (`called for`, `in class`); `named` when a preposition introduced it.
    func introducedSubject(from start: Int) -> (index: Int, named: Bool)? {
        var index = start
        while index < words.count, words[index].shape == .name, LifecycleWords.isFiller(bytes(words[index].range)) { index += 1 }
        guard index < words.count else { return nil }
        guard words[index].shape == .name, LifecycleWords.isPreposition(bytes(words[index].range)) else {
            // `deinit ContentView`, never `init called Row`: only a preposition leads past a filler.
            return index == start ? (index, false) : nil
        }
        index += 1
        if index < words.count, words[index].shape == .name, LifecycleWords.isTypeKeyword(bytes(words[index].range)) { index += 1 }
        return index < words.count ? (index, true) : nil
    }

    /// What follows the kind: fillers, counters and instances are part of the print; anything
    /// else is detail, and whether punctuation sets it off matters.
    struct Tail {
        var isEmpty = true
        var setOff = false
        var instance: Range<Int>?
    }

    func detail(after start: Int) -> Tail {
        var tail = Tail()
        var index = start
        var previousEnd = start > 0 ? words[start - 1].range.upperBound : 0
        var previousSeparated = start > 0 && words[start - 1].separated
        while index < words.count {
            let word = words[index]
            if word.shape == .instance {
                if tail.instance == nil { tail.instance = word.range }
            } else if tail.isEmpty, word.shape == .number || LifecycleWords.isFiller(bytes(word.range)) {
                // A counter or filler right after the kind: `Card.body: 60`, `onAppear called`.
            } else if tail.isEmpty {
                tail.isEmpty = false
                tail.setOff = previousSeparated || word.wrapped
                    || message[previousEnd..<word.range.lowerBound].contains { !LifecycleTokenizer.isSpace($0) }
            }
            previousEnd = word.range.upperBound
            previousSeparated = word.separated
            index += 1
        }
        return tail
    }

    /// Whether the line shows enough, for its kind word, to be a lifecycle print.
    func accepts(kind: LifecycleWords.KindWord, subject: LifecycleWord, tail: Tail) -> Bool {
        let typeLike = looksLikeType(subject)
        // `ProfileSwitcher: Rendering menu …`: a type set off by a colon heads what it reports.
        if typeLike, subject.separated { return true }
        switch kind.strength {
        case .strict: return tail.isEmpty || typeLike || tail.setOff
        case .plain: return tail.isEmpty || (typeLike && tail.setOff)
        case .loose: return typeLike && (tail.isEmpty || tail.setOff)
        // An everyday gerund after its subject reports work (`ImageCache Creating directory`); a
        // code word's gerund names the type's step (`DetailView Initializing Maple French Toast`).
        case .leading: return kind.codeGerund && typeLike
        }
    }

    /// `Game view`, `Main screen`, `ERROR VIEW` ending at `index`: a capitalised word and a generic
    /// noun, as a developer names a view in words (just the type in `DetailView view`). Not a sentence's start (`The app`, `Loading
    /// view`), except in capitals, which make a label of any word (`ERROR VIEW`).
    func namedLabel(endingAt index: Int) -> Range<Int>? {
        guard index >= 1 else { return nil }
        let noun = words[index], label = words[index - 1]
        guard noun.shape == .name, label.shape == .name, !noun.wrapped, !label.wrapped, !label.separated,
              LifecycleWords.isGenericNoun(bytes(noun.range))
        else { return nil }
        let text = bytes(label.range)
        guard let first = text.first, first >= 0x41, first <= 0x5A, text.count >= 2, LifecycleWords.kind(text) == nil,
              !(text.count > 3 && LifecycleWords.equalsIgnoringCase(UnsafeRawBufferPointer(rebasing: text[(text.count - 3)...]), "ing"))
        else { return nil }
        // `DetailView view init`: after a type's name the noun only says what it is.
        if isTypeName(label) { return label.range }
        let shouted = isTag(label) && isTag(noun)
        guard shouted || !(LifecycleWords.isStopword(text) || LifecycleWords.isAuxiliary(text)) else { return nil }
        return label.range.lowerBound..<noun.range.upperBound
    }

    /// Everything before the subject may be decoration, tags, timestamps and counters, never
    /// words of a sentence; the first word may also be a capitalised source label before a
    /// capitalised subject (`MemoryMatch: Game view appeared`, `Lifecycle: DetailView onAppear`),
    /// as `[MemoryMatch]` would be (`Error: View did appear` is still prose).
    func preamble(upTo last: Int) -> Bool {
        guard last >= 0 else { return true }
        for index in 0...last {
            let word = words[index]
            if word.wrapped || word.shape == .number || word.shape == .instance || isTag(word) { continue }
            if word.shape == .other, isTimestamp(bytes(word.range)) { continue }
            // The subject after it is no lifecycle word in any case: `DetailView: Body evaluated` names no view `Body`.
            if index == 0, word.separated, isCapitalised(word), index + 1 < words.count, isCapitalised(words[index + 1]),
               !LifecycleWords.isStopword(bytes(word.range)), !LifecycleLookalike.isLifecycleish(bytes(words[index + 1].range)) {
                continue
            }
            return false
        }
        return true
    }

    /// `Game`, `DetailView`, `ERROR`: a name that starts with an upper-case letter, as a
    /// subject after a source label does (`DetailView: lifecycle onAppear` is no such line).
    private func isCapitalised(_ word: LifecycleWord) -> Bool {
        guard word.shape == .name, let first = bytes(word.range).first else { return false }
        return first >= 0x41 && first <= 0x5A
    }

    /// `DEBUG`, `VIEW`, `INFO:`: an upper-case label of two or more letters.
    func isTag(_ word: LifecycleWord) -> Bool {
        let text = bytes(word.range)
        guard word.shape == .name, text.count >= 2 else { return false }
        return text.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || $0 == UInt8(ascii: "_") }
    }

    /// `12:01:33.120`, `T+0.25s`, `2024-01-01T10:00:00Z`: digits with time punctuation.
    private func isTimestamp(_ text: UnsafeRawBufferPointer) -> Bool {
        var digits = 0
        for byte in text {
            if LifecycleTokenizer.isDigit(byte) {
                digits += 1
            } else if !":.-+/TZsm".utf8.contains(byte) {
                return false
            }
        }
        return digits > 0
    }

    /// A word that may name a view: an identifier that is neither English glue nor a lifecycle word.
    func isName(_ word: LifecycleWord) -> Bool {
        guard word.shape == .name, word.range.count <= LifecycleMessage.maxNameLength else { return false }
        let text = bytes(word.range)
        return !LifecycleWords.isStopword(text) && LifecycleWords.kind(text) == nil
            && !LifecycleWords.isBodySecondWord(text) && !LifecycleWords.isAuxiliary(text)
    }

    /// `ContentView`, `iPhoneRow`, `Row<Item>`, `Feed.Row`, `[Row]`: a name shaped like a Swift
    /// type rather than an English word.
    func looksLikeType(_ word: LifecycleWord) -> Bool {
        if word.wrapped { return true }
        var sawLower = false
        for byte in bytes(word.range) {
            switch byte {
            case 0x61...0x7A: sawLower = true
            case 0x41...0x5A where sawLower: return true
            case UInt8(ascii: "<"), UInt8(ascii: "."), UInt8(ascii: "_"): return true
            default: break
            }
        }
        return false
    }

    /// A name without a trailing call: `ContentView()` → `ContentView`; without the module in
    /// an object's description: `<MyApp.DetailViewModel: 0x…>` → `DetailViewModel` (Swift
    /// always prints the module there, and `DetailViewModel init` from the same type must not
    /// be another type).
    func viewRange(_ range: Range<Int>) -> Range<Int> {
        let stripped = LifecycleWords.stripCall(bytes(range))
        var start = range.lowerBound
        let end = range.lowerBound + stripped.count
        if start > 0, message[start - 1] == UInt8(ascii: "<"), end < message.count, message[end] == UInt8(ascii: ":"),
           let dot = message[start..<end].firstIndex(of: UInt8(ascii: ".")), dot + 1 < end {
            start = dot + 1
        }
        return start..<end
    }

    /// The instance in a call-like subject: `ItemRow(id: 1)` → `1`, `Row(42)` → `42`,
    /// `ItemRow(id: 1, title: "A")` → `1`.
    func callInstance(_ range: Range<Int>) -> Range<Int>? {
        guard message[range.upperBound - 1] == UInt8(ascii: ")"),
              let open = message[range].firstIndex(of: UInt8(ascii: "(")), open + 1 < range.upperBound - 1
        else { return nil }
        var start = open + 1
        let end = range.upperBound - 1
        if let colon = message[start..<end].firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "=") }) {
            let label = UnsafeRawBufferPointer(rebasing: message[start..<colon])
            guard LifecycleWords.equalsIgnoringCase(label, "id") || LifecycleWords.equalsIgnoringCase(label, "index")
                || LifecycleWords.equalsIgnoringCase(label, "instance") || LifecycleWords.equalsIgnoringCase(label, "uuid")
            else { return nil }
            start = colon + 1
        }
        while start < end, LifecycleTokenizer.isSpace(message[start]) { start += 1 }
        // `ItemRow(id: 1, title: "A")`: a struct's dump; its first field is the id.
        var valueEnd = message[start..<end].firstIndex(of: UInt8(ascii: ",")) ?? end
        while valueEnd > start, LifecycleTokenizer.isSpace(message[valueEnd - 1]) { valueEnd -= 1 }
        guard start < valueEnd else { return nil }
        let value = UnsafeRawBufferPointer(rebasing: message[start..<valueEnd])
        guard value.allSatisfy({ LifecycleTokenizer.isDigit($0) }) || LifecycleTokenizer.isInstanceToken(value) else { return nil }
        return start..<valueEnd
    }

    /// `ContentView.Model.init()` → (`ContentView.Model`, `init()`), `DetailView::init` →
    /// (`DetailView`, `init`); the dot must come before any `(`.
    func splitDotted(_ range: Range<Int>) -> (prefix: Range<Int>, suffix: Range<Int>)? {
        var limit = range.upperBound
        if let open = message[range].firstIndex(of: UInt8(ascii: "(")) { limit = open }
        var index = limit - 1
        while index > range.lowerBound {
            if message[index] == UInt8(ascii: ".") {
                guard index + 1 < range.upperBound else { return nil }
                return (range.lowerBound..<index, (index + 1)..<range.upperBound)
            }
            // `DetailView::onAppear`: the scope separator of C++ and Rust, as some print it.
            if message[index] == UInt8(ascii: ":"), message[index - 1] == UInt8(ascii: ":"), index - 1 > range.lowerBound {
                guard index + 1 < range.upperBound else { return nil }
                return (range.lowerBound..<(index - 1), (index + 1)..<range.upperBound)
            }
            index -= 1
        }
        return nil
    }
}

/// One word of a lifecycle candidate: its trimmed range and shape.
struct LifecycleWord: Equatable {
    enum Shape: Equatable {
        /// An identifier: `ContentView`, `init()`, `Row<Item>`, `tab`.
        case name
        /// Digits only.
        case number
        /// An address, UUID, `#n` or the value of `id=`.
        case instance
        /// Anything else: `tab=2`, `12:01:33Z`, `x3`-like data, quotes.
        case other
    }

    var range: Range<Int>
    var shape: Shape
    /// The word stood in brackets or parentheses: a tag (`[VIEW]`, `(lldb)`, `[12:01:33Z]`) or
    /// a bracketed subject (`[HomeView]`).
    var wrapped = false
    /// A `:` or `=` follows the word (`eventMessage: ...`, `user=...`): it labels what follows.
    var separated = false
}
