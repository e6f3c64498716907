/// Finds type declarations in one Swift file, and which of them conform to `View` or `ViewModifier`.
///
/// A small scanner over `SwiftTokenizer`'s tokens, not a parser: it reads the header of every
/// `struct`, `class`, `enum`, `actor` and `extension` (name, generic parameters, inheritance
/// clause, `where` clause, `{`) and follows braces to know which types enclose which, so
/// `extension Outer { struct Inner: View {} }` declares `Outer.Inner`. An extension never
/// declares a type, but `extension Name: View` makes `Name` a view.
package enum SwiftDeclarationScanner {
    package struct Result: Equatable {
        /// Every struct, class, enum and actor, in file order.
        package var declarations: [Found] = []
        /// Names (qualified by enclosing scopes) that an extension makes conform to a view protocol.
        package var viewExtensions: Set<String> = []
        /// Every extension, in file order, named by the type it extends (qualified by enclosing scopes).
        package var extensions: [Found] = []
    }

    /// One declared type or extension, and whether its own inheritance clause names a view protocol.
    package struct Found: Equatable {
        package var declaration: TypeDeclaration
        package var isView: Bool
        /// `struct`, `class`, `enum`, `actor` or `extension`.
        package var keyword: String
        /// The last name component of each entry of the inheritance clause, in order
        /// (`SwiftUI.View` → `View`; `Identifiable, ObservableObject`).
        package var inherited: [String]
        /// Token indexes of the keyword and of the `{` that opens the body.
        package var keywordToken: Int
        package var openingBrace: Int
    }

    /// The protocols whose conformance makes a type a view, by their last name component.
    package static let viewProtocols: Set<String> = ["View", "ViewModifier"]

    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor"]

    /// Words that follow `class` (or `actor` used as a name) without declaring a type.
    private static let notNames: Set<String> = [
        "func", "var", "let", "subscript", "override", "final", "static", "private", "public", "internal",
        "fileprivate", "open", "package", "in", "init", "deinit", "convenience", "required", "mutating",
        "nonmutating", "dynamic", "lazy", "weak", "unowned", "case", "where", "protocol", "typealias",
    ]

    /// Scans `source`, naming `file` in the declarations.
    package static func scan(_ source: [UInt8], file: String) -> Result {
        scan(tokens: SwiftTokenizer.tokens(source), file: file)
    }

    /// Scans tokens already read from a file named `file`.
    package static func scan(tokens: [SwiftToken], file: String) -> Result {
        var result = Result()
        // One entry per open `{`: the type or extension name it opens, nil for any other brace.
        var scopes: [String?] = []
        var pendingScope: String?
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.text == "{" && !token.isIdentifier {
                scopes.append(pendingScope)
                pendingScope = nil
            } else if token.text == "}" && !token.isIdentifier {
                _ = scopes.popLast()
            } else if token.isIdentifier, typeKeywords.contains(token.text) || token.text == "extension",
                      index == 0 || tokens[index - 1].text != ".",
                      let header = Header.read(tokens, after: index, isExtension: token.text == "extension") {
                let name = (scopes.compactMap { $0 } + [header.name]).joined(separator: ".")
                let nameToken = tokens[index + 1]
                let found = Found(
                    declaration: TypeDeclaration(name: name, file: file, line: nameToken.line, column: nameToken.column),
                    isView: header.conformsToView, keyword: token.text, inherited: header.inherited,
                    keywordToken: index, openingBrace: header.openingBrace
                )
                if token.text == "extension" {
                    if header.conformsToView { result.viewExtensions.insert(name) }
                    result.extensions.append(found)
                } else {
                    result.declarations.append(found)
                }
                pendingScope = name
                // Resume at the header's `{`, which opens the type's scope.
                index = header.openingBrace
                continue
            }
            index += 1
        }
        return result
    }

    /// A declaration's header, from its name to the `{` that opens its body.
    private struct Header {
        var name: String
        var conformsToView = false
        var inherited: [String] = []
        var openingBrace: Int

        /// Reads the header after the keyword at `keyword`; nil when what follows is no declaration.
        static func read(_ tokens: [SwiftToken], after keyword: Int, isExtension: Bool) -> Header? {
            var index = keyword + 1
            func token(_ offset: Int = 0) -> SwiftToken? { index + offset < tokens.count ? tokens[index + offset] : nil }

            guard let first = token(), first.isIdentifier, !notNames.contains(first.text) else { return nil }
            var name = first.text
            index += 1
            // `extension Outer.Inner`; a declaration's own name is never dotted.
            while isExtension, token()?.text == ".", let part = token(1), part.isIdentifier {
                name += "." + part.text
                index += 2
            }
            if token()?.text == "<" {
                guard let end = skipAngles(tokens, from: index) else { return nil }
                index = end
            }
            var header = Header(name: name, openingBrace: 0)
            if token()?.text == ":" {
                index += 1
                var angles = 0, parentheses = 0
                var lastName: String?
                while let current = token(), current.text != "{", !(current.isIdentifier && current.text == "where" && angles == 0) {
                    if !current.isIdentifier {
                        switch current.text {
                        case "<": angles += 1
                        case ">": angles -= 1
                        case "(": parentheses += 1
                        case ")": parentheses -= 1
                        case "," where angles == 0 && parentheses == 0:
                            header.conformsToView = header.conformsToView || lastName.map(viewProtocols.contains) == true
                            if let lastName { header.inherited.append(lastName) }
                            lastName = nil
                        case "}", "=", ";": return nil
                        default: break
                        }
                    } else if angles == 0, parentheses == 0, tokens[index - 1].text != "@" {
                        lastName = current.text
                    }
                    index += 1
                }
                header.conformsToView = header.conformsToView || lastName.map(viewProtocols.contains) == true
                if let lastName { header.inherited.append(lastName) }
            }
            if let current = token(), current.isIdentifier, current.text == "where" {
                while let current = token(), current.text != "{" {
                    if current.text == "}" || current.text == ";" { return nil }
                    index += 1
                }
            }
            guard token()?.text == "{" else { return nil }
            header.openingBrace = index
            return header
        }

        /// The index after the `>` that closes the `<` at `start`; nil when a brace comes first.
        private static func skipAngles(_ tokens: [SwiftToken], from start: Int) -> Int? {
            var depth = 0
            for index in start..<tokens.count where !tokens[index].isIdentifier {
                switch tokens[index].text {
                case "<": depth += 1
                case ">":
                    depth -= 1
                    if depth == 0 { return index + 1 }
                case "{", "}", ";": return nil
                default: break
                }
            }
            return nil
        }
    }
}
