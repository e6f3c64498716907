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

    /// `let _ = traceProbe.bodyBegins()` first and `let _ = traceProbe.bodyEnds()` last, with
    /// `.probeLifecycle(traceProbe)` after the body's last expression. A body that returns
    /// (no result builder then, and the `return` may be anywhere) gets its body line first,
    /// without a duration: a measurement that stopped before the view was built would lie.
    mutating func planMeasuredBody(_ body: Body, probe: String) {
        let indent = bodyIndent(body)
        let returnCount = bodyReturns(in: body.openIndex)
        let returns = returnCount > 0
        edits.insert(options.guarded([returns ? "let _ = \(probe).bodyEnds()" : "let _ = \(probe).bodyBegins()"]),
                     afterOpeningBraceAt: body.open.offset, nextTokenAt: body.next.offset, indent: indent)
        var closing: [String] = []
        // A modifier changes the type the body returns: only where that type is opaque and
        // one expression (the builder's last, or the one `return`) makes it.
        if body.isOpaque, returnCount <= 1, lastStatementIsExpression(in: body.openIndex, returns: returns) {
            closing += options.guarded([".probeLifecycle(\(probe))"])
            counts.lifecycles += 1
        } else {
            notes.append("\(body.open.line):\(body.open.column): the body's type is not `some View` made by its last expression; its appear and disappear are not reported")
        }
        if !returns { closing += options.guarded(["let _ = \(probe).bodyEnds()"]) }
        if !closing.isEmpty {
            edits.insert(closing, beforeClosingBraceAt: file.tokens[body.closeIndex].offset, indent: indent)
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

    /// Whether the body's last statement is an expression a modifier can follow (`VStack { … }
    /// .padding()`, `return List { … }`), not an `if`, a `switch`, a declaration or an `#if`.
    /// An `#if` whose block starts with `.` continues the expression before it (`#if os(iOS)
    /// .listRowBackground(…) #endif`), as Swift reads it.
    func lastStatementIsExpression(in open: Int, returns: Bool) -> Bool {
        let children = file.brackets.children(of: open)
        guard let last = children.last, file.tokens[last].text != ";" else { return false }
        var start = children[0]
        var position = 1
        while position < children.count {
            let index = children[position]
            let token = file.tokens[index], previous = file.tokens[children[position - 1]]
            if token.text == "#", let end = postfixConditionEnd(at: position, in: children) {
                position = end + 1
                continue
            }
            let isCloser = file.brackets.partner[index] >= 0 && Int(file.brackets.partner[index]) < index
            if token.line > previous.line, !isCloser, !StatementBoundary.continues(previous, token) { start = index }
            position += 1
        }
        let first = file.tokens[start]
        if first.text == "return" { return start != last }
        return !returns && !StatementBoundary.startsNonExpression(first)
    }

    /// When `children[position]` is the `#` of an `#if` whose first line of code starts with
    /// `.` (a postfix `#if`), the position of its `#endif`'s `endif`; else nil.
    func postfixConditionEnd(at position: Int, in children: [Int]) -> Int? {
        guard position + 1 < children.count, file.tokens[children[position + 1]].text == "if" else { return nil }
        let line = file.tokens[children[position]].line
        guard let firstCode = children[position...].first(where: { file.tokens[$0].line > line }),
              file.tokens[firstCode].text == "." else { return nil }
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
