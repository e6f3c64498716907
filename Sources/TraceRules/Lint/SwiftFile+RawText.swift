extension SwiftFile {
    /// The file's bytes.
    var bytes: [UInt8] { source }

    /// The byte offset just past token `index`: an identifier's or punctuation's own text
    /// (a backticked name with its backticks); for a literal, whose text the tokenizer does not
    /// keep, up to the next token with the blanks before it left out.
    func endOffset(of index: Int) -> Int {
        let token = tokens[index]
        if token.isIdentifier || (token.text != "\"" && token.text != "0") {
            let backticked = token.offset < source.count && source[token.offset] == UInt8(ascii: "`")
            return token.offset + token.text.utf8.count + (backticked ? 2 : 0)
        }
        var end = index + 1 < tokens.count ? tokens[index + 1].offset : source.count
        while end > token.offset, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(source[end - 1]) { end -= 1 }
        return end
    }

    /// The source text of tokens `range` as written (comments and spacing between them
    /// included); nil when the range is empty or a comment ends it.
    func rawText(_ range: Range<Int>) -> String? {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= tokens.count else { return nil }
        let text = String(decoding: source[tokens[range.lowerBound].offset..<endOffset(of: range.upperBound - 1)], as: UTF8.self)
        return text
    }

    /// True when the bytes from token `from` to just past token `to` may hold a comment: text
    /// a fix that rebuilds the code from tokens would lose. Conservative: `//` or `/*` anywhere,
    /// in a string literal too, counts.
    func holdsComment(from: Int, through to: Int) -> Bool {
        guard from <= to, to < tokens.count else { return false }
        let bytes = source[tokens[from].offset..<endOffset(of: to)]
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == UInt8(ascii: "/"), byte == UInt8(ascii: "/") || byte == UInt8(ascii: "*") { return true }
            previous = byte
        }
        return false
    }

    /// The blanks that start line `number`.
    func indentation(ofLine number: Int) -> String {
        guard number >= 1, number <= lineStarts.count else { return "" }
        var end = lineStarts[number - 1]
        while end < source.count, source[end] == UInt8(ascii: " ") || source[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: source[lineStarts[number - 1]..<end], as: UTF8.self)
    }
}
