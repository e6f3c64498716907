import SwiftSource

/// One Swift file as the lint rules read it: its tokens, each bracket's partner, each token's
/// innermost enclosing bracket, and what was wrong with its shape.
///
/// Built on `SwiftTokenizer`, not a parser: the rules look for a handful of shapes (a call and
/// its arguments, a property and its wrapper, the branches of an `if`), and brackets are all
/// they need to know what encloses what. A file whose brackets do not balance is still read,
/// as far as it goes, and says where it stopped making sense in `problems`.
package struct SwiftFile: Sendable {
    /// The path as given on the command line (or below the directory given).
    package let path: String
    let tokens: [SwiftToken]
    /// For `(`, `[` and `{`: the index of its closing partner; for a closer, its opener's; -1
    /// for a bracket without partner and for every other token.
    let partner: [Int32]
    /// The index of the innermost `(`, `[` or `{` that encloses each token; -1 at file level.
    let parent: [Int32]
    /// How many lines the file has.
    package let lineCount: Int
    /// The file's bytes, and where each line starts in them (for quoting a finding's line).
    let source: [UInt8]
    let lineStarts: [Int]
    /// What is wrong with the file's shape, as `line:column: what`, at most a few.
    package let problems: [String]
    /// How many unbalanced brackets there are in all.
    package let problemCount: Int

    /// Reads `source`, which `path` names in findings.
    package init(path: String, source: [UInt8]) {
        self.path = path
        let tokens = SwiftTokenizer.tokens(source)
        self.tokens = tokens
        var starts = [0]
        for (offset, byte) in source.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        self.source = source
        lineStarts = starts
        lineCount = source.last == UInt8(ascii: "\n") ? starts.count - 1 : starts.count
        var partner = [Int32](repeating: -1, count: tokens.count)
        var parent = [Int32](repeating: -1, count: tokens.count)
        var problems: [String] = []
        var problemCount = 0
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            parent[index] = Int32(open.last ?? -1)
            guard !token.isIdentifier, let bracket = token.text.utf8.first else { continue }
            switch bracket {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                open.append(index)
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                let opener = Self.opener(of: bracket)
                // A closer that matches a deeper opener closes the ones above it too: a missing
                // `)` should not make the rest of the file one long argument list.
                guard let match = open.lastIndex(where: { tokens[$0].text.utf8.first == opener }) else {
                    problemCount += 1
                    if problems.count < 3 { problems.append("\(token.line):\(token.column): unbalanced '\(token.text)' closes nothing") }
                    continue
                }
                if match != open.count - 1 { problemCount += open.count - 1 - match }
                if match != open.count - 1, problems.count < 3 {
                    let unclosed = tokens[open[open.count - 1]]
                    problems.append("\(unclosed.line):\(unclosed.column): '\(unclosed.text)' is never closed")
                }
                partner[index] = Int32(open[match])
                partner[open[match]] = Int32(index)
                parent[index] = Int32(match > 0 ? open[match - 1] : -1)
                open.removeSubrange(match...)
            default:
                break
            }
        }
        problemCount += open.count
        for index in open.prefix(3) {
            problems.append("\(tokens[index].line):\(tokens[index].column): '\(tokens[index].text)' is never closed")
        }
        self.partner = partner
        self.parent = parent
        self.problems = problems
        self.problemCount = problemCount
    }

    private static func opener(of closer: UInt8) -> UInt8 {
        switch closer {
        case UInt8(ascii: ")"): UInt8(ascii: "(")
        case UInt8(ascii: "]"): UInt8(ascii: "[")
        default: UInt8(ascii: "{")
        }
    }

    /// Line `number` (1-based) without its indentation and line break; empty past the end.
    func lineText(_ number: Int) -> String {
        guard number >= 1, number <= lineStarts.count else { return "" }
        let start = lineStarts[number - 1]
        let end = number < lineStarts.count ? lineStarts[number] - 1 : source.count
        guard start < end else { return "" }
        var slice = source[start..<end]
        while let first = slice.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { slice = slice.dropFirst() }
        while let last = slice.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }

    /// True when token `index` is the punctuation `text`.
    func isPunctuation(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && !tokens[index].isIdentifier && tokens[index].text == text
    }

    /// True when token `index` is the identifier `text`.
    func isIdentifier(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].isIdentifier && tokens[index].text == text
    }

    /// The closing partner of the opener at `index`; the token count (one past the last token)
    /// when the file ends before it closes, so `(index + 1)..<end(of: index)` is always a range.
    func end(of index: Int) -> Int {
        index >= 0 && index < tokens.count && partner[index] >= 0 ? Int(partner[index]) : tokens.count
    }
}
