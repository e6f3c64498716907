/// Prints that open with what happens and name the subject after it: `Creating DetailViewModel`,
/// `Initializing <MyApp.LoginPresenter: 0x…>`, `🏗️ Building WindowGroup scene...`,
/// `Rendering menu in ProfileSwitcher`.
///
/// The same gerunds open most progress messages (`Creating database tables...`, `Building
/// index`, `Rendering PDF page 3`), so the subject must be shaped like a Swift type (upper-case
/// first, camel case or generic: `DetailViewModel`, `Feed.Row`, `Row<Item>`), and anything after
/// it must be set off by punctuation (`Creating ChromaDB vector store...` stays text).
extension LifecycleLine {
    /// `GERUND Subject [noun] [detail]` or `GERUND object in Subject`, for gerunds only
    /// (`Creating`, `Initializing`, `Building`, `Rendering`...).
    func verbFirst(_ kindIndex: Int, kind: LifecycleWords.KindWord, next: Int) -> LifecycleMessage.Parsed? {
        guard kind.strength == .leading || (kind.strength == .loose && isGerund(words[kindIndex])),
              next < words.count, preamble(upTo: kindIndex - 1)
        else { return nil }
        guard var subjectIndex = objectThenSubject(from: next) else { return nil }
        if words[subjectIndex].shape == .name, LifecycleWords.isTypeKeyword(bytes(words[subjectIndex].range)) {
            subjectIndex += 1
            guard subjectIndex < words.count else { return nil }
        }
        let subject = words[subjectIndex]
        // `Evaluating WithViewStore<…>.body`: a subject that names a kind itself is read by it.
        guard subject.shape == .name, isTypeName(subject), !LifecycleWords.mayNameKind(bytes(subject.range)) else { return nil }
        var after = subjectIndex + 1
        // `Building WindowGroup scene...`: a generic noun says what the type is.
        if after < words.count, !subject.separated, words[after].shape == .name, !words[after].wrapped,
           LifecycleWords.isGenericNoun(bytes(words[after].range)) {
            after += 1
        }
        // `Building MyApp` is what build tools print: a body print says what it builds.
        if after == subjectIndex + 1, LifecycleWords.equalsIgnoringCase(bytes(words[kindIndex].range), "building") { return nil }
        let tail = detail(after: after)
        guard tail.isEmpty || tail.setOff || subject.separated else { return nil }
        let instance = message[subject.range.upperBound - 1] == UInt8(ascii: ")") ? callInstance(subject.range) : nil
        return LifecycleMessage.Parsed(
            kind: kind.kind, view: viewRange(subject.range), owner: nil, instance: instance ?? tail.instance,
            detailStart: words[after - 1].range.upperBound
        )
    }

    /// The index of the subject after a gerund: the next word, or the word after a preposition
    /// that follows at most two words of what is being done (`menu in`, `body of`).
    private func objectThenSubject(from start: Int) -> Int? {
        var index = start
        while index < words.count, index - start <= 2 {
            let word = words[index]
            // `Creating DetailViewModel for HomeView`: a type right after the verb is the subject.
            guard word.shape == .name, !word.wrapped, !isTypeName(word) else { break }
            if index > start, LifecycleWords.isPreposition(bytes(word.range)) {
                return index + 1 < words.count ? index + 1 : nil
            }
            if word.separated { break }
            index += 1
        }
        return start
    }

    /// `Rendering`, `evaluating`: a loose kind word used as a verb before its subject.
    private func isGerund(_ word: LifecycleWord) -> Bool {
        let text = bytes(word.range)
        return text.count > 4 && text[text.count - 3] | 0x20 == UInt8(ascii: "i")
            && text[text.count - 2] | 0x20 == UInt8(ascii: "n") && text[text.count - 1] | 0x20 == UInt8(ascii: "g")
    }

    /// A name that can only be a Swift type: an upper-case first letter and camel case or generic
    /// arguments (`DetailViewModel`, `WindowGroup`, `Row<Item>`), each nested part capitalised
    /// (`Feed.Row`), the module dropped from an object's description (`<MyApp.Model: 0x…>`).
    /// `Session`, `URLSession`, `iCloudDrive` and `Package.swift` are not enough.
    func isTypeName(_ word: LifecycleWord) -> Bool {
        guard word.shape == .name else { return false }
        let text = bytes(viewRange(word.range))
        guard let first = text.first, first >= 0x41, first <= 0x5A else { return false }
        var sawLower = false
        var camel = false
        var index = 1
        while index < text.count {
            let byte = text[index]
            switch byte {
            case 0x61...0x7A: sawLower = true
            case 0x41...0x5A where sawLower: camel = true
            case UInt8(ascii: "<"): return sawLower || camel
            case UInt8(ascii: "."):
                guard index + 1 < text.count, text[index + 1] >= 0x41, text[index + 1] <= 0x5A else { return false }
            default: break
            }
            index += 1
        }
        return camel
    }
}
