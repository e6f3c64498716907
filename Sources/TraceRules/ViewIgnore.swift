import TraceModel

/// One entry of `"ignore_views"` in `.trace-analyze.json`: the findings on views a name or glob
/// matches, of every rule or of the rules listed, are left out of `check`'s and `report`'s
/// findings and counted in the summary line ("2 on ignored views"), so a view kept as it is on
/// purpose (a debug overlay, a branch the code shows again by design) stops failing the run
/// without turning its rules off for every other view.
///
/// `"ignore_views": ["DebugOverlay", "Preview*", {"view": "PlayButton", "rules": ["identity_churn"]}]`
public struct ViewIgnore: Sendable, Equatable {
    /// The view's name, or a glob (`ViewNamePattern`).
    public let view: String
    /// The rules whose findings are ignored; nil for every rule.
    public let rules: [String]?

    public init(view: String, rules: [String]? = nil) {
        self.view = view
        self.rules = rules
    }

    /// True when `finding` is on a view this entry names, of a rule it covers.
    public func ignores(_ finding: Finding) -> Bool {
        guard let name = finding.view, ViewNamePattern.matches(view, name) else { return false }
        return rules.map { $0.contains(finding.rule) } ?? true
    }

    /// The `ignore_views` of `file`, every entry checked; empty when it has none. `knownRules`
    /// are the rule ids an entry may name (built-in, custom, `budget`).
    public static func load(from file: ConfigurationFile, knownRules: Set<String>) throws -> [ViewIgnore] {
        guard let root = file.root, let value = root.members["ignore_views"] else { return [] }
        guard case .array(let items) = value else {
            throw root.error("ignore_views", "expected an array of view names, globs or {\"view\", \"rules\"} objects, found \(value.typeName)")
        }
        return try items.enumerated().map { index, item in
            let keyPath = root.path("ignore_views[\(index)]")
            switch item {
            case .string(let view):
                guard !view.isEmpty else { throw ConfigurationError(file: root.file, keyPath: keyPath, reason: "an empty view name ignores nothing") }
                return ViewIgnore(view: view)
            case .object:
                let entry = try ConfigurationReader(file: root.file, keyPath: keyPath, value: item)
                try entry.rejectUnknownKeys(["view", "rules"])
                guard let view = try entry.string("view"), !view.isEmpty else {
                    throw entry.error("view", "an entry names the view it ignores (\"view\": \"PlayButton\", or a glob such as \"Debug*\")")
                }
                let rules = try entry.strings("rules")
                for rule in rules ?? [] where !knownRules.contains(rule) {
                    throw entry.error("rules", Suggestion.unknown("rule", rule, valid: knownRules.sorted()))
                }
                return ViewIgnore(view: view, rules: rules)
            default:
                throw ConfigurationError(
                    file: root.file, keyPath: keyPath, reason: "expected a view name, a glob or {\"view\", \"rules\"}, found \(item.typeName)"
                )
            }
        }
    }
}
