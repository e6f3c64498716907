import Foundation
import Testing
@testable import TraceRules
import TraceStore

/// The findings read back from the store are the analyzer's, in its order, on every fixture.
@Suite struct StoredFindingsTests {
    static let logs: [String] = {
        let root = Fixture.root.appendingPathComponent("fixtures").path
        let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".log") }.sorted()
    }()

    @Test func everyFixtureHasLogs() {
        #expect(Self.logs.count > 100)
    }

    @Test(arguments: logs)
    func storedFindingsReadBackAsTheAnalyzerReturnedThem(log: String) throws {
        let pipeline = try Pipeline(path: Fixture.path(log))
        let analyzed = try pipeline.analyze()
        let stored = StoredFindings(database: pipeline.database, traceIDs: [pipeline.traceID])
        var read: [Finding] = []
        try stored.forEach { _, finding in read.append(finding) }
        #expect(read == analyzed)

        var counts: [Severity: Int] = [:]
        for finding in analyzed { counts[finding.severity, default: 0] += 1 }
        #expect(try stored.counts() == counts)

        var subjects: [StoredFindings.Subject: Int] = [:]
        for finding in analyzed { subjects[StoredFindings.Subject(finding), default: 0] += 1 }
        #expect(try stored.sharedSubjects() == Set(subjects.filter { $0.value > 1 }.keys))

        // JUnit's walk: groups of rule and view, placed by their first finding.
        var groups: [(key: String, findings: [Finding])] = []
        for finding in analyzed {
            let key = finding.rule + "\u{0}" + (finding.view ?? "-")
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].findings.append(finding)
            } else {
                groups.append((key, [finding]))
            }
        }
        var grouped: [Finding] = []
        try stored.forEach(order: .byRuleAndView) { _, finding in grouped.append(finding) }
        #expect(grouped == groups.flatMap(\.findings))
        #expect(try stored.ruleAndViewGroups() == groups.count)

        var baseline = ""
        try Baseline.writeJSON(recording: stored) { baseline += $0 }
        #expect(baseline == Baseline(findings: analyzed).json)
    }

    @Test func findingsOfSeveralTracesComeMostSevereFirstThenByTrace() throws {
        let database = try TraceDatabase.openTemporary()
        var all: [Finding] = []
        var traceIDs: [Int] = []
        for log in ["seeds/001-playbutton-toggle-twice.log", "seeds/004-navigation-eager.log", "rules/warnings-feed.log"] {
            let traceID = try Ingestor(database: database).ingest(path: Fixture.path(log)).traceID
            all += try Analyzer(database: database).analyze(traceID: traceID)
            traceIDs.append(traceID)
        }
        all.sort(by: Finding.reportOrder)
        #expect(Set(all.map(\.traceID)).count > 1)
        var read: [Finding] = []
        try StoredFindings(database: database, traceIDs: traceIDs).forEach { _, finding in read.append(finding) }
        #expect(read == all)
        var firstTwo: [Finding] = []
        try StoredFindings(database: database, traceIDs: Array(traceIDs.prefix(2))).forEach { _, finding in firstTwo.append(finding) }
        #expect(firstTwo == all.filter { $0.traceID != traceIDs[2] })
    }

    /// One trace's findings are read in report order straight from `findings_in_report_order`,
    /// and the counts taken before a report's first line from `findings_by_subject`: nothing is
    /// sorted first. Fails when `StoredFindings.reportOrder` and the index's expressions part.
    @Test func aReportOfOneTraceSortsNothing() throws {
        let pipeline = try Pipeline(path: Fixture.path("seeds/004-navigation-eager.log"))
        _ = try pipeline.analyze()
        let stored = StoredFindings(database: pipeline.database, traceIDs: [pipeline.traceID])
        func plan(_ sql: String) throws -> String {
            var steps: [String] = []
            try pipeline.database.forEachRow("EXPLAIN QUERY PLAN " + sql) { steps.append($0.text(at: 3) ?? "") }
            return steps.joined(separator: "; ")
        }
        let reading = try plan(stored.query(.report))
        #expect(reading.contains("findings_in_report_order"), "\(reading)")
        #expect(!reading.contains("TEMP B-TREE"), "\(reading)")
        let shared = try plan(stored.sharedSubjectsQuery)
        #expect(shared.contains("COVERING INDEX findings_by_subject") && !shared.contains("TEMP B-TREE"), "\(shared)")
        // With a baseline's exclusions too.
        let excluding = try plan(stored.excluding([1, 2]).query(.report))
        #expect(!excluding.contains("TEMP B-TREE"), "\(excluding)")
    }

    @Test func excludedFindingsAreNeitherReadNorCounted() throws {
        let pipeline = try Pipeline(path: Fixture.path("seeds/004-navigation-eager.log"))
        let analyzed = try pipeline.analyze()
        #expect(analyzed.count > 1)
        let all = StoredFindings(database: pipeline.database, traceIDs: [pipeline.traceID])
        var ids: [Int] = []
        try all.forEach(evidence: .omitted) { id, finding in
            ids.append(id)
            #expect(finding.lines.isEmpty)
        }
        let rest = all.excluding([ids[0]])
        var read: [Finding] = []
        try rest.forEach { _, finding in read.append(finding) }
        #expect(read == Array(analyzed.dropFirst()))
        #expect(try rest.counts().values.reduce(0, +) == analyzed.count - 1)
    }

    @Test func aWalkCanReadTheFirstLinesAndCountOrReadTheRest() throws {
        let pipeline = try Pipeline(path: Fixture.path("seeds/001-playbutton-toggle-twice.log"))
        let analyzed = try pipeline.analyze()
        #expect(analyzed.contains { $0.lines.count > 2 })
        let stored = StoredFindings(database: pipeline.database, traceIDs: [pipeline.traceID])
        var index = 0
        try stored.forEach(evidence: .first(2)) { id, finding throws in
            let full = analyzed[index]
            index += 1
            #expect(finding.lines == Array(full.lines.prefix(2)))
            #expect(try stored.evidenceCount(of: id) == full.lines.count)
            #expect(try stored.evidenceLines(of: id) == full.lines)
        }
        #expect(index == analyzed.count)
    }

    /// Many traces' findings in one store: more than one part of the read-ahead's hand-over.
    private static func manyFindings() throws -> (database: Database, stored: StoredFindings) {
        let database = try TraceDatabase.openTemporary()
        var traceIDs: [Int] = []
        for _ in 0 ..< 40 {
            let traceID = try Ingestor(database: database).ingest(path: Fixture.path("seeds/004-navigation-eager.log")).traceID
            _ = try Analyzer(database: database).analyzeIntoStore(traceID: traceID)
            traceIDs.append(traceID)
        }
        return (database, StoredFindings(database: database, traceIDs: traceIDs))
    }

    /// The connection `prepare` may use: the store's own while reading, a second one apart.
    private static func preparingConnection(_ database: Database, _ preparation: StoredFindings.Preparation) throws -> Database {
        switch preparation {
        case .whileReading: database
        case .apart: try #require(try database.openReader())
        }
    }

    @Test(arguments: [StoredFindings.Preparation.whileReading, .apart])
    func readingAheadGivesTheFindingsInOrderWithWhatTheirPreparingThreadPrepared(_ preparation: StoredFindings.Preparation) throws {
        let (database, stored) = try Self.manyFindings()
        var plain: [(Int, Finding)] = []
        try stored.forEach { plain.append(($0, $1)) }
        #expect(plain.count > 100)

        // `prepare` reads the database, as the text report does.
        let lookup = try EvidenceLookup(database: Self.preparingConnection(database, preparation))
        var ahead: [(Int, Finding)] = []
        try stored.forEach(preparing: { id, finding in
            (id, try finding.lines.first.flatMap { try lookup.line($0, traceID: finding.traceID)?.text })
        }, preparation: preparation) { id, finding, prepared in
            #expect(prepared.0 == id)
            #expect(prepared.1 != nil)
            ahead.append((id, finding))
        }
        #expect(ahead.map(\.0) == plain.map(\.0))
        #expect(ahead.map(\.1) == plain.map(\.1))
    }

    @Test(arguments: [StoredFindings.Preparation.whileReading, .apart])
    func aReportThatStopsEndsTheReadingAndLeavesTheConnectionToIt(_ preparation: StoredFindings.Preparation) throws {
        struct Stop: Error {}
        let (database, stored) = try Self.manyFindings()
        let connection = try Self.preparingConnection(database, preparation)
        var taken = 0
        #expect(throws: Stop.self) {
            try stored.forEach(preparing: { id, _ in id }, preparation: preparation) { _, _, _ in
                taken += 1
                if taken == 3 { throw Stop() }
            }
        }
        #expect(taken == 3)
        // The other threads have let go of the connections: they can be used at once.
        #expect(try database.scalarInt("SELECT count(*) FROM findings") ?? 0 > 100)
        #expect(try connection.scalarInt("SELECT count(*) FROM findings") ?? 0 > 100)

        struct Unreadable: Error {}
        var reached = 0
        #expect(throws: Unreadable.self) {
            try stored.forEach(preparing: { id, _ in
                if id > 70 { throw Unreadable() }
                return id
            }, preparation: preparation) { _, _, _ in reached += 1 }
        }
        // What was prepared before the failure is still handed over in order, then the error.
        #expect(reached <= 70)
    }
}
