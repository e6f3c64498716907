import Foundation
import SwiftSource

/// The SwiftUI views declared in a tree of Swift files, looked up by the names logs print.
///
/// A view is a `struct`, `class`, `enum` or `actor` that conforms to `View` or `ViewModifier`
/// in its declaration or in an extension; the location is its declaration's name, never an
/// extension's. Logs print nested types as `Outer.Inner`, or just `Inner`, and generic ones
/// with their arguments (`Row<Item>`); all of these find the declaration.
public struct SourceIndex: Sendable {
    /// Every view found, in file and line order.
    public let views: [TypeDeclaration]
    /// The places that explain runtime findings (`lint`'s findings and the views conditions
    /// show and hide), in file and position order.
    public let sites: [SourceSite]

    /// Indexes the given files' text; `path` is used as each declaration's file.
    public init(files: [(path: String, text: String)]) {
        sites = Linter.sites(in: files.map { ($0.path, Array($0.text.utf8)) }).sites
        var found: [SwiftDeclarationScanner.Found] = []
        var viewExtensions: Set<String> = []
        for file in files {
            let result = SwiftDeclarationScanner.scan(Array(file.text.utf8), file: file.path)
            found += result.declarations
            viewExtensions.formUnion(result.viewExtensions)
        }
        views = found.filter { $0.isView || viewExtensions.contains($0.declaration.name) }.map(\.declaration)
    }

    /// Indexes every `.swift` file below `directory`, skipping hidden directories and `.build`.
    ///
    /// Files are read in path order, so the index and every report built on it are the same on
    /// every machine. Declarations name their file as `directory` joined with the path below it.
    public static func scan(directory: String) throws -> SourceIndex {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AnalysisError("\(directory): no such directory of Swift sources")
        }
        let paths: [String]
        do {
            paths = try SwiftFileList.paths(in: [directory])
        } catch {
            throw AnalysisError(error.description)
        }
        let files = paths.compactMap { path -> (path: String, text: String)? in
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return (path, String(decoding: data, as: UTF8.self))
        }
        return SourceIndex(files: files)
    }

    /// The declaration of the view a log calls `name`; nil when none, or when several files
    /// declare views of that name and the log cannot say which one it meant.
    public func declaration(of name: String) -> TypeDeclaration? {
        let bare = Self.withoutGenericArguments(name)
        guard !bare.isEmpty else { return nil }
        if let exact = unique(views.filter { $0.name == bare }) { return exact }
        // A log may leave out the enclosing types: `Inner` or `Middle.Inner` for `Outer.Middle.Inner`.
        return unique(views.filter { $0.name.hasSuffix("." + bare) })
    }

    /// The sites that explain a finding of runtime rule `rule` about the view a log calls
    /// `view`, the most specific first: a lint finding before a shape that is no mistake alone.
    ///
    /// Views are compared by their last name component without generic arguments, as logs
    /// print them in several ways (`Outer.Row<Item>`, `Row`).
    public func sites(explaining rule: String, view: String?) -> [SourceSite] {
        guard let view else { return [] }
        let name = Self.lastComponent(Self.withoutGenericArguments(view))
        var matching = sites.filter { $0.explains.contains(rule) && $0.view.map(Self.lastComponent) == name }
        if rule == UnstableViewValueRule.description.identifier {
            matching += unstablePropertySites(of: view, named: name)
        }
        // Lint findings first, each group in file order; one site per line.
        var seen: Set<String> = []
        return (matching.filter { $0.rule != nil } + matching.filter { $0.rule == nil }).filter {
            seen.insert("\($0.file):\($0.position.line)").inserted
        }
    }

    /// The stored properties that make the view's value differ on every init (`let id = UUID()`),
    /// as sites that explain `unstable_view_value`: the rule's own reading of the declaration.
    private func unstablePropertySites(of view: String, named name: String) -> [SourceSite] {
        guard let properties = UnstableViewValueRule.unstableProperties(of: view, in: self) else { return [] }
        return properties.map { property in
            // The rule knows the line; the column is the property name's on it.
            let text = FileManager.default.contents(atPath: property.file).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(property.line - 1).first.map(String.init) ?? ""
            let column = line.range(of: property.name).map { line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: $0.lowerBound.samePosition(in: line.unicodeScalars) ?? line.unicodeScalars.startIndex) + 1 } ?? 1
            return SourceSite(
                rule: nil, explains: [UnstableViewValueRule.description.identifier], file: property.file,
                position: LintPosition(line: property.line, column: column), view: name,
                message: "'\(property.name)' is \(property.reason), new on every init of \(name): SwiftUI can never skip its body"
            )
        }
    }

    static func lastComponent(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// The first candidate when all are in one file (`#if` variants); nil when none or ambiguous.
    private func unique(_ candidates: [TypeDeclaration]) -> TypeDeclaration? {
        guard let first = candidates.first, candidates.allSatisfy({ $0.file == first.file }) else { return nil }
        return first
    }

    /// `Row<Dictionary<String, Int>>.Cell` → `Row.Cell`.
    static func withoutGenericArguments(_ name: String) -> String {
        var result = ""
        var depth = 0
        for character in name {
            switch character {
            case "<": depth += 1
            case ">": depth = max(0, depth - 1)
            default: if depth == 0 { result.append(character) }
            }
        }
        return result.trimmingCharacters(in: .whitespaces)
    }
}
