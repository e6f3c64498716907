/// What a lint rule sees: one file, its type bodies, and what the run knows about the project.
public struct LintSource: Sendable {
    /// The file.
    let file: SwiftFile
    /// Its type and extension bodies, by the index of their `{`.
    let scopes: [Int: SwiftFile.TypeScope]
    /// What every file of the run declares.
    let project: LintProject

    init(file: SwiftFile, scopes: [Int: SwiftFile.TypeScope], project: LintProject) {
        self.file = file
        self.scopes = scopes
        self.project = project
    }

    /// The innermost type enclosing `index`, when it is a view (in its header or, anywhere in
    /// the run, in an extension), with the brace that opens its body.
    func enclosingView(of index: Int) -> (brace: Int, name: String)? {
        guard let (brace, scope) = file.enclosingType(of: index, in: scopes) else { return nil }
        let last = SwiftFile.lastComponent(scope.name)
        guard scope.conformsToView || project.views.contains(last) else { return nil }
        return (brace, last)
    }

    /// True when `name` is a view: declared as one in the run, or one of SwiftUI's.
    func isView(_ name: String) -> Bool { project.views.contains(name) }
}

/// What the files of one lint run declare, learnt in a first pass over all of them.
public struct LintProject: Sendable {
    /// Names (last component) of types declared as views, or made views by an extension.
    var views: Set<String> = []
    /// Names of classes, and whether each one's init does work: an `init` with a body, or a
    /// stored property whose initial value calls something.
    var classes: [String: Bool] = [:]
    /// Names of structs and enums that are not views: values, whose copy a view may keep.
    var values: Set<String> = []
    /// For each type name called with arguments anywhere in the run (`Settings(model: m)`),
    /// the labels passed: a property a caller sets cannot be made `private`.
    var passedLabels: [String: Set<String>] = [:]

    /// Learns what `file` declares.
    mutating func learn(_ file: SwiftFile, scopes: [Int: SwiftFile.TypeScope]) {
        for index in file.tokens.indices where file.isTypeName(index) && file.isPunctuation(index + 1, "(") {
            let labels = file.labels(call: index).filter { $0 != "_" }
            if !labels.isEmpty { passedLabels[file.text(index), default: []].formUnion(labels) }
        }
        for (brace, scope) in scopes {
            let name = SwiftFile.lastComponent(scope.name)
            if scope.conformsToView { views.insert(name) }
            if !scope.conformsToView, scope.keyword == "struct" || scope.keyword == "enum" { values.insert(name) }
            guard scope.keyword == "class" || scope.keyword == "actor" else { continue }
            classes[name] = (classes[name] ?? false) || Self.initDoesWork(file, body: brace)
        }
    }

    private static func initDoesWork(_ file: SwiftFile, body: Int) -> Bool {
        for index in file.children(of: body) {
            if file.isIdentifier(index, "init") {
                // `init(...) {` with at least one token in its body.
                var cursor = index + 1
                if file.isPunctuation(cursor, "?") || file.isPunctuation(cursor, "!") { cursor += 1 }
                guard file.isPunctuation(cursor, "(") else { continue }
                cursor = file.end(of: cursor) + 1
                while cursor < file.tokens.count, !file.isPunctuation(cursor, "{"), !file.isPunctuation(cursor, "}") { cursor += 1 }
                if file.isPunctuation(cursor, "{"), file.end(of: cursor) > cursor + 1 { return true }
            } else if file.isPunctuation(index, "="), file.isTypeName(index + 1), file.isPunctuation(index + 2, "("),
                      file.isIdentifier(index - 1, "var") == false {
                return true
            }
        }
        return false
    }
}
