/// The `.trace-analyze.json` file, split into its sections; each section is read by its owner.
///
/// This type knows the top-level keys and rejects unknown ones; what is inside `patterns`
/// is checked by the parser's user patterns, what is inside `rules` and `custom_rules` by the rule engine, and
/// `fail_on`, `sources` and `baseline` by the rule engine's `CheckConfiguration`.
public struct ConfigurationFile: Sendable {
    /// The file name looked for in the working directory when `--config` is not given.
    public static let defaultName = ".trace-analyze.json"

    /// Every top-level key the file may have.
    public static let topLevelKeys = ["patterns", "rules", "custom_rules", "disabled_rules", "only_rules", "fail_on", "sources", "baseline", "evaluations", "budgets", "ignore_views"]

    /// The file's path, or nil for the built-in defaults (no file).
    public let path: String?
    /// The top-level object; nil when there is no file.
    public let root: ConfigurationReader?

    /// No file: every default.
    public static let defaults = ConfigurationFile(path: nil, root: nil)

    private init(path: String?, root: ConfigurationReader?) {
        self.path = path
        self.root = root
    }

    /// Loads and checks the top level of the file at `path`.
    public static func load(path: String) throws -> ConfigurationFile {
        try checked(ConfigurationReader.load(path: path), path: path)
    }

    /// The file whose top level `root` holds, checked as `load` checks it.
    static func checked(_ root: ConfigurationReader, path: String) throws -> ConfigurationFile {
        try root.rejectUnknownKeys(topLevelKeys)
        return ConfigurationFile(path: path, root: root)
    }
}
