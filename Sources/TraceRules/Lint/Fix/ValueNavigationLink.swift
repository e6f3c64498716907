/// `NavigationLink(destination: Detail(item: item)) { … }` (or `NavigationLink { Detail(item:
/// item) } label: { … }`) in a `List`/`ForEach` over the file's `Hashable` items, made into
/// `NavigationLink(value: item) { … }` and one
/// `.navigationDestination(for: Item.self) { item in Detail(item: item) }` on the list.
///
/// Only where the change is mechanical and keeps the app's behaviour: the link is the
/// list's only one, its destination is one view made from the row's element itself and the
/// view's own properties, the element type is declared `Hashable` in the same file, and a
/// `NavigationStack` without a path encloses the list in the same body (a value link does
/// nothing outside a stack; `NavigationView` has no `navigationDestination`).
enum ValueNavigationLink {
    /// The edits and how the fix reads.
    struct Change {
        let edits: [LintEdit]
        /// `NavigationLink(destination: MailDetail(mail: mail))` or `NavigationLink { MailDetail(mail: mail) } label:`.
        let before: String
        /// `NavigationLink(value: mail)` and `.navigationDestination(for: Mail.self) { mail in MailDetail(mail: mail) }`.
        let link: String
        let modifier: String
        /// The container the modifier goes on: `List`.
        let container: String
    }

    /// Containers that build their rows lazily: `navigationDestination` must not go inside them.
    static let lazyContainers: Set<String> = ["List", "ForEach", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Table", "OutlineGroup", "Section"]

    /// The change for the link at `link`, or why `fix` leaves it.
    static func change(_ source: LintSource, link: Int) -> Result<Change, Refusal> {
        let file = source.file
        // `NavigationLink(destination: D) { label }`, or `NavigationLink { D } label: { label }`:
        // the destination, and the tokens that become `(value: item) ` (up to the label's `{`).
        let open = link + 1
        let destination: Range<Int>
        // `replaced.upperBound` is the label closure's `{`.
        let replaced: Range<Int>
        let close = file.end(of: open)
        if file.isPunctuation(open, "(") {
            let arguments = file.callArguments(open: open)
            guard arguments.count == 1, arguments[0].label == "destination", file.isPunctuation(close + 1, "{"),
                  !(file.isIdentifier(file.end(of: close + 1) + 1, "label") && file.isPunctuation(file.end(of: close + 1) + 2, ":")) else {
                return .failure("it is not `NavigationLink(destination: …) { label }` or `NavigationLink { … } label: { … }`")
            }
            destination = arguments[0].value
            replaced = (link + 1)..<(close + 1)
        } else {
            guard file.isPunctuation(open, "{"), file.isIdentifier(close + 1, "label"), file.isPunctuation(close + 2, ":"), file.isPunctuation(close + 3, "{"),
                  close > open + 1 else {
                return .failure("it is not `NavigationLink(destination: …) { label }` or `NavigationLink { … } label: { … }`")
            }
            destination = (open + 1)..<close
            replaced = (link + 1)..<(close + 3)
        }
        guard let shown = file.rawText(destination), !shown.contains("\n"), !file.holdsComment(from: link, through: replaced.upperBound) else {
            return .failure("its destination spans lines or holds a comment")
        }
        guard let chain = file.callChain(destination) else { return .failure("its destination is not a view's init (`Detail(…)`)") }
        // The row closure, `{ item in`, of the nearest `ForEach(items)` or `List(items)`.
        guard let row = rowClosure(file, around: link) else {
            return .failure("it is not in a `ForEach(items) { item in … }` or `List(items) { item in … }`")
        }
        let element = file.text(row.brace + 1)
        // The element itself, as a whole argument: a property of it (`item.detail`) is another value.
        let uses = chain.flatMap(\.arguments).filter { file.code($0.value) == element }
        let isLabel = { (index: Int) in file.isPunctuation(index + 1, ":") && (file.isPunctuation(index - 1, "(") || file.isPunctuation(index - 1, ",")) }
        let elsewhere = destination.contains { index in
            file.isIdentifier(index, element) && !isLabel(index) && !uses.contains { $0.value.contains(index) }
        }
        guard !uses.isEmpty, !elsewhere else {
            return .failure("its destination is not made from the row's `\(element)` itself")
        }
        guard let view = source.enclosingView(of: link) else { return .failure("it is not in a view") }
        let members = memberNames(file, type: view.brace)
        for index in destination where file.tokens[index].isIdentifier && !file.isTypeName(index) && !file.isPunctuation(index - 1, ".") {
            let word = file.text(index)
            if word == element || word == "self" || word == "true" || word == "false" || word == "nil" { continue }
            if isLabel(index) { continue }
            guard members.contains(word) else { return .failure("its destination uses `\(word)`, which is no property of \(view.name)") }
        }
        guard let elementType = elementType(file, data: row.data, members: view.brace) else {
            return .failure("the type of `\(row.data)`'s elements is not written in \(view.name)")
        }
        guard isHashable(file, elementType, scopes: source.scopes) else {
            return .failure("`\(elementType)` is not declared `Hashable` in this file, which `NavigationLink(value:)` needs")
        }
        // Up to the stack: the outermost lazy container below it takes the modifier.
        var target = row.container
        var outer = Int(file.parent[row.container])
        var stack: Int?
        while outer >= 0, stack == nil {
            if let name = file.callName(of: outer) {
                switch file.text(name) {
                case "NavigationStack":
                    guard file.isPunctuation(name + 1, "{") else { return .failure("its `NavigationStack` has a path, which the value must fit") }
                    stack = name
                case "NavigationView", "NavigationSplitView":
                    return .failure("it is in a `\(file.text(name))`, not a `NavigationStack`")
                case let container where lazyContainers.contains(container):
                    target = name
                default:
                    break
                }
            }
            outer = Int(file.parent[outer])
        }
        guard let stack else { return .failure("no `NavigationStack` encloses it in \(view.name), and a value link needs one") }
        guard let targetEnd = callEnd(file, name: target) else { return .failure("its list is not one call") }
        let links = (target..<targetEnd).filter { file.isIdentifier($0, "NavigationLink") }
        guard links == [link] else { return .failure("its list holds more than one `NavigationLink`") }
        // Another list of the same stack that this fix would give its own destination for the
        // same type: SwiftUI uses one of the two, so neither is changed.
        let others = (stack..<file.end(of: stack + 1)).filter { $0 != link && file.isIdentifier($0, "NavigationLink") }
        if others.contains(where: { other in
            rowClosure(file, around: other).flatMap { Self.elementType(file, data: $0.data, members: view.brace) } == elementType
        }) {
            return .failure("another list in its `NavigationStack` links to `\(elementType)` rows too")
        }
        if file.tokens.indices.contains(where: { file.isIdentifier($0, "navigationDestination") && file.isIdentifier($0 + 2, "for") && file.isIdentifier($0 + 4, elementType) }) {
            return .failure("the file already has a `.navigationDestination(for: \(elementType).self)`")
        }

        let value = "value: \(element)"
        var indent = file.indentation(ofLine: file.tokens[target].line)
        // Among the container's modifiers, at their indentation.
        if file.isPunctuation(targetEnd + 1, "."), file.tokens[targetEnd + 1].line > file.tokens[targetEnd].line {
            indent = file.indentation(ofLine: file.tokens[targetEnd + 1].line)
        }
        let step = indent.contains("\t") ? "\t" : "    "
        let modifier = ".navigationDestination(for: \(elementType).self) { \(element) in"
        let edits = [
            LintEdit(range: file.endOffset(of: link)..<file.tokens[replaced.upperBound].offset, replacement: "(\(value)) "),
            LintEdit(range: file.endOffset(of: targetEnd)..<file.endOffset(of: targetEnd), replacement: "\n\(indent)\(modifier)\n\(indent)\(step)\(shown)\n\(indent)}"),
        ]
        return .success(Change(
            edits: edits,
            before: file.isPunctuation(open, "(") ? "NavigationLink(destination: \(shown))" : "NavigationLink { \(shown) } label:",
            link: "NavigationLink(\(value))",
            modifier: "\(modifier) \(shown) }",
            container: file.text(target)
        ))
    }

    /// Why a link is left as it is, as a clause: "its list holds more than one `NavigationLink`".
    struct Refusal: Error, ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
        let reason: String
        init(stringLiteral value: String) { reason = value }
        init(_ reason: String) { self.reason = reason }
    }

    /// The closure `{ item in` of the nearest enclosing `ForEach(data)` or `List(data)` whose
    /// data is a property (`items`, `self.items`) and whose other arguments are only `id:`.
    private static func rowClosure(_ file: SwiftFile, around index: Int) -> (container: Int, brace: Int, data: String)? {
        var outer = Int(file.parent[index])
        while outer >= 0 {
            if file.isPunctuation(outer, "{"), let name = file.callName(of: outer), file.text(name) == "ForEach" || file.text(name) == "List" {
                guard file.isPunctuation(name + 1, "("), file.end(of: name + 1) + 1 == outer,
                      file.tokens.indices.contains(outer + 2), file.tokens[outer + 1].isIdentifier, file.isIdentifier(outer + 2, "in") else { return nil }
                let arguments = file.callArguments(open: name + 1)
                guard let data = arguments.first, data.label == "_", arguments.dropFirst().allSatisfy({ $0.label == "id" }) else { return nil }
                var first = data.value.lowerBound
                if file.isIdentifier(first, "self"), file.isPunctuation(first + 1, ".") { first += 2 }
                guard first + 1 == data.value.upperBound, file.tokens[first].isIdentifier else { return nil }
                return (name, outer, file.text(first))
            }
            outer = Int(file.parent[outer])
        }
        return nil
    }

    /// The names the type whose body opens at `brace` declares: its properties and functions.
    private static func memberNames(_ file: SwiftFile, type brace: Int) -> Set<String> {
        Set(file.children(of: brace).compactMap { index in
            ["var", "let", "func"].contains(file.text(index)) && file.tokens.indices.contains(index + 1) && file.tokens[index + 1].isIdentifier ? file.text(index + 1) : nil
        })
    }

    /// `Item` for a property `data` declared `: [Item]` in the type whose body opens at `brace`.
    private static func elementType(_ file: SwiftFile, data: String, members brace: Int) -> String? {
        for index in file.children(of: brace) where (file.isIdentifier(index, "var") || file.isIdentifier(index, "let")) && file.isIdentifier(index + 1, data) {
            guard file.isPunctuation(index + 2, ":"), file.isPunctuation(index + 3, "["), file.isTypeName(index + 4), file.isPunctuation(index + 5, "]") else { return nil }
            return file.text(index + 4)
        }
        return nil
    }

    /// True when the file declares `name` (a struct or enum) or an extension of it with
    /// `Hashable` among its conformances.
    private static func isHashable(_ file: SwiftFile, _ name: String, scopes: [Int: SwiftFile.TypeScope]) -> Bool {
        scopes.contains { brace, scope in
            guard SwiftFile.lastComponent(scope.name) == name, ["struct", "enum", "extension"].contains(scope.keyword) else { return false }
            return (scope.keywordIndex..<brace).contains { file.isIdentifier($0, "Hashable") }
        }
    }

    /// The last token of the call named at `name`: its `(…)`, then its trailing closure, if any.
    private static func callEnd(_ file: SwiftFile, name: Int) -> Int? {
        var end = name
        if file.isPunctuation(end + 1, "(") { end = file.end(of: end + 1) }
        if file.isPunctuation(end + 1, "{") { end = file.end(of: end + 1) }
        return end > name && end < file.tokens.count ? end : nil
    }
}
