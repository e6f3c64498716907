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
    func designatedInits(in scope: Int) -> [Int] {
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
}
