/// One possible problem in one Swift file, as `lint` reports it and `check --sources` links it.
public struct LintFinding: Sendable, Equatable {
    /// The lint rule's id.
    public let rule: String
    /// The runtime rule whose finding this shape explains, if any.
    public let runtimeRule: String?
    /// The severity in force.
    public let severity: Severity
    /// The file, as given (or below the directory given).
    public let file: String
    /// Where the shape starts.
    public let position: LintPosition
    /// The view the finding is about, named as a runtime finding would name it.
    public let view: String?
    /// What was found, naming the code, then `Fix:` and the rule's fix.
    public let message: String
    /// The finding's line as written, without its indentation.
    public let code: String
    /// The fix for this site, naming the user's view, property and type; nil when only the
    /// rule's general fix applies.
    public let fix: String?
    /// The lines the mechanical fix changes, before and after; nil when the rule does not fix
    /// this site itself.
    public let change: SourceChange?

    /// Creates a finding.
    public init(
        rule: String, runtimeRule: String?, severity: Severity, file: String, position: LintPosition, view: String?, message: String,
        code: String = "", fix: String? = nil, change: SourceChange? = nil
    ) {
        self.fix = fix
        self.change = change
        self.rule = rule
        self.runtimeRule = runtimeRule
        self.severity = severity
        self.file = file
        self.position = position
        self.view = view
        self.message = message
        self.code = code
    }

    /// `PlayerView.swift:42`: the file's last path component and the line.
    public var shortLocation: String {
        "\(file.split(separator: "/").last.map(String.init) ?? file):\(position.line)"
    }
}
