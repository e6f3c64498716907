/// The author's line after pasted output saying that what came before goes on without end:
/// `…forever`, `(and so on, until the watchdog kills it)`, `etc.`, `[REPEAT INFINITELY]`.
///
/// Such a line gives no count, and none is made of it: it is evidence that the lines before it
/// repeat, for the rules to weigh with what those lines show (two rounds of a cycle, then
/// `…forever`, are a loop the author watched go on). The line itself stays `text`; the event
/// just before it carries a `Mark` saying where the note is and what it says.
///
/// The grammar (`words(in:)`), every spelling and the lines that stay text are in
/// `fixtures/shapes/endless-notes.tsv`. A note is short and made of its own words only:
/// decoration (bullets, dots, ellipses, arrows, brackets), words that say the same again
/// (`repeats`, `keeps going`, `and it`, `the above`), and at least one that says it does not end
/// (`forever`, `infinitely`, `and so on`, `etc`, `∞`, …). After that word, a reason may follow
/// behind a comma, a bracket, a dash or `until`/`while`/`whenever` (`…forever (runs whenever
/// the tower is on screen)`). Any other word before it makes the line prose (`The app hangs
/// forever`, `Loading forever…`, `Views, models, etc.`), which stays text and marks nothing.
public enum EndlessNote {
    /// What the note says does not end, as the rules quote it.
    public enum Words: UInt8, Sendable, CaseIterable, BitwiseCopyable {
        case forever = 1
        case infinitely
        case endlessly
        case indefinitely
        case adInfinitum
        case adNauseam
        case infinity
        case nonstop
        case withoutEnd
        case infiniteLoop
        case andSoOn
        case andSoForth
        case etc
        case onAndOn
        case overAndOver

        /// The words as the finding quotes them, and as `endless_notes.words` stores them.
        public var text: String {
            switch self {
            case .forever: "forever"
            case .infinitely: "infinitely"
            case .endlessly: "endlessly"
            case .indefinitely: "indefinitely"
            case .adInfinitum: "ad infinitum"
            case .adNauseam: "ad nauseam"
            case .infinity: "∞"
            case .nonstop: "nonstop"
            case .withoutEnd: "without end"
            case .infiniteLoop: "infinite loop"
            case .andSoOn: "and so on"
            case .andSoForth: "and so forth"
            case .etc: "etc."
            case .onAndOn: "on and on"
            case .overAndOver: "over and over"
            }
        }

        /// True for the words that continue a list (`etc.`, `and so on`, `and so forth`): after
        /// rows of one update they mean more rows, not more rounds. The others say it does not end.
        public var continuesAList: Bool {
            switch self {
            case .andSoOn, .andSoForth, .etc: true
            default: false
            }
        }

        /// The words `text` names, read back from the store; nil for any other text.
        public init?(text: String) {
            guard let words = Self.allCases.first(where: { $0.text == text }) else { return nil }
            self = words
        }
    }

    /// On an event: the note that follows it, `distance` lines after the event's first line.
    /// Two bytes, in the padding beside `Event.kind`.
    public struct Mark: Sendable, Equatable, BitwiseCopyable {
        /// Lines from the event's line to the note's (1 when the note is the next line).
        public var distance: UInt8
        /// What the note says.
        public var words: Words

        /// Creates a mark.
        public init(distance: UInt8, words: Words) {
            self.distance = distance
            self.words = words
        }
    }

    /// Longer lines are prose, or output with a remark, never a closing note.
    static let maxLength = 160

    /// What `message` says does not end, when the whole line is such a note; nil for any other line.
    public static func words(in message: UnsafeRawBufferPointer) -> Words? {
        let count = message.count
        guard count <= maxLength else { return nil }
        var index = 0
        var found: Words?
        // The two words before the current one, for phrases (`so on`, `on and on`, `ad infinitum`).
        var previous = Term.other, beforePrevious = Term.other
        while index < count {
            let byte = message[index]
            if LifecycleTokenizer.isLetter(byte) {
                var end = index + 1
                while end < count, LifecycleTokenizer.isLetter(message[end])
                    || (message[end] == UInt8(ascii: "-") && end + 1 < count && LifecycleTokenizer.isLetter(message[end + 1])) {
                    end += 1
                }
                let term = Term(UnsafeRawBufferPointer(rebasing: message[index..<end]))
                if let words = term.key(previous: previous, beforePrevious: beforePrevious) {
                    found = found ?? words
                } else if term == .clause {
                    // `…forever until the watchdog kills it`: the author's reason, after the note.
                    return found
                } else if term == .other {
                    return nil
                }
                beforePrevious = previous
                previous = term
                index = end
                continue
            }
            let (glyph, length) = Glyph.at(index, in: message)
            switch glyph {
            case .infinity:
                found = found ?? .infinity
            case .spacing:
                break
            case .opening:
                // Before the note's word a mark or bracket only decorates it (`(and so on`,
                // `- etc.`, `→ forever`); after it, what follows is the author's reason, but for
                // a slash that goes on a word (`etc/hosts`) rather than opening a comment.
                if found != nil {
                    let slashInWord = byte == UInt8(ascii: "/") && (index + 1 >= count || message[index + 1] != UInt8(ascii: "/"))
                    return slashInWord ? nil : found
                }
            case .prose:
                return found == nil || LifecycleTokenizer.isDigit(byte) ? nil : found
            }
            index += length
        }
        return found
    }

    /// How a character other than a letter bears on a note.
    private enum Glyph {
        /// `∞` or `♾`: a word that matters.
        case infinity
        /// Spaces, dots, `…`, `!`, `?`, closing brackets and emphasis: nothing either side.
        case spacing
        /// Bullets, opening brackets, commas, dashes, arrows, comment marks, emoji: decoration
        /// before the note's word, the start of a reason after it.
        case opening
        /// Digits, quotes, `@`, `=`, letters of other scripts: output or prose before the
        /// note's word (after it, a digit still is: `forever 3` counts something).
        case prose

        /// The glyph at `index` and its length in bytes.
        static func at(_ index: Int, in message: UnsafeRawBufferPointer) -> (Glyph, Int) {
            let byte = message[index]
            switch byte {
            case 0x20, 0x09, UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: ")"), UInt8(ascii: "]"),
                 UInt8(ascii: "}"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "~"):
                return (.spacing, 1)
            case UInt8(ascii: "-"), UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "#"), UInt8(ascii: "/"), UInt8(ascii: "|"),
                 UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"),
                 UInt8(ascii: "+"):
                return (.opening, 1)
            case 0xC3 where index + 1 < message.count && message[index + 1] == 0x97:
                // `×`, as in `×∞`.
                return (.opening, 2)
            case 0xE2 where index + 2 < message.count:
                switch (message[index + 1], message[index + 2]) {
                case (0x88, 0x9E), (0x99, 0xBE): return (.infinity, 3)
                case (0x80, 0xA6), (0x80, 0xA5): return (.spacing, 3)
                case (0x80, _), (0x86, _), (0x87, _), (0x8B, _), (0x9F, _), (0x96, _): return (.opening, 3)
                default: return (.prose, 3)
                }
            case 0xEF where index + 2 < message.count && message[index + 1] == 0xB8 && message[index + 2] == 0x8F:
                // The variation selector after `♾`.
                return (.spacing, 3)
            case 0xF0 where index + 3 < message.count && message[index + 1] == 0x9F:
                // An emoji (`🔁`, `🔄`, `😭`).
                return (.opening, 4)
            default:
                return (.prose, 1)
            }
        }
    }

    // MARK: - Words

    /// The words a note may hold: those that say it does not end, alone or in a phrase, those
    /// around them that say "the same again", and those that begin the author's reason.
    private enum Term: Equatable {
        case forever, infinitely, endlessly, indefinitely, infinitum, nauseam, nonstop, etc
        case ad, without, end, infinite, endless, loop, so, on, and, forth, over
        /// `repeats`, `keeps`, `going`, `the`, `above`, `it`: fine around the words that matter.
        case filler
        /// `until`, `while`, `whenever`: the reason after the note.
        case clause
        /// Any other word: the line is prose or output.
        case other

        /// The word's term: a switch on its length and its first eight bytes, lower-cased
        /// (`lowered`), since every text line after a lifecycle line asks; a longer word's
        /// other bytes are compared only when its first eight match.
        init(_ word: UnsafeRawBufferPointer) {
            var lowered: UInt64 = 0
            for index in 0..<min(word.count, 8) { lowered |= UInt64(word[index] | 0x20) << (8 * UInt64(index)) }
            switch (word.count, lowered) {
            case (1, 0x78): self = .filler  // x
            case (2, 0x6461): self = .ad  // ad
            case (2, 0x7361): self = .clause  // as
            case (2, 0x6F67): self = .filler  // go
            case (2, 0x7469): self = .filler  // it
            case (2, 0x666F): self = .filler  // of
            case (2, 0x6E6F): self = .on  // on
            case (2, 0x6F73): self = .so  // so
            case (3, 0x6C6C61): self = .filler  // all
            case (3, 0x646E61): self = .and  // and
            case (3, 0x646E65): self = .end  // end
            case (3, 0x637465): self = .etc  // etc
            case (3, 0x656874): self = .filler  // the
            case (4, 0x72657665): self = .filler  // ever
            case (4, 0x73656F67): self = .filler  // goes
            case (4, 0x7065656B): self = .filler  // keep
            case (4, 0x656B696C): self = .filler  // like
            case (4, 0x706F6F6C): self = .loop  // loop
            case (4, 0x65726F6D): self = .filler  // more
            case (4, 0x65636E6F): self = .clause  // once
            case (4, 0x7265766F): self = .over  // over
            case (4, 0x736E7572): self = .filler  // runs
            case (4, 0x656D6173): self = .filler  // same
            case (4, 0x74616874): self = .filler  // that
            case (4, 0x6E656874): self = .filler  // then
            case (4, 0x73696874): self = .filler  // this
            case (4, 0x6C6C6974): self = .clause  // till
            case (4, 0x6E656877): self = .clause  // when
            case (5, 0x65766F6261): self = .filler  // above
            case (5, 0x7265746661): self = .clause  // after
            case (5, 0x6E69616761): self = .filler  // again
            case (5, 0x656C637963): self = .filler  // cycle
            case (5, 0x6874726F66): self = .forth  // forth
            case (5, 0x676E696F67): self = .filler  // going
            case (5, 0x737065656B): self = .filler  // keeps
            case (5, 0x73706F6F6C): self = .filler  // loops
            case (5, 0x65636E6973): self = .clause  // since
            case (5, 0x6C69746E75): self = .clause  // until
            case (5, 0x6863696877): self = .filler  // which
            case (5, 0x656C696877): self = .clause  // while
            case (6, 0x73656C637963): self = .filler  // cycles
            case (6, 0x6465706F6F6C): self = .filler  // looped
            case (6, 0x746165706572): self = .filler  // repeat
            case (6, 0x7373656C6E75): self = .clause  // unless
            case (7, 0x65737561636562): self = .clause  // because
            case (7, 0x676E696C637963): self = .filler  // cycling
            case (7, 0x7373656C646E65): self = .endless  // endless
            case (7, 0x72657665726F66): self = .forever  // forever
            case (7, 0x676E69706F6F6C): self = .filler  // looping
            case (7, 0x6D61657375616E): self = .nauseam  // nauseam
            case (7, 0x706F74736E6F6E): self = .nonstop  // nonstop
            case (7, 0x6E726574746170): self = .filler  // pattern
            case (7, 0x73746165706572): self = .filler  // repeats
            case (7, 0x676E696E6E7572): self = .filler  // running
            case (7, 0x74756F68746977): self = .without  // without
            case (8, 0x65756E69746E6F63): self = .filler  // continue
            case (8, 0x6574696E69666E69): self = .infinite  // infinite
            case (8, 0x706F74732D6E6F6E): self = .nonstop  // non-stop
            case (8, 0x6465746165706572): self = .filler  // repeated
            case (8, 0x726576656E656877): self = .clause  // whenever
            case (9, 0x65756E69746E6F63) where LifecycleWords.equalsIgnoringCase(word, "continues"): self = .filler
            case (9, 0x6C7373656C646E65) where LifecycleWords.equalsIgnoringCase(word, "endlessly"): self = .endlessly
            case (9, 0x7574696E69666E69) where LifecycleWords.equalsIgnoringCase(word, "infinitum"): self = .infinitum
            case (9, 0x6E69746165706572) where LifecycleWords.equalsIgnoringCase(word, "repeating"): self = .filler
            case (10, 0x69756E69746E6F63) where LifecycleWords.equalsIgnoringCase(word, "continuing"): self = .filler
            case (10, 0x6574696E69666E69) where LifecycleWords.equalsIgnoringCase(word, "infinitely"): self = .infinitely
            case (12, 0x696E696665646E69) where LifecycleWords.equalsIgnoringCase(word, "indefinitely"): self = .indefinitely
            default: self = .other
            }
        }

        /// What the word says does not end, after the two words before it; nil when it says
        /// nothing of the kind.
        func key(previous: Term, beforePrevious: Term) -> Words? {
            switch self {
            case .forever: .forever
            case .infinitely: .infinitely
            case .endlessly: .endlessly
            case .indefinitely: .indefinitely
            case .nonstop: .nonstop
            case .etc: .etc
            case .infinitum where previous == .ad: .adInfinitum
            case .nauseam where previous == .ad: .adNauseam
            case .end where previous == .without: .withoutEnd
            case .loop where previous == .infinite || previous == .endless: .infiniteLoop
            case .on where previous == .so: .andSoOn
            case .on where previous == .and && beforePrevious == .on: .onAndOn
            case .forth where previous == .so: .andSoForth
            case .over where previous == .and && beforePrevious == .over: .overAndOver
            default: nil
            }
        }
    }
}
