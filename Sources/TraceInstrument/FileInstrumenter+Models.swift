import SwiftSource

/// An observable model's probe: a `ModelProbe` first among its stored properties, `ready()` at
/// the end of each designated init.
extension FileInstrumenter {
    mutating func planModel(_ declaration: SwiftDeclarationScanner.Found) {
        guard options.mode == .probe else { return }
        let name = AppFacts.lastComponent(declaration.declaration.name)
        // A subclass of a model with a probe has its superclass's: a second would clash.
        if let superclass = declaration.inherited.first, facts.modelClasses.contains(superclass) {
            notes.append("\(declaration.declaration.line):\(declaration.declaration.column): \(name) inherits \(superclass)'s probe, which writes its instances as \(superclass)'s")
            return
        }
        if let coding = facts.synthesizedCoding(of: declaration.declaration.name) {
            notes.append("\(declaration.declaration.line):\(declaration.declaration.column): \(name) is \(coding), made by the compiler from its stored properties: a probe would break it; left alone (name its CodingKeys to have it probed)")
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
            let ready = options.guarded(["\(Self.probeName).ready()"])
            switch end(ofInit: body) {
            case .fallsThrough:
                edits.insert(ready, beforeClosingBraceAt: file.tokens[close].offset, indent: indent)
            case .returns(let statement) where edits.startsItsLine(statement.offset):
                edits.insert(ready, beforeLineOf: statement.offset)
            case .returns(let statement):
                notes.append("\(statement.line):\(statement.column): the init returns on a line it shares with other code; its init line is written without a duration")
            case .neverReturns:
                break
            }
        }
        counts.models += 1
    }

    /// The `{` of each init declared in the class's body, but for convenience inits (which
    /// call a designated one, where `ready()` already is). `init` counts only as a declaration
    /// keyword at member level: after `.` (`var rows: [Row] = .init()`, `Self.init`) it is a
    /// call, and taking it for one would put `ready()` in the next member's braces.
    func designatedInits(in scope: Int) -> [Int] {
        let children = file.brackets.children(of: scope)
        var found: [Int] = []
        for (position, index) in children.enumerated() where file.tokens[index].isIdentifier && file.tokens[index].text == "init" {
            guard position == 0 || file.tokens[children[position - 1]].text != "." else { continue }
            // `init(`, `init?(`, `init!(`, `init<T>(`: anything else is no declaration.
            guard position + 1 < children.count, ["(", "?", "!", "<"].contains(file.tokens[children[position + 1]].text) else { continue }
            var back = position - 1
            var isConvenience = false
            while back >= 0, file.tokens[children[back]].isIdentifier, StatementBoundary.modifiers.contains(file.tokens[children[back]].text) {
                if file.tokens[children[back]].text == "convenience" { isConvenience = true }
                back -= 1
            }
            guard !isConvenience else { continue }
            // The parameter list's `(`, then the body's `{`; a declaration without one (in a
            // protocol) or a member that starts first ends the search.
            var next = position + 1
            while next < children.count, file.tokens[children[next]].text != "(" { next += 1 }
            next += 1
            while next < children.count, file.tokens[children[next]].text != "{" {
                let token = file.tokens[children[next]]
                if token.isIdentifier, ["var", "let", "func", "init", "subscript", "case"].contains(token.text) { break }
                next += 1
            }
            if next < children.count, file.tokens[children[next]].text == "{" { found.append(children[next]) }
        }
        return found
    }

    /// How an init's body ends, for where `ready()` goes: after its last statement, before a
    /// last `return` (code after one is dead, and `ready()` would be read as its value), or
    /// nowhere when it ends in a call that never returns or a `throw`.
    enum InitEnd {
        case fallsThrough
        case returns(SwiftToken)
        case neverReturns
    }

    func end(ofInit open: Int) -> InitEnd {
        let children = file.brackets.children(of: open)
        guard !children.isEmpty else { return .fallsThrough }
        // The last statement's first token: the last child that starts a line, or follows `;`.
        var start = children[0]
        for (position, index) in children.enumerated().dropFirst() {
            let token = file.tokens[index], previous = file.tokens[children[position - 1]]
            let isCloser = file.brackets.partner[index] >= 0 && Int(file.brackets.partner[index]) < index
            if previous.text == ";" || (token.line > previous.line && !isCloser && !StatementBoundary.continues(previous, token)) { start = index }
        }
        let first = file.tokens[start]
        guard first.isIdentifier else { return .fallsThrough }
        if first.text == "return" { return .returns(first) }
        if first.text == "throw" || StatementBoundary.neverReturning.contains(first.text) { return .neverReturns }
        return .fallsThrough
    }
}
