/// What a rule's detector is made with: the thresholds in force, the app's sources, and the
/// scan's names.
public struct RuleContext {
    /// The thresholds in force for the rule.
    public let thresholds: ThresholdValues
    /// The app's view declarations (`--sources`), for rules that can name the code behind a finding.
    public let sources: SourceIndex?
    /// The names of the scan. A detector may intern the names it looks for when it is made;
    /// while the scan runs the table belongs to the scan's reading thread.
    public let symbols: SymbolTable
    /// Whether anyone will ask `Detector.decided` (a live run that shows findings as they are
    /// decided): a detector keeps what it decided for the next call only then, so a run that
    /// never asks does not pile it up.
    public let decidesEarly: Bool
    /// Which body evaluations a rule that counts them reports (`check --evaluations`).
    public let evaluations: EvaluationScope

    /// Creates a context.
    public init(
        thresholds: ThresholdValues, sources: SourceIndex? = nil, symbols: SymbolTable = SymbolTable(), decidesEarly: Bool = false,
        evaluations: EvaluationScope = .avoidable
    ) {
        self.thresholds = thresholds
        self.evaluations = evaluations
        self.sources = sources
        self.symbols = symbols
        self.decidesEarly = decidesEarly
    }
}
