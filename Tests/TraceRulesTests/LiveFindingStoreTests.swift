import Foundation
import RequiredTools
import Testing
import TraceModel
@testable import TraceRules
import TraceStore

/// A live run that stores its findings as they settle and at the end (`watch`, through
/// `LiveFindingStore`) reports exactly what a run holding them to the end reports, and leaves
/// the store holding exactly that run's findings.
@Suite struct LiveFindingStoreTests {
    /// Two live runs over one ingest: one holds its findings (`finish()`), one stores them.
    private final class Twins: IngestObserver {
        let database: Database
        let path: String
        private(set) var traceID = 0
        private(set) var holding: LiveAnalyzer?
        private(set) var storing: LiveAnalyzer?
        private(set) var store: LiveFindingStore
        private(set) var holdingDecisions: [LiveFinding] = []
        private(set) var storingDecisions: [LiveFinding] = []

        init(database: Database, path: String) {
            self.database = database
            self.path = path
            store = LiveFindingStore(database: database)
        }

        func begin(traceID: Int) throws {
            self.traceID = traceID
            holding = LiveAnalyzer(traceID: traceID, source: path)
            storing = LiveAnalyzer(traceID: traceID, source: path, collectingLinesNamingInstances: false)
        }

        func take(_ batch: EventBatch) throws {
            holding?.observe(contentsOf: batch.events)
            holdingDecisions += holding?.decisions() ?? []
            storing?.observe(contentsOf: batch.events)
            storingDecisions += storing?.decisions() ?? []
            if let storing { try storing.storeSettled(in: store) }
        }

        func shouldContinue(_ progress: Ingestor.Progress) -> Bool { true }
    }

    /// With `evidenceLimit`, the findings reported at the end carry their first lines only,
    /// and count them all.
    private static func expectSameRuns(path: String, evidenceLimit: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let database = try TraceDatabase.openTemporary()
        let twins = Twins(database: database, path: path)
        _ = try Ingestor(database: database).ingest(path: path, observer: twins)
        let outcome = try #require(twins.holding?.finish(), sourceLocation: sourceLocation)
        var reportedAtEnd: [LiveFinding] = []
        try #require(twins.storing, sourceLocation: sourceLocation)
            .finish(storingIn: twins.store, database: database, evidenceLimit: evidenceLimit) { reportedAtEnd.append($0) }

        #expect(twins.storingDecisions == twins.holdingDecisions, "\(path): live reports", sourceLocation: sourceLocation)
        let expectedAtEnd = outcome.decidedAtEnd.map { live in
            guard let evidenceLimit else { return live }
            let finding = live.finding
            let first = Finding(
                rule: finding.rule, severity: finding.severity, view: finding.view, message: finding.message, count: finding.count,
                lines: Array(finding.lines.prefix(evidenceLimit)), traceID: finding.traceID, source: finding.source,
                rootCause: finding.rootCause, milliseconds: finding.milliseconds, waste: finding.waste
            )
            return LiveFinding(id: live.id, finding: first, previousSeverity: live.previousSeverity, evidenceCount: finding.lines.count)
        }
        #expect(reportedAtEnd == expectedAtEnd, "\(path): reports at the end", sourceLocation: sourceLocation)
        var stored: [Finding] = []
        try StoredFindings(database: database, traceIDs: [twins.traceID]).forEach { stored.append($1) }
        #expect(stored == outcome.findings, "\(path): stored findings", sourceLocation: sourceLocation)
        #expect(twins.store.stored == outcome.findings.count, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["seeds/001-playbutton-toggle-twice.log", "seeds/004-navigation-eager.log"])
    func aSeedIsReportedAndStoredAsWhenHeld(_ fixture: String) throws {
        try Self.expectSameRuns(path: Fixture.path(fixture))
    }

    /// `watch` on a terminal or a pipe shows a finding's first lines and counts the rest: the
    /// end reads back only those, and the count of all.
    @Test(arguments: ["seeds/001-playbutton-toggle-twice.log", "seeds/004-navigation-eager.log"])
    func theEndCanCarryAFindingsFirstLinesAndCountTheRest(_ fixture: String) throws {
        try Self.expectSameRuns(path: Fixture.path(fixture), evidenceLimit: 1)
    }

    /// Thousands of findings, most of them settled (and stored) long before the end.
    @Test(.enabled(if: RequiredTool.python3.shouldRun("LiveFindingStoreTests.aGeneratedLogIsReportedAndStoredAsWhenHeld")))
    func aGeneratedLogIsReportedAndStoredAsWhenHeld() throws {
        try LiveAnalyzerTests.withGeneratedLog(lines: 30000) { path in
            try Self.expectSameRuns(path: path)
            try Self.expectSameRuns(path: path, evidenceLimit: 6)
        }
    }
}
