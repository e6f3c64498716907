/// A place in the Swift sources that can explain a runtime finding: a lint finding, or a
/// shape that explains a finding without being a mistake on its own (a view shown and hidden
/// by an `if` gets a new identity each time it is shown: that is what the `if` is for, but it
/// is the line to look at when `identity_churn` reports the view).
public struct SourceSite: Sendable, Equatable {
    /// The lint rule that found it; nil for a shape no lint rule reports.
    public let rule: String?
    /// The runtime rules whose findings it explains.
    public let explains: [String]
    /// The file, as the directory given plus the path below it.
    public let file: String
    /// Where the shape starts.
    public let position: LintPosition
    /// The view a runtime finding it explains is about.
    public let view: String?
    /// What the code does: `the same view PlayButton in both branches of 'if isPlaying'`.
    public let message: String
    /// How a report introduces it: `caused at` for code that makes the finding happen, `held at`
    /// for a property that only says what the finding means (a `@StateObject`).
    public let relation: String
    /// The lines the lint rule's mechanical fix changes, before and after; nil when it makes none.
    public let change: SourceChange?

    /// Creates a site.
    public init(rule: String?, explains: [String], file: String, position: LintPosition, view: String?, message: String, relation: String = "caused at", change: SourceChange? = nil) {
        self.change = change
        self.rule = rule
        self.explains = explains
        self.file = file
        self.position = position
        self.view = view
        self.message = message
        self.relation = relation
    }

    /// `PlayerView.swift:42`: the file's last path component and the line.
    public var shortLocation: String {
        "\(file.split(separator: "/").last.map(String.init) ?? file):\(position.line)"
    }
}
