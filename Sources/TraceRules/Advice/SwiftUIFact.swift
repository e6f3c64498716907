/// One thing SwiftUI does that the tool's advice relies on, with where it is documented.
///
/// Rule summaries, rationales, fixes, lint messages and the docs state only what these facts
/// say; `contradictions` are the shapes of sentences that say otherwise, and a test runs them
/// over every text a user reads (see `SwiftUIFacts`).
public struct SwiftUIFact: Sendable {
    /// A stable snake_case id.
    public let identifier: String
    /// What SwiftUI does, in one or two sentences.
    public let statement: String
    /// Where it is documented: Apple's documentation or a WWDC session, with its address.
    public let sources: [String]
    /// The rules whose advice rests on the fact.
    public let rules: [String]
    /// Regular expressions matching a sentence that contradicts the fact.
    public let contradictions: [String]
    /// Sentences that contradict the fact (each matched by a pattern), so the check can fail.
    public let wrongExamples: [String]

    /// Creates a fact.
    public init(identifier: String, statement: String, sources: [String], rules: [String], contradictions: [String], wrongExamples: [String]) {
        self.identifier = identifier
        self.statement = statement
        self.sources = sources
        self.rules = rules
        self.contradictions = contradictions
        self.wrongExamples = wrongExamples
    }
}
