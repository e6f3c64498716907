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

    /// Creates a context.
    public init(thresholds: ThresholdValues, sources: SourceIndex? = nil, symbols: SymbolTable = SymbolTable()) {
        self.thresholds = thresholds
        self.sources = sources
        self.symbols = symbols
    }
}
