/// Prints from log wrappers that put the source location before the function's name:
/// `[DetailView.swift:42] init()`, `MyApp/DetailView.swift:42 onAppear()`, from
/// `print("[\(#fileID):\(#line)] \(#function)")`. The file names the view, as a SwiftUI view
/// file usually holds the view it is named after.
extension LifecycleLine {
    /// The file's name without `.swift` in a `path/File.swift:line` word, or nil.
    func sourceFile(_ range: Range<Int>) -> Range<Int>? {
        guard let colon = message[range].firstIndex(of: UInt8(ascii: ":")),
              colon + 1 < range.upperBound, LifecycleTokenizer.isDigit(message[colon + 1]),
              colon - range.lowerBound > 6,
              LifecycleWords.equals(bytes((colon - 6)..<colon), ".swift")
        else { return nil }
        let dot = colon - 6
        var start = dot
        while start > range.lowerBound, message[start - 1] != UInt8(ascii: "/") { start -= 1 }
        guard start < dot, LifecycleTokenizer.isIdentifier(bytes(start..<dot)) else { return nil }
        return start..<dot
    }

    /// `[DetailView.swift:42] init()` with the location word at `index` before the kind word.
    func locatedSubject(at index: Int, kind: LifecycleWords.KindWord, next: Int) -> LifecycleMessage.Parsed? {
        guard words[index].shape == .other, let file = sourceFile(words[index].range), preamble(upTo: index - 1) else { return nil }
        // A location is as plain a subject as a bracketed name.
        let subject = LifecycleWord(range: file, shape: .name, wrapped: true)
        let tail = detail(after: next)
        guard accepts(kind: kind, subject: subject, tail: tail) else { return nil }
        return LifecycleMessage.Parsed(
            kind: kind.kind, view: file, owner: nil, instance: tail.instance, detailStart: words[next - 1].range.upperBound
        )
    }
}
