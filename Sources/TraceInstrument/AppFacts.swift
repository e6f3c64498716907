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
    /// Every protocol each type (by qualified name) names in its own or an extension's
    /// inheritance clause.
    var conformances: [String: Set<String>] = [:]
    /// The file that declares each view struct that holds a token.
    var viewFiles: [String: String] = [:]
    /// View structs with a body in an extension in another file than theirs: the token is
    /// private to its file, so those bodies read it through an accessor.
    var bodiesElsewhere: Set<String> = []
    /// Types that declare their own `CodingKeys`: a stored property outside them is no part of
    /// their synthesized `Codable`.
    var declaresCodingKeys: Set<String> = []

    /// Protocols whose conformers are never views to instrument, even when they also name `View`.
    static let excluded: Set<String> = ["App", "Scene", "PreviewProvider"]

    /// Reads `files`; a struct declared in a file for which `canHoldToken` says no (one that
    /// will be left alone) gets no token, so no body elsewhere is made to read one.
    init(_ files: [ReadSource], canHoldToken: (ReadSource) -> Bool = { _ in true }) {
        var definesEquals: Set<String> = []
        var checkedSendable: Set<String> = []
        var mainActorTypes: Set<String> = []
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
                if Self.declaresCheckedSendable(declaration, in: file) { checkedSendable.insert(declaration.declaration.name) }
                // A view conformance in the declaration itself puts the type on the main actor,
                // whose Sendable asks nothing of its stored properties.
                if declaration.keyword != "extension", declaration.isView || Self.attributes(before: declaration.keywordToken, in: file).contains("MainActor") {
                    mainActorTypes.insert(declaration.declaration.name)
                }
                if Self.definesEquals(in: file, scope: declaration.openingBrace) { definesEquals.insert(declaration.declaration.name) }
                if Self.declaresCodingKeys(in: file, scope: declaration.openingBrace) { declaresCodingKeys.insert(declaration.declaration.name) }
            }
        }
        viewNames.subtract(previewViews)
        // A token in @State is neither Equatable, Hashable nor Codable: a view whose conformance
        // the compiler synthesizes from its stored properties would stop compiling.
        // Nor is it Sendable: a view that says it is (not `@unchecked`) and is not on the main
        // actor would stop compiling in Swift 6.
        for (name, protocols) in conformances where viewNames.contains(name) {
            if let synthesized = protocols.intersection(["Hashable", "Codable", "Encodable", "Decodable"]).sorted().first
                ?? (protocols.contains("Equatable") && !definesEquals.contains(name) ? "Equatable" : nil)
                ?? (checkedSendable.contains(name) && !mainActorTypes.contains(name) ? "Sendable" : nil) {
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
                viewFiles[declaration.declaration.name] = file.path
                for model in Self.madeModels(in: file, scope: declaration.openingBrace) {
                    modelMakers[model, default: []].insert(Self.lastComponent(declaration.declaration.name))
                }
            }
        }
        for file in files {
            for declaration in file.declarations.extensions
            where viewStructs.contains(declaration.declaration.name) && viewFiles[declaration.declaration.name] != file.path
                && Self.declaresBody(in: file, scope: declaration.openingBrace) {
                bodiesElsewhere.insert(declaration.declaration.name)
            }
        }
    }

    /// Whether the scope declares `var body` or `func body`.
    private static func declaresBody(in file: ReadSource, scope: Int) -> Bool {
        let children = file.brackets.children(of: scope)
        return zip(children, children.dropFirst()).contains { keyword, name in
            (file.tokens[keyword].text == "var" || file.tokens[keyword].text == "func") && file.tokens[name].text == "body"
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
        declarationStart(before: index, in: file).attributes
    }

    /// Where the declaration whose keyword is at `index` starts (its first attribute or
    /// modifier, else the keyword), and the names of its attributes.
    static func declarationStart(before index: Int, in file: ReadSource) -> (start: Int, attributes: [String]) {
        var names: [String] = []
        var start = index
        var position = index - 1
        while position >= 0 {
            let token = file.tokens[position]
            if token.text == ")", file.brackets.partner[position] >= 0 {
                position = Int(file.brackets.partner[position]) - 1
            } else if token.isIdentifier, position > 0, file.tokens[position - 1].text == "@" {
                names.append(token.text)
                start = position - 1
                position -= 2
            } else if token.isIdentifier, StatementBoundary.modifiers.contains(token.text) {
                start = position
                position -= 1
            } else {
                break
            }
        }
        return (start, names)
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

    /// Whether the declaration's inheritance clause names `Sendable` without `@unchecked`: the
    /// compiler then checks that every stored property is Sendable.
    private static func declaresCheckedSendable(_ declaration: SwiftDeclarationScanner.Found, in file: ReadSource) -> Bool {
        guard declaration.inherited.contains("Sendable") else { return false }
        let header = file.tokens[declaration.keywordToken..<declaration.openingBrace]
        return !zip(header, header.dropFirst()).contains { $0.text == "@" && $1.text == "unchecked" }
    }

    /// Whether the scope declares `enum CodingKeys` (or a type alias of that name).
    private static func declaresCodingKeys(in file: ReadSource, scope: Int) -> Bool {
        let children = file.brackets.children(of: scope)
        return zip(children, children.dropFirst()).contains { keyword, name in
            ["enum", "typealias", "struct"].contains(file.tokens[keyword].text) && file.tokens[name].text == "CodingKeys"
        }
    }

    /// The protocol of `name`'s that the compiler synthesizes from its stored properties, when
    /// a stored probe would break it: `Codable` and its halves (for a class too) unless it
    /// names its coding keys.
    func synthesizedCoding(of name: String) -> String? {
        guard !declaresCodingKeys.contains(name) else { return nil }
        return conformances[name, default: []].intersection(["Codable", "Encodable", "Decodable"]).sorted().first
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
