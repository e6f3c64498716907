extension SwiftFile {
    /// Tokens `range` as code, spaced as they were on their line; a string literal shows as
    /// `"…"` and a number as `#` (the tokenizer keeps neither's text), and a text longer than
    /// `limit` characters ends in `…`.
    func code(_ range: Range<Int>, limit: Int = 48) -> String {
        var text = ""
        var previousEnd: (line: Int, column: Int)?
        for index in range where index >= 0 && index < tokens.count {
            let token = tokens[index]
            if let end = previousEnd, end.line != token.line || end.column < token.column, !text.isEmpty { text += " " }
            let shown = token.isIdentifier ? token.text : (token.text == "\"" ? "\"…\"" : (token.text == "0" ? "#" : token.text))
            text += shown
            // A literal's own length is unknown: any token after it on the line is spaced.
            let width = token.isIdentifier || (token.text != "\"" && token.text != "0") ? token.text.unicodeScalars.count : 0
            previousEnd = (token.line, token.column + width)
            if text.count > limit { return String(text.prefix(limit)) + "…" }
        }
        return text
    }

    /// The head of the modifier chain a `.` at `dot` continues: for `.id` in
    /// `PlayButton(x).padding().id(UUID())`, the index of `PlayButton`; nil when the chain starts
    /// with no type's name (`content.id(…)`, a leading-dot modifier in a builder).
    func chainHead(before dot: Int) -> Int? {
        var cursor = dot - 1
        while cursor >= 0 {
            if isPunctuation(cursor, ")") || isPunctuation(cursor, "}") || isPunctuation(cursor, "]") {
                let opener = Int(partner[cursor])
                guard opener >= 0 else { return nil }
                cursor = opener - 1
                continue
            }
            guard tokens[cursor].isIdentifier else { return nil }
            if isPunctuation(cursor - 1, ".") {
                cursor -= 2
                continue
            }
            return isTypeName(cursor) ? cursor : nil
        }
        return nil
    }
}
