/// The insertions planned for one file, written the file's own way: its line end (CRLF or LF),
/// its indentation (tabs or spaces), and always as whole marked lines, so that
/// `InstrumentMarker.removed` undoes them exactly.
struct SourceEdits {
    let source: [UInt8]
    /// `\r\n` when the file's first line ends so, else `\n`.
    let lineEnd: [UInt8]
    /// One level of indentation: a tab when the file indents with tabs, else its smallest
    /// indentation in spaces (4 when it has none).
    let indentUnit: [UInt8]
    /// How wide an inserted line may be: the file's widest line, or 120 columns (SwiftLint's
    /// `line_length` error) when all are narrower, so an app that lints its line length still builds.
    let width: Int
    private(set) var insertions: [(offset: Int, order: Int, bytes: [UInt8])] = []

    init(source: [UInt8]) {
        self.source = source
        width = max(120, Self.widestLine(of: source))
        let firstLineEnd = source.firstIndex(of: UInt8(ascii: "\n"))
        lineEnd = firstLineEnd.map { $0 > 0 && source[$0 - 1] == UInt8(ascii: "\r") } == true ? Array("\r\n".utf8) : [UInt8(ascii: "\n")]
        indentUnit = Self.indentUnit(of: source)
    }

    /// Whether any insertion is planned.
    var isEmpty: Bool { insertions.isEmpty }

    /// The source with every insertion made; insertions at one offset keep the order they were planned in.
    func applied() -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(source.count + insertions.reduce(0) { $0 + $1.bytes.count })
        var copied = 0
        for insertion in insertions.sorted(by: { ($0.offset, $0.order) < ($1.offset, $1.order) }) {
            result += source[copied..<insertion.offset]
            result += insertion.bytes
            copied = insertion.offset
        }
        result += source[copied...]
        return result
    }

    /// Inserts `lines` just inside the `{` at `brace`, whose next token starts at `next`: on the
    /// lines after it when nothing but a line comment follows it on its line, else by cutting
    /// the line after the `{`.
    mutating func insert(_ lines: [String], afterOpeningBraceAt brace: Int, nextTokenAt next: Int, indent: [UInt8]) {
        let end = lineEnd(from: brace)
        let restOfLine = source[(brace + 1)..<end]
        let blockCommentFollows = zip(restOfLine, restOfLine.dropFirst()).contains { $0 == UInt8(ascii: "/") && $1 == UInt8(ascii: "*") }
        if next > end, end < source.count, !blockCommentFollows {
            add(at: end + 1, marked(lines, indent: indent))
        } else {
            // What followed the `{` goes on after the inserted lines, indented as code there
            // would be (a `}` as the line holding the `{`), not at the line's start.
            let rest = source[(brace + 1)..<end]
            let closes = rest.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } == UInt8(ascii: "}")
            let pad = padding(before: rest, toReach: closes ? indentation(ofLineAt: brace) : indent)
            add(at: brace + 1, InstrumentMarker.split(padding: pad.count) + lineEnd + marked(lines, indent: indent) + pad)
        }
    }

    /// Inserts `lines` just before the `}` at `brace`: on lines of their own before its line
    /// when only indentation precedes it, else by cutting the line before the `}`.
    mutating func insert(_ lines: [String], beforeClosingBraceAt brace: Int, indent: [UInt8]) {
        let start = lineStart(of: brace)
        if source[start..<brace].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
            add(at: start, marked(lines, indent: indent))
        } else {
            let pad = indentation(ofLineAt: brace)
            add(at: brace, InstrumentMarker.split(padding: pad.count) + lineEnd + marked(lines, indent: indent) + pad)
        }
    }

    /// The indentation to put before `rest` (which may start with blanks of its own) so that its
    /// first character lines up with `indent`: what `--remove` takes off again.
    private func padding(before rest: ArraySlice<UInt8>, toReach indent: [UInt8]) -> [UInt8] {
        let own = rest.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        return own >= indent.count ? [] : Array(indent.dropLast(own))
    }

    /// Inserts `lines` on lines of their own before the line holding `offset`, indented as it is.
    mutating func insert(_ lines: [String], beforeLineOf offset: Int) {
        let start = lineStart(of: offset)
        add(at: start, marked(lines, indent: indentation(ofLineAt: offset)))
    }

    /// Whether only indentation precedes `offset` on its line.
    func startsItsLine(_ offset: Int) -> Bool {
        source[lineStart(of: offset)..<offset].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// Inserts `lines` after the line holding `offset` (cutting it when it is the file's last and has no line end).
    mutating func insert(_ lines: [String], afterLineOf offset: Int, indent: [UInt8] = []) {
        let end = lineEnd(from: offset)
        if end < source.count {
            add(at: end + 1, marked(lines, indent: indent))
        } else {
            add(at: end, InstrumentMarker.split + lineEnd + marked(lines, indent: indent))
        }
    }

    /// Inserts `lines` at the start of the file, after a byte order mark.
    mutating func insertAtStart(_ lines: [String]) {
        let bom = InstrumentMarker.byteOrderMark
        add(at: source.starts(with: bom) ? bom.count : 0, marked(lines, indent: []))
    }

    /// The indentation of the line holding `offset`.
    func indentation(ofLineAt offset: Int) -> [UInt8] {
        var index = lineStart(of: offset)
        if index == 0, source.starts(with: InstrumentMarker.byteOrderMark) { index = 3 }
        var result: [UInt8] = []
        while index < source.count, source[index] == UInt8(ascii: " ") || source[index] == UInt8(ascii: "\t") {
            result.append(source[index])
            index += 1
        }
        return result
    }

    private mutating func add(at offset: Int, _ bytes: [UInt8]) {
        insertions.append((offset, insertions.count, bytes))
    }

    private func marked(_ lines: [String], indent: [UInt8]) -> [UInt8] {
        lines.flatMap { fitted($0, indent: indent) }.reduce(into: []) { $0 += $1 + InstrumentMarker.line + lineEnd }
    }

    /// `line` indented, as one line when it fits `width` with its marker, else as a call cut
    /// after its first `(` and before its last `)`, its arguments one level in.
    private func fitted(_ line: String, indent: [UInt8]) -> [[UInt8]] {
        let text = Array(line.utf8)
        guard Self.columns(indent + text) + InstrumentMarker.line.count > width,
              let open = text.firstIndex(of: UInt8(ascii: "(")), text.last == UInt8(ascii: ")"), open + 1 < text.count - 1 else {
            return [indent + text]
        }
        let inner = indent + (indentUnit == [UInt8(ascii: "\t")] ? indentUnit : Array(repeating: UInt8(ascii: " "), count: 4))
        return [indent + text[...open], inner + text[(open + 1)..<(text.count - 1)], indent + [UInt8(ascii: ")")]]
    }

    /// Columns of `bytes`, a tab counted as 4 and a UTF-8 sequence as one.
    private static func columns(_ bytes: [UInt8]) -> Int {
        bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\t") ? 4 : $1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    private static func widestLine(of source: [UInt8]) -> Int {
        var widest = 0, start = 0
        for (offset, byte) in source.enumerated() where byte == UInt8(ascii: "\n") {
            widest = max(widest, columns(Array(source[start..<offset])))
            start = offset + 1
        }
        return max(widest, columns(Array(source[start...])))
    }

    private func lineStart(of offset: Int) -> Int {
        var index = offset
        while index > 0, source[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// The offset of the `\n` ending the line that holds `offset`, or the file's end.
    private func lineEnd(from offset: Int) -> Int {
        var index = offset
        while index < source.count, source[index] != UInt8(ascii: "\n") { index += 1 }
        return index
    }

    private static func indentUnit(of source: [UInt8]) -> [UInt8] {
        var smallest = Int.max
        var atLineStart = true
        var spaces = 0
        for byte in source.prefix(200_000) {
            if atLineStart {
                if byte == UInt8(ascii: "\t") { return [UInt8(ascii: "\t")] }
                if byte == UInt8(ascii: " ") { spaces += 1; continue }
                if byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r"), spaces > 0 { smallest = min(smallest, spaces) }
                atLineStart = false
            }
            if byte == UInt8(ascii: "\n") { atLineStart = true; spaces = 0 }
        }
        return Array(repeating: UInt8(ascii: " "), count: smallest == .max || smallest < 2 ? 4 : min(smallest, 8))
    }
}
