/// Applies the mechanical fixes of the lint rules that declare them, file by file.
///
/// Only rules with corrections (tested before → after pairs) change code, and only at sites
/// where they produced edits. The fixed text is read again until nothing is left to change (a
/// second `fix` then changes nothing); a file whose fixed text the reader finds less balanced
/// than before is left as it was.
public struct LintFixer: Sendable {
    /// One file's fix.
    public struct FileFix: Sendable {
        /// The path as listed.
        public let path: String
        /// The bytes read.
        public let old: [UInt8]
        /// The bytes to write.
        public let new: [UInt8]
        /// The findings fixed, as the first reading saw them.
        public let fixed: [LintFinding]
    }

    /// What a run would change.
    public struct Result: Sendable {
        /// The files that change, in listing order.
        public var files: [FileFix] = []
        /// Findings of fixable rules that were left (their site is not mechanical, or the log did not confirm it).
        public var left: [LintFinding] = []
        /// Files that could not be read, as `Linter` says.
        public var problems: [String] = []

        /// Fixes per rule id.
        public var countsByRule: [String: Int] {
            var counts: [String: Int] = [:]
            for file in files { for finding in file.fixed { counts[finding.rule, default: 0] += 1 } }
            return counts
        }
    }

    private let linter: Linter
    private let accepts: @Sendable (LintFinding) -> Bool

    /// A fixer for `configuration`'s rules that can fix; `accepts` narrows the sites (the
    /// rules asked for, the sites a log confirms).
    public init(configuration: LintConfiguration = LintConfiguration(), accepts: @escaping @Sendable (LintFinding) -> Bool = { _ in true }) {
        linter = Linter(configuration: configuration)
        self.accepts = accepts
    }

    /// The ids of the rules that can fix.
    public static var fixableRules: [String] {
        var ids: [String] = []
        for rule in LintRegistry.builtIn.rules {
            let description = rule.description
            if description.canFix { ids.append(description.identifier) }
        }
        return ids
    }

    /// What fixing `files` changes.
    public func fix(files: [(path: String, bytes: [UInt8])]) -> Result {
        var result = Result()
        // The project is read whole (which types are views, which labels callers pass).
        let first = Linter.read(files)
        result.problems = first.problems
        var current = Dictionary(files.map { ($0.path, $0.bytes) }, uniquingKeysWith: { a, _ in a })
        var fixed: [String: [LintFinding]] = [:]
        var sources = first.sources
        for _ in 0..<4 {
            var changed = false
            for source in sources {
                let findings = linter.findings(in: source).filter { $0.change != nil && accepts($0) }
                guard !findings.isEmpty, let bytes = current[source.file.path] else { continue }
                let applied = LintEdit.apply(findings.flatMap { $0.change!.edits }, to: bytes)
                let problemsBefore = source.file.problemCount
                if SwiftFile(path: source.file.path, source: applied.bytes).problemCount > problemsBefore { continue }
                guard applied.bytes != bytes else { continue }
                // A finding counts as fixed when all its edits were made.
                let made = Set(applied.applied.map { "\($0.range)" })
                fixed[source.file.path, default: []] += findings.filter { $0.change!.edits.allSatisfy { made.contains("\($0.range)") } }
                current[source.file.path] = applied.bytes
                changed = true
            }
            guard changed else { break }
            sources = Linter.read(files.map { ($0.path, current[$0.path] ?? $0.bytes) }).sources
        }
        for file in files where current[file.path] != file.bytes {
            result.files.append(FileFix(path: file.path, old: file.bytes, new: current[file.path] ?? file.bytes, fixed: fixed[file.path] ?? []))
        }
        let fixable = Set(Self.fixableRules)
        for source in sources {
            result.left += linter.findings(in: source).filter { fixable.contains($0.rule) }
        }
        return result
    }
}
