import SwiftSource

/// What instrument must know about all the files at once before it edits one: a view's `View`
/// conformance, its `body` and its declaration may sit in three files, and a model's owner is
/// the view that makes it.
struct AppFacts {
    /// Qualified names of the structs declared in these files that are views or view modifiers
    /// (in their own inheritance clause or in an extension's): they can hold the token.
    var viewStructs: Set<String> = []
    /// Qualified names of every type conforming to a view protocol, declared here or not:
    /// `--print-changes` needs no token, so it instruments bodies of all of them.
    var viewNames: Set<String> = []
    /// For each model class (by its last name component), the views whose `@State` or
    /// `@StateObject` makes it (by theirs): its owner when there is exactly one.
    var modelMakers: [String: Set<String>] = [:]

    /// Views that conform to a protocol the compiler synthesizes from their stored properties
    /// (`Equatable` without an `==` of their own, `Hashable`, `Codable`), with that protocol.
    var synthesizedConformance: [String: String] = [:]
    /// Views declared inside a preview: never instrumented.
    var previewViews: Set<String> = []
    /// Last name components of the classes that get a model probe.
    var modelClasses: Set<String> = []

    /// Protocols whose conformers are never views to instrument, even when they also name `View`.
    static let excluded: Set<String> = ["App", "Scene", "PreviewProvider"]

    /// Reads `files`; a struct declared in a file for which `canHoldToken` says no (one that
    /// will be left alone) gets no token, so no body elsewhere is made to read one.
    init(_ files: [ReadSource], canHoldToken: (ReadSource) -> Bool = { _ in true }) {
        var conformances: [String: Set<String>] = [:]
        var definesEquals: Set<String> = []
        // Previews are no part of the app: a view declared inside a `PreviewProvider` (or an
        // App) or inside a `#Preview { … }` is left alone with it.
        let excludedTypes = files.flatMap { file in
            file.declarations.declarations.filter { !Self.excluded.isDisjoint(with: $0.inherited) }.map { $0.declaration.name + "." }
        }
        for file in files {
            let found = file.declarations
            viewNames.formUnion(found.viewExtensions)
            let previews = Self.previewBlocks(in: file)
            for declaration in found.declarations where declaration.isView && Self.excluded.isDisjoint(with: declaration.inherited) {
                let name = declaration.declaration.name
                if excludedTypes.contains(where: { name.hasPrefix($0) }) || previews.contains(where: { $0.contains(declaration.keywordToken) }) {
                    previewViews.insert(name)
                } else {
                    viewNames.insert(name)
                }
            }
            for declaration in found.declarations + found.extensions {
                conformances[declaration.declaration.name, default: []].formUnion(declaration.inherited)
                if Self.definesEquals(in: file, scope: declaration.openingBrace) { definesEquals.insert(declaration.declaration.name) }
            }
        }
        viewNames.subtract(previewViews)
        // A token in @State is neither Equatable, Hashable nor Codable: a view whose conformance
        // the compiler synthesizes from its stored properties would stop compiling.
        for (name, protocols) in conformances where viewNames.contains(name) {
            if let synthesized = protocols.intersection(["Hashable", "Codable", "Encodable", "Decodable"]).sorted().first
                ?? (protocols.contains("Equatable") && !definesEquals.contains(name) ? "Equatable" : nil) {
                synthesizedConformance[name] = synthesized
            }
        }
        for file in files {
            for declaration in file.declarations.declarations where Self.isObservableModel(declaration, in: file) {
                modelClasses.insert(Self.lastComponent(declaration.declaration.name))
            }
            for declaration in file.declarations.declarations
            where declaration.keyword == "struct" && viewNames.contains(declaration.declaration.name) && canHoldToken(file)
                && synthesizedConformance[declaration.declaration.name] == nil
                && Self.excluded.isDisjoint(with: declaration.inherited) {
                viewStructs.insert(declaration.declaration.name)
                for model in Self.madeModels(in: file, scope: declaration.openingBrace) {
                    modelMakers[model, default: []].insert(Self.lastComponent(declaration.declaration.name))
                }
            }
        }
    }

    /// The owner a model's probe names: the one view that makes it, or nil when none or several do.
    func owner(ofModel name: String) -> String? {
        guard let makers = modelMakers[Self.lastComponent(name)], makers.count == 1 else { return nil }
        return makers.first
    }

    /// Whether a declaration is a class that `ObservableObject` or `@Observable` makes a model.
    static func isObservableModel(_ declaration: SwiftDeclarationScanner.Found, in file: ReadSource) -> Bool {
        declaration.keyword == "class"
            && (declaration.inherited.contains("ObservableObject") || attributes(before: declaration.keywordToken, in: file).contains("Observable"))
    }

    /// The attributes written before the token at `index` (`@Observable final class`).
    static func attributes(before index: Int, in file: ReadSource) -> [String] {
        var names: [String] = []
        var position = index - 1
        while position >= 0 {
            let token = file.tokens[position]
            if token.text == ")", file.brackets.partner[position] >= 0 {
                position = Int(file.brackets.partner[position]) - 1
            } else if token.isIdentifier, position > 0, file.tokens[position - 1].text == "@" {
                names.append(token.text)
                position -= 2
            } else if token.isIdentifier, StatementBoundary.modifiers.contains(token.text) {
                position -= 1
            } else {
                break
            }
        }
        return names
    }

    static func lastComponent(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// The token ranges of the file's `#Preview { … }` (and `#Preview("name") { … }`) blocks.
    private static func previewBlocks(in file: ReadSource) -> [ClosedRange<Int>] {
        var blocks: [ClosedRange<Int>] = []
        for index in file.tokens.indices.dropLast() where file.tokens[index].text == "#" && file.tokens[index + 1].text == "Preview" {
            var open = index + 2
            if open < file.tokens.count, file.tokens[open].text == "(", file.brackets.partner[open] > open { open = Int(file.brackets.partner[open]) + 1 }
            if open < file.tokens.count, file.tokens[open].text == "{", file.brackets.partner[open] > open {
                blocks.append(open...Int(file.brackets.partner[open]))
            }
        }
        return blocks
    }

    /// Whether the scope declares `static func ==`.
    private static func definesEquals(in file: ReadSource, scope: Int) -> Bool {
        let children = file.brackets.children(of: scope)
        return zip(children, children.dropFirst()).contains { function, name in
            file.tokens[function].text == "func" && file.tokens[name].text == "=" && name + 1 < file.tokens.count && file.tokens[name + 1].text == "="
        }
    }

    /// The types a view's `@State var x = Type(…)` and `@StateObject var x = Type(…)` make.
    private static func madeModels(in file: ReadSource, scope: Int) -> [String] {
        let children = file.brackets.children(of: scope)
        var models: [String] = []
        for (position, index) in children.enumerated() where file.tokens[index].text == "@" && position + 1 < children.count {
            let wrapper = file.tokens[children[position + 1]].text
            guard wrapper == "State" || wrapper == "StateObject" else { continue }
            // `@State private var model = Model(`: the first `=` then a name and `(`.
            var next = position + 2
            while next < children.count, file.tokens[children[next]].text != "=", file.tokens[children[next]].text != "@" { next += 1 }
            guard next + 2 < children.count, file.tokens[children[next]].text == "=" else { continue }
            let type = file.tokens[children[next + 1]]
            if type.isIdentifier, file.tokens[children[next + 2]].text == "(" { models.append(type.text) }
        }
        return models
    }
}
