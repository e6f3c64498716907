import Foundation
import Testing
import TraceRules
import TraceStore

/// A model's owner is one account: the view the rules found made it, not the line before or
/// after it, and `why --line` on the model's init names the same view as the finding.
@Suite struct ModelOwnerTests {
    /// A settings screen builds a stateless badge, then a panel whose `@State` holds a model
    /// made on every init of the panel. (`FilterStore` is read as an object by its name: with a
    /// name like `SearchFilters` and no deinit printed, the log could not tell it from a view.)
    static let log = """
        SettingsScreen: @self, @identity changed.
        UnreadBadge init
        FilterStore init
        FilterPanel init
        FilterPanel: @self, @identity changed.
        SettingsScreen: _unread changed.
        UnreadBadge init
        FilterStore init
        FilterPanel init
        SettingsScreen: _unread changed.
        UnreadBadge init
        FilterStore init
        FilterPanel init
        """

    @Test func whyOnAModelsInitNamesTheViewTheFindingNames() throws {
        let pipeline = try Pipeline(log: Self.log)
        try Analyzer(database: pipeline.database).analyzeIntoStore(traceID: pipeline.traceID)
        let findings = StoredFindings(database: pipeline.database, traceIDs: [pipeline.traceID])
        var owners: [String?] = []
        try findings.forEach { _, finding in if finding.rule == "heavy_initializer" { owners.append(finding.view) } }
        #expect(owners == ["FilterPanel"])
        var explainer = try Explainer(database: pipeline.database, traceID: pipeline.traceID)
        for line in [3, 8, 12] {
            let sentences = try explainer.explain(line: line).groups.map(\.sentence)
            #expect(sentences.count == 1 && sentences[0].contains("FilterStore init, made by FilterPanel's init"), "line \(line): \(sentences)")
        }
        // The badge and the panel are views: their inits name no maker.
        #expect(try explainer.explain(line: 2).groups.allSatisfy { !$0.sentence.contains("made by") })
        #expect(try explainer.explain(line: 4).groups.allSatisfy { !$0.sentence.contains("made by") })
    }
}
