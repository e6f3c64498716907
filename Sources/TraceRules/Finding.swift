/// One problem in one trace, as stored in `findings` and `evidence` and shown in reports.
public struct Finding: Sendable, Equatable {
    /// The rule's id.
    public let rule: String
    /// The severity in force (the rule's default or the configuration's).
    public let severity: Severity
    /// The view the finding is about.
    public let view: String?
    /// What was found, with the numbers behind it.
    public let message: String
    /// How many occurrences the finding covers.
    public let count: Int
    /// The cited source lines, ascending.
    public let lines: [Int]
    /// The trace's id in the store.
    public let traceID: Int
    /// The trace's source as ingested: a path, or `-` for stdin.
    public let source: String
    /// What started the updates the evidence lines belong to, with their lines:
    /// `ContentView._showPlayButton changed (2 updates: lines 5, 9)`; nil when the evidence is
    /// in no update of body evaluations or inits.
    public let rootCause: String?
    /// The measured time of what `count` counts, when the rule summed it (`Violation.milliseconds`).
    public let milliseconds: Double?
    /// How many of `count` need not have happened, where fewer than all (`Violation.waste`).
    public let waste: Int?

    /// Creates a finding.
    public init(
        rule: String, severity: Severity, view: String?, message: String, count: Int,
        lines: [Int], traceID: Int, source: String, rootCause: String? = nil, milliseconds: Double? = nil, waste: Int? = nil
    ) {
        self.milliseconds = milliseconds
        self.waste = waste
        self.rule = rule
        self.severity = severity
        self.view = view
        self.message = message
        self.count = count
        self.lines = lines
        self.traceID = traceID
        self.source = source
        self.rootCause = rootCause
    }
}

extension Finding {
    /// The order reports list findings in: most severe first, then by trace and first line.
    public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.severity != rhs.severity { return lhs.severity > rhs.severity }
        if lhs.traceID != rhs.traceID { return lhs.traceID < rhs.traceID }
        let left = lhs.lines.first ?? 0, right = rhs.lines.first ?? 0
        if left != right { return left < right }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return (lhs.view ?? "") < (rhs.view ?? "")
    }
}
