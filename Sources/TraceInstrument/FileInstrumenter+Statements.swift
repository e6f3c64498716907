import SwiftSource

/// A body's top-level statements, read from tokens and line breaks (see `StatementBoundary`):
/// where each starts and ends, and whether it is a view a modifier can follow.
extension FileInstrumenter {
    struct Statement {
        /// Its tokens' indexes among the block's children (nested brackets as opener and closer).
        var tokens: [Int]
        var startLine: Int
        var endLine: Int
        /// The offset of its last token: a modifier goes on the line after it.
        var endOffset: Int
        /// An expression statement: in a result builder, one of the body's views.
        var isView: Bool
        var isReturn: Bool
        /// For a `return`, whether a value follows it.
        var hasExpression: Bool
    }

    /// The statements directly in the braces at `open`. An `#if` whose block starts with `.`
    /// continues the expression before it (`#if os(iOS) .listRowBackground(…) #endif`), as
    /// Swift reads it; any other `#if … #endif` is one statement, and no view a modifier
    /// may follow from outside it.
    func topLevelStatements(in open: Int) -> [Statement] {
        statements(of: file.brackets.children(of: open))
    }

    /// The statements that `children`, tokens of one block, make.
    func statements(of children: [Int]) -> [Statement] {
        guard !children.isEmpty else { return [] }
        var ranges: [(first: Int, last: Int)] = []
        var start = 0
        var position = 0
        while position < children.count {
            let index = children[position]
            let token = file.tokens[index]
            let condition = token.text == "#" ? conditionEnd(at: position, in: children) : nil
            if condition != nil, isPostfixCondition(at: position, in: children) {
                position = condition! + 1
                continue
            }
            if position > start {
                let previous = file.tokens[children[position - 1]]
                let isCloser = file.brackets.partner[index] >= 0 && Int(file.brackets.partner[index]) < index
                if previous.text == ";" || (token.line > previous.line && !isCloser && !StatementBoundary.continues(previous, token)) {
                    ranges.append((start, position - 1))
                    start = position
                }
            }
            if let condition {
                position = condition + 1
                continue
            }
            position += 1
        }
        ranges.append((start, children.count - 1))
        return ranges.map { range in
            let first = file.tokens[children[range.first]], last = file.tokens[children[range.last]]
            return Statement(
                tokens: Array(children[range.first...range.last]),
                // A literal's token is its start: where a multi-line string ends is not known,
                // so nothing goes after one.
                startLine: first.line, endLine: last.text == "\"" ? .max : last.line, endOffset: last.offset,
                isView: first.text != "return" && !StatementBoundary.startsNonExpression(first) && last.text != ";",
                isReturn: first.text == "return", hasExpression: range.last > range.first && last.text != ";"
            )
        }
    }

    /// Whether the `#if` at `children[position]` continues an expression: its first line of
    /// code starts with `.`.
    func isPostfixCondition(at position: Int, in children: [Int]) -> Bool {
        let line = file.tokens[children[position]].line
        guard let firstCode = children[position...].first(where: { file.tokens[$0].line > line }) else { return false }
        return file.tokens[firstCode].text == "."
    }

    /// When `children[position]` is the `#` of an `#if`, the position of its `#endif`'s `endif`;
    /// else nil.
    func conditionEnd(at position: Int, in children: [Int]) -> Int? {
        guard position + 1 < children.count, file.tokens[children[position + 1]].text == "if" else { return nil }
        var depth = 0
        var index = position
        while index + 1 < children.count {
            if file.tokens[children[index]].text == "#" {
                switch file.tokens[children[index + 1]].text {
                case "if": depth += 1
                case "endif":
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
            }
            index += 1
        }
        return nil
    }
}
