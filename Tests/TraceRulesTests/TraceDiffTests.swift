import Testing
import TraceRules
import TraceStore

/// `diff`: counts per view and rule in two traces, their markers, and what regresses.
@Suite struct TraceDiffTests {
    private func snapshot(_ fixture: String) throws -> TraceSnapshot {
        let pipeline = try Pipeline(path: Fixture.path(fixture))
        let findings = try pipeline.analyze()
        return try TraceSnapshot.load(database: pipeline.database, traceID: pipeline.traceID, findings: findings, label: fixture)
    }

    private func lines(_ diff: TraceDiff) -> [String] {
        diff.changes.map { row in
            "\(row.change.rawValue) \(row.subject.view) \(row.subject.metric.rawValue)\(row.subject.rule.map { " " + $0 } ?? "") \(row.base)→\(row.head)\(row.regressed ? " regressed" : "")"
        }
    }

    @Test(arguments: ["seeds/001-playbutton-toggle-twice.log", "seeds/004-navigation-eager.log"])
    func countingStoredFindingsEqualsCountingTheAnalyzersOnes(fixture: String) throws {
        // `diff` counts the findings from the store, one at a time, instead of holding them.
        let pipeline = try Pipeline(path: Fixture.path(fixture))
        let held = try TraceSnapshot.load(database: pipeline.database, traceID: pipeline.traceID, findings: try pipeline.analyze(), label: fixture)
        let stored = try TraceSnapshot.loadStored(database: pipeline.database, traceID: pipeline.traceID, label: fixture)
        let diff = TraceDiff(base: held, head: stored)
        #expect(lines(diff) == [])
        #expect(diff.rows.contains { $0.subject.metric == .findings }, "the fixture has findings to count")
    }

    @Test func showingThePlayButtonTwiceMoreIsMoreBodiesIdentitiesAndAFinding() throws {
        let diff = TraceDiff(base: try snapshot("seeds/001-playbutton-toggle.log"), head: try snapshot("seeds/001-playbutton-toggle-twice.log"))
        #expect(lines(diff) == [
            "~ ContentView body_evaluations 3→5 regressed",
            "~ PlayButton body_evaluations 3→5 regressed",
            "~ PlayButton identity_changes 2→3 regressed",
            "+ PlayButton findings identity_churn 0→1 regressed",
            // The single reset of the base is a hint; it does not regress when it goes.
            "- PlayButton findings identity_churn (info) 1→0",
        ])
        #expect(diff.rows.filter { $0.change == .unchanged }.map { "\($0.subject.view) \($0.subject.metric.rawValue)" }
                == ["ContentView identity_changes"])
    }

    @Test func theToleranceIsAPercentOfTheBaseCount() throws {
        let base = try snapshot("seeds/001-playbutton-toggle.log")
        let head = try snapshot("seeds/001-playbutton-toggle-twice.log")
        // 3 → 5 is +67 %, 2 → 3 is +50 %; a new finding grows from 0, beyond any tolerance.
        #expect(TraceDiff(base: base, head: head, tolerance: 50).regressions.map(\.subject.metric) == [.bodyEvaluations, .bodyEvaluations, .findings])
        #expect(TraceDiff(base: base, head: head, tolerance: 66.7).regressions.map(\.subject.metric) == [.findings])
        // The other way round everything shrank or went away: nothing regresses.
        let reverse = TraceDiff(base: head, head: base)
        #expect(reverse.regressions.isEmpty)
        #expect(lines(reverse).suffix(2) == ["- PlayButton findings identity_churn 1→0", "+ PlayButton findings identity_churn (info) 0→1"])
    }

    @Test func aViewOnlyHeadHasRegressesOnlyByItsFindings() {
        let base = TraceSnapshot(label: "base", counts: [TraceDiff.Subject(view: "Root", metric: .bodyEvaluations, rule: nil): 1])
        let head = TraceSnapshot(label: "head", counts: [
            TraceDiff.Subject(view: "Root", metric: .bodyEvaluations, rule: nil): 1,
            TraceDiff.Subject(view: "NewScreen", metric: .instances, rule: nil): 4,
            TraceDiff.Subject(view: "NewScreen", metric: .findings, rule: "heavy_initializer"): 1,
        ])
        #expect(lines(TraceDiff(base: base, head: head)) == [
            "+ NewScreen instances 0→4",
            "+ NewScreen findings heavy_initializer 0→1 regressed",
        ])
    }

    @Test func lazyDestinationsRemoveTheNavigationFinding() throws {
        let diff = TraceDiff(base: try snapshot("seeds/004-navigation-eager.log"), head: try snapshot("seeds/004-navigation-lazyview.log"))
        #expect(lines(diff) == ["- MyRootView findings non_lazy_navigation_destination 1→0"])
        #expect(diff.regressions.isEmpty)
    }
}
