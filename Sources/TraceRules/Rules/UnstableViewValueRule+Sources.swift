import Foundation
import SwiftSource

/// With `--sources`: the stored properties in a view's declaration that differ on every init.
extension UnstableViewValueRule {
    /// A stored property made anew with every value of its view.
    struct UnstableProperty: Equatable {
        let name: String
        /// What makes it differ: `UUID()`, `Date()`, `.random(…)`, `a closure`.
        let reason: String
        let file: String
        let line: Int
    }

    /// The unstable stored properties of the view the log calls `view`, in declaration order:
    /// nil when the sources do not declare the view, empty when its declaration has none.
    static func unstableProperties(of view: String, in sources: SourceIndex) -> [UnstableProperty]? {
        guard let declaration = sources.declaration(of: view),
              let data = FileManager.default.contents(atPath: declaration.file) else { return nil }
        let tokens = SwiftTokenizer.tokens(Array(data))
        guard let name = tokens.firstIndex(where: { $0.line == declaration.line && $0.column == declaration.column }),
              let open = tokens[name...].firstIndex(where: { $0.text == "{" && !$0.isIdentifier }) else { return nil }
        return PropertyScanner(tokens: tokens, file: declaration.file).scanBody(from: open)
    }

    /// Reads one type body's tokens: stored `let`/`var` at the top level with their type and
    /// initial value, and `self.name = …` in its initialisers.
    ///
    /// Property wrappers (`@State var id = UUID()` keeps its first value per identity) and `static`
    /// properties are stable and skipped; a computed property (`var body: some View {`) stores
    /// nothing. A declaration ends where its line ends outside brackets.
    private struct PropertyScanner {
        let tokens: [SwiftToken]
        let file: String

        private static let modifiers: Set<String> = [
            "private", "fileprivate", "internal", "public", "package", "open", "final", "nonisolated", "lazy", "weak", "unowned",
        ]

        func scanBody(from open: Int) -> [UnstableProperty] {
            var found: [UnstableProperty] = []
            var index = open + 1
            var depth = 1
            var wrapped = false, isStatic = false
            while index < tokens.count, depth > 0 {
                let token = tokens[index]
                if !token.isIdentifier {
                    switch token.text {
                    case "{", "(", "[": depth += 1
                    case "}", ")", "]": depth -= 1
                    case "@" where depth == 1: wrapped = true
                    default: break
                    }
                    index += 1
                    continue
                }
                guard depth == 1 else {
                    index += 1
                    continue
                }
                switch token.text {
                case "static", "class": isStatic = true
                case let word where Self.modifiers.contains(word): break
                case "let", "var":
                    let end = declarationEnd(after: index)
                    if !wrapped, !isStatic, let property = storedProperty(index, end) { found.append(property) }
                    wrapped = false
                    isStatic = false
                    index = end
                    continue
                case "init":
                    if let body = tokens[index...].firstIndex(where: { $0.text == "{" && !$0.isIdentifier }) {
                        let end = matchingBrace(body)
                        found += assignments(in: body..<end)
                        index = end
                        continue
                    }
                default:
                    // An attribute's name (`@State`) or any other declaration: attributes apply to
                    // the next declaration only.
                    if index > 0, tokens[index - 1].text == "@" { break }
                    wrapped = false
                    isStatic = false
                }
                index += 1
            }
            return found.sorted { $0.line < $1.line }
        }

        /// The index just past the declaration that starts at `keyword`.
        private func declarationEnd(after keyword: Int) -> Int {
            var index = keyword + 1
            var depth = 0
            while index < tokens.count {
                let token = tokens[index]
                if depth == 0, token.line > tokens[index - 1].line, !continuesExpression(index) { break }
                if !token.isIdentifier {
                    switch token.text {
                    case "{", "(", "[": depth += 1
                    case "}", ")", "]":
                        if depth == 0 { return index }
                        depth -= 1
                    default: break
                    }
                }
                index += 1
            }
            return index
        }

        /// A line starting with `.` or an operator continues the expression above it.
        private func continuesExpression(_ index: Int) -> Bool {
            let token = tokens[index]
            return !token.isIdentifier && [".", "+", "-", "*", "?", ":", "=", "&", "|"].contains(token.text)
        }

        private func storedProperty(_ keyword: Int, _ end: Int) -> UnstableProperty? {
            guard keyword + 1 < end, tokens[keyword + 1].isIdentifier else { return nil }
            let name = tokens[keyword + 1]
            let rest = Array(tokens[(keyword + 2)..<end])
            let equals = rest.firstIndex { $0.text == "=" && !$0.isIdentifier }
            let type = rest[..<(equals ?? rest.count)]
            // `var body: some View {`: a computed property stores nothing.
            if type.contains(where: { $0.text == "{" && !$0.isIdentifier }) { return nil }
            if Self.isFunctionType(type) { return UnstableProperty(name: name.text, reason: "a closure", file: file, line: name.line) }
            guard let equals, let reason = Self.unstableValue(rest[(equals + 1)...]) else { return nil }
            return UnstableProperty(name: name.text, reason: reason, file: file, line: name.line)
        }

        /// `self.name = UUID()` in an initialiser's body.
        private func assignments(in range: Range<Int>) -> [UnstableProperty] {
            var found: [UnstableProperty] = []
            for index in range where tokens[index].text == "self" && index + 3 < range.upperBound {
                guard tokens[index + 1].text == ".", tokens[index + 2].isIdentifier, tokens[index + 3].text == "=" else { continue }
                let line = tokens[index].line
                let value = tokens[(index + 4)..<range.upperBound].prefix { $0.line == line }
                if let reason = Self.unstableValue(value[...]) {
                    found.append(UnstableProperty(name: tokens[index + 2].text, reason: reason, file: file, line: line))
                }
            }
            return found
        }

        private func matchingBrace(_ open: Int) -> Int {
            var depth = 0
            for index in open..<tokens.count where !tokens[index].isIdentifier {
                if tokens[index].text == "{" { depth += 1 }
                if tokens[index].text == "}" {
                    depth -= 1
                    if depth == 0 { return index + 1 }
                }
            }
            return tokens.count
        }

        /// `() -> Void`, `((Item) -> Void)?`: an arrow in the type annotation.
        private static func isFunctionType(_ type: ArraySlice<SwiftToken>) -> Bool {
            zip(type, type.dropFirst()).contains { $0.text == "-" && $1.text == ">" }
        }

        /// What in an initial value makes a new value every time, if anything.
        private static func unstableValue(_ value: ArraySlice<SwiftToken>) -> String? {
            let tokens = Array(value)
            for (index, token) in tokens.enumerated() {
                let next = index + 1 < tokens.count ? tokens[index + 1].text : ""
                let previous = index > 0 ? tokens[index - 1].text : ""
                switch token.text {
                case "UUID" where next == "(": return "UUID()"
                case "Date" where next == "(": return "Date()"
                case "now" where previous == ".": return ".now"
                case "random" where previous == ".", "randomElement" where previous == ".": return ".\(token.text)(…)"
                // `= { … }` stores a closure; `= 0 { didSet … }` (numbers are not tokens) observes.
                case "{" where index == 0 && !token.isIdentifier && next != "didSet" && next != "willSet": return "a closure"
                default: continue
                }
            }
            return nil
        }
    }
}
