import SwiftSource

/// A view's body, measured: where it is, whether a result builder makes it, and where its last
/// expression ends, read from tokens and line breaks.
extension FileInstrumenter {
    /// A `var body` or `func body(content:)` getter's braces.
    struct Body {
        /// The `var` or `func` token.
        var keywordIndex: Int
        var open: SwiftToken
        var next: SwiftToken
        var openIndex: Int
        var closeIndex: Int
        var isModifier: Bool
        /// Whether its declared type is `some View`: only then may a modifier change the
        /// type of what it returns.
        var isOpaque: Bool
    }

    func bodies(in scope: Int) -> [Body] {
        let children = file.brackets.children(of: scope)
        var found: [Body] = []
        for (position, index) in children.enumerated() where position + 2 < children.count {
            let keyword = file.tokens[index], name = file.tokens[children[position + 1]], after = file.tokens[children[position + 2]]
            guard keyword.isIdentifier, name.isIdentifier, name.text == "body" else { continue }
            let isProperty = keyword.text == "var" && after.text == ":"
            let isModifier = keyword.text == "func" && after.text == "("
            guard isProperty || isModifier, position == 0 || file.tokens[children[position - 1]].text != "static" else { continue }
            // The getter is the first `{` after the name; a `=` first would make it stored.
            var next = position + 2
            while next < children.count, file.tokens[children[next]].text != "{", file.tokens[children[next]].text != "=" { next += 1 }
            guard next < children.count, file.tokens[children[next]].text == "{" else { continue }
            let open = children[next], close = Int(file.brackets.partner[open])
            // The declared type: the tokens before the `{`, after `:` or `->`.
            let type = children[(position + 2)..<next].map { file.tokens[$0].text }.drop { $0 != ":" && $0 != ">" }.dropFirst()
            let isOpaque = Array(type) == ["some", "View"] || Array(type) == ["some", "SwiftUI", ".", "View"]
            guard close > open + 1 else { continue }
            // `var body: some View { get { … } }`: an accessor block, not a body; left alone.
            if file.tokens[open + 1].isIdentifier, ["get", "set", "_read", "_modify"].contains(file.tokens[open + 1].text) { continue }
            found.append(Body(keywordIndex: index, open: file.tokens[open], next: file.tokens[open + 1], openIndex: open, closeIndex: close, isModifier: isModifier, isOpaque: isOpaque))
        }
        return found
    }

    /// `let _ = traceProbe.bodyBegins()` first; `.probeLifecycle(traceProbe)` after each of the
    /// body's top-level views, so that appear and disappear are the view's own (the token counts
    /// which of them are on screen: one appear per identity, however many views the body makes,
    /// a `ForEach`'s elements and a `Group`'s children included); and the body's end, in one
    /// block: `.probeBodyEnds(traceProbe)` after a last view, else `let _ = traceProbe.bodyEnds()`.
    /// A body that returns (no result builder then, and the `return` may be anywhere) gets its
    /// body line first, without a duration: a measurement that stopped before the view was
    /// built would lie.
    mutating func planMeasuredBody(_ body: Body, probe: String) {
        let indent = bodyIndent(body)
        let returnCount = bodyReturns(in: body.openIndex)
        let returns = returnCount > 0
        edits.insert(options.guarded([returns ? "let _ = \(probe).bodyEnds()" : "let _ = \(probe).bodyBegins()"]),
                     afterOpeningBraceAt: body.open.offset, nextTokenAt: body.next.offset, indent: indent)
        let close = file.tokens[body.closeIndex].offset
        // A modifier changes the type the body returns: only where that type is opaque.
        guard body.isOpaque else {
            notes.append("\(body.open.line):\(body.open.column): the body's type is not `some View`, which a modifier would change; its appear and disappear are not reported")
            if !returns { edits.insert(options.guarded(["let _ = \(probe).bodyEnds()"]), beforeClosingBraceAt: close, indent: indent) }
            return
        }
        let statements = topLevelStatements(in: body.openIndex)
        if returns {
            // The one `return`, last, makes the body: the modifier follows its expression.
            if returnCount == 1, let last = statements.last, last.isReturn, last.hasExpression {
                edits.insert(options.guarded([".probeLifecycle(\(probe))"]), beforeClosingBraceAt: close, indent: indent)
                counts.lifecycles += 1
            } else {
                notes.append("\(body.open.line):\(body.open.column): the body returns from more than its last statement; its appear and disappear are not reported")
            }
            return
        }
        var attached = 0
        if statements.last?.isView == true {
            // The last view ends the body too: one block where two would be.
            edits.insert(options.guarded([".probeBodyEnds(\(probe))"]), beforeClosingBraceAt: close, indent: indent)
            attached += 1
            attached += planLifecycles(Array(statements.dropLast()), nextLine: statements[statements.count - 1].startLine, close: nil, probe: probe)
        } else {
            attached += planLifecycles(statements, nextLine: file.tokens[body.closeIndex].line, close: nil, probe: probe)
            edits.insert(options.guarded(["let _ = \(probe).bodyEnds()"]), beforeClosingBraceAt: close, indent: indent)
        }
        if attached > 0 {
            counts.lifecycles += 1
        } else {
            notes.append("\(body.open.line):\(body.open.column): no view of the body can take a modifier (they are in `#if` blocks, or share lines with other code); its appear and disappear are not reported")
        }
    }

    /// The `return`s of the body itself: at its top level or in the blocks of its `if`, `guard`,
    /// `switch`… (a result builder is off then), not those of the closures it passes on.
    func bodyReturns(in open: Int) -> Int {
        let children = file.brackets.children(of: open)
        var count = 0
        for (position, index) in children.enumerated() {
            let token = file.tokens[index]
            if token.isIdentifier, token.text == "return" {
                count += 1
            } else if token.text == "{", file.brackets.partner[index] > index, isControlFlowBlock(at: position, in: children) {
                count += bodyReturns(in: index)
            }
        }
        return count
    }

    /// Whether the `{` at `children[position]` opens the block of a statement such as `if`,
    /// `else`, `guard`, `switch`, `for`: its statement, read backwards, starts with one of them.
    func isControlFlowBlock(at position: Int, in children: [Int]) -> Bool {
        var back = position - 1
        while back >= 0 {
            let token = file.tokens[children[back]], next = file.tokens[children[back + 1]]
            if next.line > token.line, !StatementBoundary.continues(token, next) { return false }
            if token.isIdentifier, StatementBoundary.controlFlow.contains(token.text) { return true }
            if token.text == ";" || token.text == "in" { return false }
            back -= 1
        }
        return false
    }

    /// Whether statements may be added to `body`, declared in `declaration`: a result builder
    /// makes it, or it returns. A `body` in an extension that does not itself state the `View`
    /// conformance gets no `@ViewBuilder` from the protocol, so one is added (debug-only) before
    /// its declaration; false when it cannot be (the declaration shares its line with other code).
    mutating func prepareForStatements(_ body: Body, in declaration: SwiftDeclarationScanner.Found) -> Bool {
        guard !declaration.isView, bodyReturns(in: body.openIndex) == 0 else { return true }
        let (start, attributes) = AppFacts.declarationStart(before: body.keywordIndex, in: file)
        if attributes.contains("ViewBuilder") { return true }
        guard edits.startsItsLine(file.tokens[start].offset) else {
            notes.append("\(body.open.line):\(body.open.column): this body gets no @ViewBuilder from View where it is declared, and shares its line with other code; left alone")
            return false
        }
        edits.insert(options.guarded(["@ViewBuilder"]), beforeLineOf: file.tokens[start].offset)
        return true
    }

    func bodyIndent(_ body: Body) -> [UInt8] {
        body.next.line > body.open.line
            ? edits.indentation(ofLineAt: body.next.offset)
            : edits.indentation(ofLineAt: body.open.offset) + edits.indentUnit
    }
}
