import TraceModel

/// The `fail_on`, `sources`, `baseline`, `budgets` and `ignore_views` keys of
/// `.trace-analyze.json`: what `check` and `report` do in CI when the command line does not say.
///
/// Paths are relative to the configuration file's directory, as SwiftLint reads its own, so a
/// file at the repository root works from any working directory that names it with `--config`.
public struct CheckConfiguration: Sendable, Equatable {
    /// `fail_on`; nil when the file does not set it (the command line's default then holds: `error`).
    public let failLevel: FailLevel?
    /// `sources`: the directory of Swift files that `--sources` would name.
    public let sources: String?
    /// `baseline`: the baseline file that `--baseline` would name.
    public let baseline: String?
    /// `budgets`: the most (or exact) body evaluations, inits... per view (`Budget`).
    public let budgets: [Budget]
    /// `ignore_views`: the views (and rules) whose findings the report leaves out and counts.
    public let ignoredViews: [ViewIgnore]

    /// Reads the keys from `file`; a wrong type or an unknown level names the key.
    public init(file: ConfigurationFile) throws {
        guard let root = file.root else {
            failLevel = nil
            sources = nil
            baseline = nil
            budgets = []
            ignoredViews = []
            return
        }
        if let name = try root.string("fail_on") {
            guard let level = FailLevel(name: name) else {
                throw root.error("fail_on", "unknown level '\(name)'; valid: \(FailLevel.names.joined(separator: ", "))")
            }
            failLevel = level
        } else {
            failLevel = nil
        }
        let directory = Self.directory(of: file.path ?? "")
        sources = try root.string("sources").map { Self.resolve($0, in: directory) }
        baseline = try root.string("baseline").map { Self.resolve($0, in: directory) }
        budgets = try Budget.load(from: file)
        let customRules = try root.object("custom_rules")?.order ?? []
        ignoredViews = try ViewIgnore.load(
            from: file, knownRules: Set(RuleRegistry.builtIn.identifiers + customRules + [BudgetCheck.description.identifier])
        )
    }

    /// `ci/trace.json` → `ci/`; a file in the working directory → empty.
    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    private static func resolve(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") || directory.isEmpty ? path : directory + path
    }
}
