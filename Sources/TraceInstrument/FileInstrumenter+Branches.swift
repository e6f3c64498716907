import SwiftSource

/// `.probeLifecycle` on the views a block of a body makes, down into the branches of its `if`
/// and `switch` statements: every view the body can show reports to the token, which counts
/// those on screen, so a body that is an `if` or a `switch` appears and disappears too.
extension FileInstrumenter {
    /// Plans a modifier after each view of `statements` (one block's, or one `case`'s): on the
    /// line after it when the next statement starts on a later line than it ends (`nextLine`
    /// for the last), else, for the last, before the block's `}` at `close`. The number attached.
    mutating func planLifecycles(_ statements: [Statement], nextLine: Int, close: Int?, probe: String) -> Int {
        var attached = 0
        for (position, statement) in statements.enumerated() {
            let first = file.tokens[statement.tokens[0]]
            if statement.isView {
                let next = position + 1 < statements.count ? statements[position + 1].startLine : nextLine
                let lines = options.guarded([".probeLifecycle(\(probe))"])
                let indent = edits.indentation(ofLineAt: first.offset)
                if statement.endLine < next {
                    edits.insert(lines, afterLineOf: statement.endOffset, indent: indent)
                } else if position == statements.count - 1, let close {
                    edits.insert(lines, beforeClosingBraceAt: close, indent: indent)
                } else {
                    continue
                }
                attached += 1
            } else if first.isIdentifier, first.text == "if" {
                // Each branch's block: the `{`s among the statement's own tokens (a condition's
                // closures are inside parentheses, since Swift allows no trailing closure there).
                for index in statement.tokens where file.tokens[index].text == "{" && file.brackets.partner[index] > index {
                    attached += planBlock(index, probe: probe)
                }
            } else if first.isIdentifier, first.text == "switch",
                      let open = statement.tokens.first(where: { file.tokens[$0].text == "{" && file.brackets.partner[$0] > $0 }) {
                attached += planCases(open, probe: probe)
            }
        }
        return attached
    }

    private mutating func planBlock(_ open: Int, probe: String) -> Int {
        let close = Int(file.brackets.partner[open])
        return planLifecycles(topLevelStatements(in: open), nextLine: file.tokens[close].line, close: file.tokens[close].offset, probe: probe)
    }

    /// The views of each `case` of the `switch` whose block opens at `open`: what follows the
    /// label's `:`, up to the next label.
    private mutating func planCases(_ open: Int, probe: String) -> Int {
        let children = file.brackets.children(of: open)
        let labels = children.indices.filter { position in
            let token = file.tokens[children[position]]
            return token.isIdentifier && (token.text == "case" || token.text == "default")
                && (position == 0 || file.tokens[children[position - 1]].line < token.line)
        }
        let close = Int(file.brackets.partner[open])
        var attached = 0
        for (number, label) in labels.enumerated() {
            let end = number + 1 < labels.count ? labels[number + 1] : children.count
            guard let colon = (label..<end).first(where: { file.tokens[children[$0]].text == ":" }), colon + 1 < end else { continue }
            let nextLine = end < children.count ? file.tokens[children[end]].line : file.tokens[close].line
            attached += planLifecycles(statements(of: Array(children[(colon + 1)..<end])), nextLine: nextLine, close: nil, probe: probe)
        }
        return attached
    }
}
