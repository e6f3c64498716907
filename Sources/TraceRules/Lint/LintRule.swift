/// A static check over Swift source: a shape in the code that makes a runtime rule fire.
///
/// A lint rule is a type with a description and a `check`, which sees one file at a time with
/// what the whole run knows about the project (which types are views, which are classes whose
/// init does work). It never prints; the `Linter` gives its violations a rule id, a severity
/// and a file.
public protocol LintRule: Sendable {
    /// The rule's id, documentation and examples.
    static var description: LintRuleDescription { get }

    /// The rule's violations in `source`.
    static func check(_ source: LintSource) -> [LintViolation]
}

/// What a lint rule found, before the linter gives it an id, a severity and a file.
public struct LintViolation: Sendable, Equatable {
    /// The token the finding points at; its line and column are the finding's.
    let token: Int
    /// The view the finding is about, as a runtime finding of the matching rule would name it:
    /// the view re-created for `identity_churn`, the view whose init does work for `heavy_initializer`.
    public var view: String?
    /// What was found, naming the code: `the same view in both branches of 'if isPlaying'`.
    public var message: String
    /// The fix for this site, naming its view, property and type: "In `SettingsScreen`, …";
    /// nil when the rule's general fix is all it can say.
    public var fix: String?
    /// The edits that make the fix, when it is mechanical and safe (the rule declares
    /// corrections); empty otherwise.
    public var edits: [LintEdit]

    init(token: Int, view: String?, message: String, fix: String? = nil, edits: [LintEdit] = []) {
        self.token = token
        self.view = view
        self.message = message
        self.fix = fix
        self.edits = edits
    }
}
