/// Help text fitted to the terminal: every line longer than the width is broken at spaces,
/// never inside a word, and its continuation lines are indented so the text stays in its
/// column (an option's help under the help column, an example's further in with a ` \`
/// continuation, so it can still be pasted into a shell).
enum HelpLayout {
    /// The width help is wrapped to: `$COLUMNS`, else the terminal's, else 80 (a file or pipe).
    static var width: Int { Console.terminalWidth(default: 80) }

    static func fitted(_ text: String, width: Int = width) -> String {
        var examples = false
        var lines: [String] = []
        for line in reflowed(text, width: width) {
            if line.hasSuffix(":"), !line.hasPrefix(" ") { examples = line == "EXAMPLES:" }
            guard line.count > width else {
                lines.append(line)
                continue
            }
            let leading = line.prefix { $0 == " " }.count
            if examples, leading > 0, let (command, comment) = splitComment(line) {
                // A comment broken with ` \\` would end in the comment, and a shell would run
                // its next line as a command of its own: it goes above the command instead,
                // each of its lines a comment.
                let indent = String(repeating: " ", count: leading)
                lines += broken(indent + comment, width: width - 2, hanging: leading).map { indent + "# " + $0.dropFirst(leading) }
                lines += command.count > width
                    ? broken(command, width: width - 2, hanging: leading + 4).joinedAsShellContinuation() : [command]
            } else if examples, leading > 0 {
                // Two columns kept free for the ` \\` that ends each piece but the last.
                lines += broken(line, width: width - 2, hanging: leading + 4).joinedAsShellContinuation()
            } else {
                lines += broken(line, width: width, hanging: hangingIndent(line, leading: leading, width: width))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// An example line's command and its trailing comment (the text after a `#` that starts a
    /// word outside quotes), both without the spaces between them; nil when it has none.
    static func splitComment(_ line: String) -> (command: String, comment: String)? {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " {
                let command = line[..<index].reversed().drop { $0 == " " }.reversed()
                let comment = line[line.index(after: index)...].drop { $0 == " " }
                guard !command.allSatisfy({ $0 == " " }) else { return nil }
                return (String(command), String(comment))
            }
            previous = character
        }
        return nil
    }

    /// The text's lines, with each paragraph of prose (lines at the margin, between blank
    /// lines and headings) that has a line too long joined into one line, to be broken again
    /// as a whole: broken line by line, it would leave a short line in every other row.
    private static func reflowed(_ text: String, width: Int) -> [String] {
        var result: [String] = []
        var paragraph: [String] = []
        func endParagraph() {
            if paragraph.contains(where: { $0.count > width }) {
                result.append(paragraph.joined(separator: " "))
            } else {
                result += paragraph
            }
            paragraph = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            // A heading is in capitals (`EXAMPLES:`); a sentence ending in a colon goes on.
            let heading = line.hasSuffix(":") && line == line.uppercased()
            let prose = !line.isEmpty && !line.hasPrefix(" ") && !heading && !line.hasPrefix("USAGE: ")
            if prose {
                paragraph.append(line)
            } else {
                endParagraph()
                result.append(line)
            }
        }
        endParagraph()
        return result
    }

    /// Where continuation lines start: under the text after a label's gap of two spaces
    /// (`  --db PATH   The trace database…`, `USAGE: trace-analyze report [--db PATH]…`), else
    /// at the line's own indent, two further for a bullet. At most half the width.
    private static func hangingIndent(_ line: String, leading: Int, width: Int) -> Int {
        let characters = Array(line)
        var column: Int?
        if line.hasPrefix("USAGE: ") {
            column = line.split(separator: " ", maxSplits: 3).prefix(3).map(\.count).reduce(0, +) + 3
        } else if leading > 0 {
            var index = leading
            while index + 1 < characters.count {
                if characters[index] == " ", characters[index + 1] == " " {
                    var end = index
                    while end < characters.count, characters[end] == " " { end += 1 }
                    column = end
                    break
                }
                index += 1
            }
        }
        let hanging = column ?? (leading + (line.dropFirst(leading).hasPrefix("- ") ? 2 : 0))
        return hanging <= width / 2 ? hanging : leading + 4
    }

    /// `line` broken at spaces into pieces of at most `width` (a word longer than that stays
    /// whole on its own line), continuation pieces indented by `hanging`.
    private static func broken(_ line: String, width: Int, hanging: Int) -> [String] {
        let leading = line.prefix { $0 == " " }.count
        var pieces: [String] = []
        var current = String(repeating: " ", count: leading)
        var currentHasWord = false
        let pad = String(repeating: " ", count: hanging)
        // Runs of spaces inside the line (column gaps) are kept on the first piece.
        var rest = Substring(line.dropFirst(leading))
        while !rest.isEmpty {
            // A bracketed group (`[--output FILE]`) is one word: a synopsis breaks between options.
            // One too long for a line of its own is broken at its spaces after all.
            var depth = 0
            var word = rest.prefix { character in
                if character == "[" { depth += 1 } else if character == "]" { depth = max(depth - 1, 0) }
                return character != " " || depth > 0
            }
            if word.count > width - hanging { word = rest.prefix { $0 != " " } }
            rest = rest.dropFirst(word.count)
            let gap = rest.prefix { $0 == " " }
            rest = rest.dropFirst(gap.count)
            if currentHasWord, current.count + word.count > width {
                pieces.append(String(current.reversed().drop { $0 == " " }.reversed()))
                current = pad
            }
            current += word
            currentHasWord = true
            if !rest.isEmpty { current += current.count + gap.count <= width ? String(gap) : " " }
        }
        pieces.append(String(current.reversed().drop { $0 == " " }.reversed()))
        return pieces
    }
}

private extension Array where Element == String {
    /// Ends every piece but the last with ` \`: an example command broken over lines stays one
    /// command in a shell.
    func joinedAsShellContinuation() -> [String] {
        enumerated().map { index, piece in index == count - 1 ? piece : piece + " \\" }
    }
}
