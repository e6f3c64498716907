import Foundation
import Testing
import TraceModel
import TraceRules
import TraceStore

/// An event the log counts more than once is stored with its count (`multiplicities`) and
/// judged as the lines it stands for, by every rule, stored or live.
@Suite struct MultiplicityRuleTests {
    @Test func theCountIsStoredForTheEventsThatHappenedMoreThanOnce() throws {
        let pipeline = try Pipeline(log: """
            Row body (×12)
            Row appear
            last message repeated 2 times
            Card: _count changed.
            Card body

            """)
        var rows: [String] = []
        try pipeline.database.forEachRow("""
            SELECT e.line, e.kind, m.count FROM multiplicities m JOIN events e ON e.id = m.event_id ORDER BY e.line
            """) { rows.append("\($0.int(at: 0) ?? 0) \($0.text(at: 1) ?? "") \($0.int(at: 2) ?? -1)") }
        #expect(rows == ["1 body 12", "2 appear 3", "5 body 0"])
    }

    @Test func aMultipliedLineIsALoop() throws {
        let findings = try Pipeline.findings("excessive_body_evaluation", "Row body (×12)\nRow appear\n")
        #expect(findings.map(\.view) == ["Row"])
        #expect(findings.first?.lines == [1])
    }

    @Test func anElidedRunCountsAsTheLinesItStandsFor() throws {
        let findings = try Pipeline(path: Fixture.path("realworld/031-dashboard-basegraphview-recompute-storm.log")).analyze()
        #expect(findings.map(\.rule) == ["excessive_body_evaluation"])
        #expect(findings.first?.message.contains("32 times in a row") == true)
    }

    @Test func aBodyPrintBesideItsPrintChangesLineIsNotASecondEvaluation() throws {
        let paired = Array(repeating: "Card: _count changed.\nCard body", count: 6).joined(separator: "\n") + "\n"
        #expect(try Pipeline.findings("excessive_body_evaluation", paired).isEmpty)
        let doubled = Array(repeating: "Card: _count changed.\nCard: _count changed.", count: 6).joined(separator: "\n") + "\n"
        #expect(try Pipeline.findings("excessive_body_evaluation", doubled).map(\.view) == ["Card"])
    }

    /// `Card body` then `Card: unchanged.` is the same evaluation as the other way round: the
    /// rules count the `_printChanges` print, which says the body ran for nothing. With the
    /// developer's print first they used to count that one, and the avoidable run went unseen.
    @Test func anUnchangedBodyIsAvoidableWhicheverPrintComesFirst() throws {
        func log(_ first: String, _ second: String) -> String {
            Array(repeating: "Parent: @self changed.\n\(first)\n\(second)", count: 4).joined(separator: "\n") + "\n"
        }
        let changesFirst = try Pipeline.findings("avoidable_body_evaluation", log("Card: unchanged.", "Card body"))
        let bodyFirst = try Pipeline.findings("avoidable_body_evaluation", log("Card body", "Card: unchanged."))
        #expect(changesFirst.map(\.view) == ["Card"])
        #expect(bodyFirst.map(\.view) == ["Card"])
        #expect(bodyFirst.map(\.count) == changesFirst.map(\.count))
    }

    @Test func aCountOnTheSecondPrintOfAPairCountsThePair() throws {
        let pipeline = try Pipeline(log: """
            🔄 Card body evaluated
            Card: @self changed. (×20)
            Card: _count changed. (×3)
            Card body [repeated 3 times]

            """)
        var rows: [String] = []
        try pipeline.database.forEachRow("""
            SELECT e.line, m.count FROM multiplicities m JOIN events e ON e.id = m.event_id ORDER BY e.line
            """) { rows.append("\($0.int(at: 0) ?? 0) \($0.int(at: 1) ?? -1)") }
        // 0 + 20 is the first pair's twenty evaluations, counted on its `_printChanges` line;
        // 3 + 0 the second pair's three.
        #expect(rows == ["1 0", "2 20", "3 3", "4 0"])
        let findings = try Pipeline.findings("excessive_body_evaluation", "Card body\nCard: _count changed. (×20)\nHeader body\n")
        #expect(findings.map(\.view) == ["Card"])
    }

    @Test func aLiveRunCountsAsTheStoredScanDoes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("multiplicity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("live.log").path
        try Data("Row body (×12)\nRow appear\nHeader init x 3\nCard: _n changed.\nCard body\n".utf8).write(to: URL(fileURLWithPath: path))
        let run = try LiveRun(path: path)
        let live = (run.outcome?.findings ?? []).map { "\($0.rule):\($0.view ?? ""):\($0.count)" }
        let stored = run.analyzed.map { "\($0.rule):\($0.view ?? ""):\($0.count)" }
        #expect(live == stored)
        #expect(stored.contains { $0.hasPrefix("excessive_body_evaluation:Row") })
    }
}
