import Foundation

/// What an instrument run inserts.
package struct InstrumentOptions: Sendable, Equatable {
    /// What goes into views.
    package enum Mode: Sendable, Equatable {
        /// TraceProbe's token in `@State`, a measured body with appear/disappear, a probe in
        /// every observable model, and `import TraceProbe`.
        case probe
        /// `let _ = Self._printChanges()` first in every view's body, and nothing else.
        case printChanges
    }

    package var mode: Mode
    /// The compilation condition every inserted piece sits in: `DEBUG` unless the user names
    /// another, so a release build carries none of it.
    package var condition: String

    /// When not empty, only files at or below one of these paths are changed (`--only`).
    package var only: [String]
    /// Files at or below these paths are not changed (`--exclude`), whatever `only` says.
    package var exclude: [String]

    package init(mode: Mode = .probe, condition: String = "DEBUG", only: [String] = [], exclude: [String] = []) {
        self.mode = mode
        self.condition = condition
        self.only = only
        self.exclude = exclude
    }

    /// Whether the file at `path` may be changed: `--only` and `--exclude` limit the change, not
    /// what is read, so a view whose body is in a file left out still gets what the file with
    /// its declaration needs, and no body reads a token that a file left out would declare.
    package func allowsChange(to path: String) -> Bool {
        let file = Self.absolute(path)
        func within(_ limit: String) -> Bool {
            let folder = Self.absolute(limit)
            return file == folder || file.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        }
        if exclude.contains(where: within) { return false }
        return only.isEmpty || only.contains(where: within)
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Whether `name` can follow `#if`: a compilation condition is an identifier.
    package static func isValidCondition(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// `lines` inside `#if condition` … `#endif`.
    func guarded(_ lines: [String]) -> [String] {
        ["#if \(condition)"] + lines + ["#endif"]
    }
}
