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

    package init(mode: Mode = .probe, condition: String = "DEBUG") {
        self.mode = mode
        self.condition = condition
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
