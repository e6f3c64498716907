/// A Swift snippet that documents a lint rule and tests it.
///
/// In a triggering example, `↓` just before a token marks a place the rule must point at (its
/// line and column); the markers are removed before the snippet is read. The example remembers
/// where it was written, so a failing example is reported at its own line.
public struct LintExample: Sendable {
    /// What the example shows, in one sentence.
    public let note: String?
    /// The Swift code as the reader sees it, markers removed.
    public let code: String
    /// The marked places, as 1-based (line, column) pairs in reading order.
    public let marks: [LintPosition]
    /// The source file that wrote the example.
    public let filePath: String
    /// The line in that file where the example starts.
    public let line: Int

    /// Creates an example from marked Swift code.
    public init(note: String? = nil, _ text: String, filePath: StaticString = #filePath, line: UInt = #line) {
        var code = ""
        var marks: [LintPosition] = []
        var row = 1, column = 1
        for character in text {
            if character == Example.marker {
                marks.append(LintPosition(line: row, column: column))
                continue
            }
            code.append(character)
            if character == "\n" { row += 1; column = 1 } else { column += character.unicodeScalars.count }
        }
        self.note = note
        self.code = code.hasSuffix("\n") ? code : code + "\n"
        self.marks = marks
        self.filePath = "\(filePath)"
        self.line = Int(line)
    }

    /// The code with `↓` put back at the marks, as the example was written.
    public var annotatedCode: String {
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        for mark in marks.reversed() where mark.line <= lines.count {
            let at = min(mark.column - 1, lines[mark.line - 1].count)
            lines[mark.line - 1].insert(contentsOf: String(Example.marker).unicodeScalars, at: at)
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
    }
}

/// A place in a Swift file: 1-based line and column (in Unicode scalars, as the tokenizer counts).
public struct LintPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 1-based line.
    public let line: Int
    /// 1-based column.
    public let column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: LintPosition, rhs: LintPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}
