import SwiftSource

/// Plans the insertions for one file: a token in each view struct, a measured body in each
/// view's `body` (wherever the file declares it), a probe in each observable model, and the
/// import. Only whole marked lines are inserted (see `SourceEdits`), never a change to a line
/// of the user's code, so the same plan can be taken back by removing marked lines.
struct FileInstrumenter {
    let file: ReadSource
    let facts: AppFacts
    let options: InstrumentOptions
    private(set) var edits: SourceEdits
    private(set) var counts = InstrumentCounts()
    /// What was seen but left alone, as `line:column: why`.
    private(set) var notes: [String] = []

    /// The property name of the inserted token and model probe.
    static let probeName = "traceProbe"

    init(file: ReadSource, facts: AppFacts, options: InstrumentOptions) {
        self.file = file
        self.facts = facts
        self.options = options
        edits = SourceEdits(source: file.source)
    }

    /// Plans every insertion of the file.
    mutating func plan() {
        if options.mode == .probe, file.usesProbeName {
            notes.append("1:1: the file already uses the name '\(Self.probeName)'; left alone")
            return
        }
        for declaration in file.declarations.declarations + file.declarations.extensions {
            let name = declaration.declaration.name
            if facts.viewNames.contains(name), AppFacts.excluded.isDisjoint(with: declaration.inherited) {
                planView(declaration)
            } else if AppFacts.isObservableModel(declaration, in: file) {
                planModel(declaration)
            }
        }
        if options.mode == .probe, !edits.isEmpty { planImport() }
    }

    // MARK: Views

    private mutating func planView(_ declaration: SwiftDeclarationScanner.Found) {
        let name = declaration.declaration.name
        let holdsToken = options.mode == .probe && declaration.keyword == "struct" && facts.viewStructs.contains(name)
        if holdsToken {
            let simpleName = AppFacts.lastComponent(name)
            // Last among the stored properties: their initial values (a model in `@State`) run
            // first, so the token's init line follows them, as a hand print in init would.
            let close = Int(file.brackets.partner[declaration.openingBrace])
            edits.insert(options.guarded(["@State var \(Self.probeName) = ViewProbe(\(simpleName).self)"]),
                         beforeClosingBraceAt: file.tokens[close].offset, indent: memberIndent(declaration.openingBrace))
            counts.views += 1
        } else if options.mode == .probe, declaration.keyword == "struct", let synthesized = facts.synthesizedConformance[name] {
            notes.append("\(declaration.declaration.line):\(declaration.declaration.column): \(name) is \(synthesized), made by the compiler from its stored properties: a token in @State would break it; left alone")
        } else if options.mode == .probe, declaration.keyword != "extension" {
            notes.append("\(declaration.declaration.line):\(declaration.declaration.column): \(name) is \(article(declaration.keyword)) \(declaration.keyword): only a struct can keep the token in @State")
        }
        for body in bodies(in: declaration.openingBrace) {
            let canHoldToken = facts.viewStructs.contains(name) && (declaration.keyword == "struct" || declaration.keyword == "extension")
            switch options.mode {
            case .probe where canHoldToken:
                planMeasuredBody(body)
                counts.bodies += 1
            case .probe:
                break
            case .printChanges where !body.isModifier:
                edits.insert(options.guarded(["let _ = Self._printChanges()"]), afterOpeningBraceAt: body.open.offset, nextTokenAt: body.next.offset, indent: bodyIndent(body))
                counts.views += 1
                counts.bodies += 1
            case .printChanges:
                break
            }
        }
    }

    private func article(_ keyword: String) -> String { keyword == "enum" || keyword == "actor" ? "an" : "a" }

    /// A `var body` or `func body(content:)` getter's braces.
    struct Body {
        var open: SwiftToken
        var next: SwiftToken
        var openIndex: Int
        var closeIndex: Int
        var isModifier: Bool
        /// Whether its declared type is `some View`: only then may a modifier change the
        /// type of what it returns.
        var isOpaque: Bool
    }

    private func bodies(in scope: Int) -> [Body] {
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
            found.append(Body(open: file.tokens[open], next: file.tokens[open + 1], openIndex: open, closeIndex: close, isModifier: isModifier, isOpaque: isOpaque))
        }
        return found
    }

    /// `let _ = traceProbe.bodyBegins()` first and `let _ = traceProbe.bodyEnds()` last, with
    /// `.probeLifecycle(traceProbe)` after the body's last expression. A body that returns
    /// (no result builder then, and the `return` may be anywhere) gets its body line first,
    /// without a duration: a measurement that stopped before the view was built would lie.
    private mutating func planMeasuredBody(_ body: Body) {
        let indent = bodyIndent(body)
        let returnCount = bodyReturns(in: body.openIndex)
        let returns = returnCount > 0
        let probe = Self.probeName
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
    private func bodyReturns(in open: Int) -> Int {
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
    private func isControlFlowBlock(at position: Int, in children: [Int]) -> Bool {
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
    private func lastStatementIsExpression(in open: Int, returns: Bool) -> Bool {
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
    private func postfixConditionEnd(at position: Int, in children: [Int]) -> Int? {
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

    private func bodyIndent(_ body: Body) -> [UInt8] {
        body.next.line > body.open.line
            ? edits.indentation(ofLineAt: body.next.offset)
            : edits.indentation(ofLineAt: body.open.offset) + edits.indentUnit
    }

    // MARK: Models

    private mutating func planModel(_ declaration: SwiftDeclarationScanner.Found) {
        guard options.mode == .probe else { return }
        let name = AppFacts.lastComponent(declaration.declaration.name)
        // A subclass of a model with a probe has its superclass's: a second would clash.
        if let superclass = declaration.inherited.first, facts.modelClasses.contains(superclass) {
            notes.append("\(declaration.declaration.line):\(declaration.declaration.column): \(name) inherits \(superclass)'s probe, which writes its instances as \(superclass)'s")
            return
        }
        let owner = facts.owner(ofModel: name).map { ", owner: \"\($0)\"" } ?? ""
        let inits = designatedInits(in: declaration.openingBrace)
        let make = inits.isEmpty ? "ModelProbe.announcing(\(name).self\(owner))" : "ModelProbe(\(name).self\(owner))"
        insertMembers(["let \(Self.probeName) = \(make)"], into: declaration.openingBrace)
        for body in inits {
            let open = file.tokens[body], close = Int(file.brackets.partner[body])
            let next = file.tokens[body + 1]
            let indent = next.line > open.line && body + 1 < close
                ? edits.indentation(ofLineAt: next.offset) : edits.indentation(ofLineAt: open.offset) + edits.indentUnit
            edits.insert(options.guarded(["\(Self.probeName).ready()"]), beforeClosingBraceAt: file.tokens[close].offset, indent: indent)
        }
        counts.models += 1
    }

    /// The `{` of each init declared in the class's body, but for convenience inits (which
    /// call a designated one, where `ready()` already is).
    private func designatedInits(in scope: Int) -> [Int] {
        let children = file.brackets.children(of: scope)
        var found: [Int] = []
        for (position, index) in children.enumerated() where file.tokens[index].isIdentifier && file.tokens[index].text == "init" {
            var back = position - 1
            var isConvenience = false
            while back >= 0, file.tokens[children[back]].isIdentifier, StatementBoundary.modifiers.contains(file.tokens[children[back]].text) {
                if file.tokens[children[back]].text == "convenience" { isConvenience = true }
                back -= 1
            }
            guard !isConvenience else { continue }
            // The parameter list's `(`, then the body's `{`.
            var next = position + 1
            while next < children.count, file.tokens[children[next]].text != "(" { next += 1 }
            while next < children.count, file.tokens[children[next]].text != "{" {
                if file.tokens[children[next]].text == "}" && file.brackets.partner[children[next]] < 0 { break }
                next += 1
            }
            if next < children.count, file.tokens[children[next]].text == "{" { found.append(children[next]) }
        }
        return found
    }

    // MARK: Shared

    /// Inserts member lines just inside a type's `{`, indented as its members are.
    private mutating func insertMembers(_ lines: [String], into openingBrace: Int) {
        let open = file.tokens[openingBrace], next = file.tokens[openingBrace + 1]
        edits.insert(options.guarded(lines), afterOpeningBraceAt: open.offset, nextTokenAt: next.offset, indent: memberIndent(openingBrace))
    }

    /// The indentation of a type's members: its first member's, else one level in from the type.
    private func memberIndent(_ openingBrace: Int) -> [UInt8] {
        let open = file.tokens[openingBrace], next = file.tokens[openingBrace + 1]
        let close = Int(file.brackets.partner[openingBrace])
        return next.line > open.line && openingBrace + 1 < close
            ? edits.indentation(ofLineAt: next.offset) : edits.indentation(ofLineAt: open.offset) + edits.indentUnit
    }

    /// `import TraceProbe` after the last import outside any `#if`, else at the top.
    private mutating func planImport() {
        var conditionDepth = 0
        var lastImport: SwiftToken?
        var index = 0
        while index < file.tokens.count {
            let token = file.tokens[index]
            if token.text == "#", index + 1 < file.tokens.count {
                switch file.tokens[index + 1].text {
                case "if": conditionDepth += 1
                case "endif": conditionDepth -= 1
                default: break
                }
            } else if token.isIdentifier, token.text == "import", conditionDepth == 0, index == 0 || file.tokens[index - 1].text != "." {
                lastImport = token
            }
            let partner = Int(file.brackets.partner[index])
            index = partner > index ? partner + 1 : index + 1
        }
        let lines = options.guarded(["import TraceProbe"])
        if let lastImport {
            edits.insert(lines, afterLineOf: lastImport.offset)
        } else {
            edits.insertAtStart(lines)
        }
    }
}

/// What a run instrumented.
package struct InstrumentCounts: Sendable, Equatable {
    /// Views and view modifiers given a token (or, with `--print-changes`, a print).
    package var views = 0
    /// Bodies measured.
    package var bodies = 0
    /// Bodies whose appear and disappear are reported.
    package var lifecycles = 0
    /// Observable models given a probe.
    package var models = 0

    package init() {}

    static func + (left: Self, right: Self) -> Self {
        var sum = left
        sum.views += right.views
        sum.bodies += right.bodies
        sum.lifecycles += right.lifecycles
        sum.models += right.models
        return sum
    }
}
