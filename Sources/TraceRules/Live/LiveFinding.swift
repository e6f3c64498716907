/// A finding a live run decided: new, or reported again because its severity rose.
public struct LiveFinding: Sendable, Equatable {
    /// The finding's number in the run: a finding reported again keeps it, so a consumer can
    /// replace what it showed (`watch --format json` prints it as `id`).
    public let id: Int
    /// The finding as it stood when decided. Later lines may add occurrences (its count and
    /// evidence grow); the run's final findings hold each in full.
    public let finding: Finding
    /// The severity it was reported with before, when this report raises it; nil when new.
    public let previousSeverity: Severity?
    /// How many evidence lines the finding cites: more than `finding.lines` holds when only
    /// the first were read back for a report that shows only those.
    public let evidenceCount: Int

    /// Creates a live finding; `evidenceCount` defaults to the lines `finding` carries.
    public init(id: Int, finding: Finding, previousSeverity: Severity? = nil, evidenceCount: Int? = nil) {
        self.id = id
        self.finding = finding
        self.previousSeverity = previousSeverity
        self.evidenceCount = evidenceCount ?? finding.lines.count
    }
}
