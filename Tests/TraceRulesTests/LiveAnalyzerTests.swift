import Foundation
import RequiredTools
import Testing
import TraceModel
@testable import TraceRules
import TraceStore

/// A live run (`LiveAnalyzer`, fed beside the writer) finds exactly what `check` finds, and
/// reports each finding once, early where its rule can decide early.
@Suite struct LiveAnalyzerTests {
    /// Every log under `fixtures/seeds`, `fixtures/rules` and `fixtures/realworld`.
    static var fixtures: [String] {
        ["seeds", "rules", "realworld"].flatMap { directory -> [String] in
            let root = Fixture.path(directory)
            let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
            return files.filter { $0.hasSuffix(".log") }.sorted().map { "\(directory)/\($0)" }
        }
    }

    @Test func everyFixtureDirectoryHasLogs() {
        let logs = Self.fixtures
        #expect(logs.filter { $0.hasPrefix("seeds/") }.count >= 10)
        #expect(logs.filter { $0.hasPrefix("rules/") }.count >= 5)
        #expect(logs.filter { $0.hasPrefix("realworld/") }.count >= 45)
    }

    @Test(arguments: fixtures)
    func liveFindingsAreCheckFindings(_ fixture: String) throws {
        try Self.expectSameFindings(LiveRun(path: Fixture.path(fixture)))
    }

    @Test(.enabled(if: RequiredTool.python3.shouldRun("LiveAnalyzerTests.aGeneratedLogGivesTheSameFindingsLiveAndDecidesMostEarly")))
    func aGeneratedLogGivesTheSameFindingsLiveAndDecidesMostEarly() throws {
        try Self.withGeneratedLog(lines: 20000) { path in
            let run = try LiveRun(path: path)
            try Self.expectSameFindings(run)
            // The generator's episodes are loops and re-creations: decided as they close, not at the end.
            let early = run.reports.filter { $0.live.previousSeverity == nil }
            #expect(early.count >= 10, "\(early.count) findings decided before the end")
            #expect(Set(early.map(\.live.finding.rule)).isSuperset(of: ["excessive_body_evaluation"]))
        }
    }

    @Test func seed001PlayButtonIsDecidedWhenTheFirstResetsUpdateCloses() throws {
        let run = try LiveRun(path: Fixture.path("seeds/001-playbutton-toggle-twice.log"))
        let playButton = run.reports.filter { $0.live.finding.rule == "identity_churn" && $0.live.finding.view == "PlayButton" }
        // Line 7 starts PlayButton's own update, which closes ContentView's (lines 5-6).
        #expect(playButton.map(\.afterLine) == [7])
        #expect(playButton.first?.live.finding.severity == .info)
        #expect(playButton.first?.live.finding.lines == [5, 6])
        // The second showing closes only with the stream: the finding is raised to warning at the end.
        let end = try #require(run.outcome?.decidedAtEnd.first { $0.finding.rule == "identity_churn" })
        #expect(end.id == playButton.first?.live.id)
        #expect(end.previousSeverity == .info)
        #expect(end.finding.severity == .warning)
        #expect(end.finding.lines == [5, 6, 9, 10])
    }

    /// The probe's logs (exact lines) give the same findings live as in `check`.
    @Test(arguments: ["toggle-resets", "state-model-recreation", "eager-destinations", "slow-feed", "healthy-navigation"])
    func probeLogsGiveTheSameFindingsLive(_ name: String) throws {
        try Self.expectSameFindings(LiveRun(path: Fixture.path("probe/\(name).log")))
    }

    @Test func aLongBodyUpdateIsDecidedAtTheFirstSlowBody() throws {
        let run = try LiveRun(path: Fixture.path("probe/slow-feed.log"))
        let slow = run.reports.filter { $0.live.finding.rule == "long_body_update" }
        #expect(slow.map(\.afterLine) == [5])
        #expect(slow.first?.live.finding.severity == .error)
        #expect(slow.first?.live.finding.lines == [5])
    }

    @Test func repeatedAppearIsDecidedAtTheSecondAppear() throws {
        let run = try LiveRun(path: Fixture.path("seeds/000-tabview-appear.log"))
        let appears = run.reports.filter { $0.live.finding.rule == "repeated_appear" }
        #expect(!appears.isEmpty)
        for report in appears {
            #expect(report.live.finding.lines.count == 2)
            #expect(report.afterLine == report.live.finding.lines.last)
        }
    }

    @Test func aBodyLoopIsDecidedWhenTheRunEnds() throws {
        let run = try LiveRun(path: Fixture.path("rules/body-loop.log"))
        let loop = try #require(run.reports.first { $0.live.finding.rule == "excessive_body_evaluation" })
        #expect(loop.live.finding.view == "TemperatureView")
        // Sixteen body lines (2-17) in a row; the appear on line 18 ends the run.
        #expect(loop.afterLine == 18)
        #expect(loop.live.finding.lines == [2, 17])
        #expect(run.outcome?.decidedAtEnd.contains { $0.id == loop.live.id } == false)
    }

    /// The live run's final findings are `check`'s, and the reports add up to them: each final
    /// finding reported under one id, raised only upwards, last at its final severity.
    static func expectSameFindings(_ run: LiveRun, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = try #require(run.outcome, sourceLocation: sourceLocation)
        #expect(outcome.findings == run.analyzed, "\(run.path)", sourceLocation: sourceLocation)
        #expect(Set(outcome.ids).count == outcome.ids.count, "\(run.path): ids repeat", sourceLocation: sourceLocation)
        var last: [Int: LiveFinding] = [:]
        for live in run.allReports {
            let earlier = last[live.id]
            #expect(live.previousSeverity == earlier?.finding.severity, "\(run.path): \(live)", sourceLocation: sourceLocation)
            if let earlier {
                #expect(live.finding.severity > earlier.finding.severity, "\(run.path): \(live)", sourceLocation: sourceLocation)
            }
            last[live.id] = live
        }
        #expect(Set(last.keys) == Set(outcome.ids), "\(run.path): reported \(last.keys.sorted()), found \(outcome.ids)", sourceLocation: sourceLocation)
        for (finding, id) in zip(outcome.findings, outcome.ids) {
            let reported = last[id]?.finding
            #expect(reported?.rule == finding.rule, "\(run.path): \(finding)", sourceLocation: sourceLocation)
            #expect(reported?.view == finding.view, "\(run.path): \(finding)", sourceLocation: sourceLocation)
            #expect(reported?.severity == finding.severity, "\(run.path): \(finding)", sourceLocation: sourceLocation)
            let subset = Set(reported?.lines ?? []).isSubset(of: finding.lines)
            #expect(subset, "\(run.path): evidence \(reported?.lines ?? []) then \(finding.lines)", sourceLocation: sourceLocation)
        }
    }

    /// Calls `body` with the path of `python3 bench/generate.py LINES`'s output in a temporary
    /// directory: the benchmark's realistic mixed log. The directory goes afterwards.
    static func withGeneratedLog(lines: Int, _ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("trace-analyze-generated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("generated.log").path
        let process = Process()
        process.executableURL = try RequiredTool.python3.url()
        process.arguments = [Fixture.root.appendingPathComponent("bench/generate.py").path, String(lines)]
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? output.close() }
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "python3 bench/generate.py failed")
        try body(path)
    }
}

/// Root causes worked out a batch of findings at a time (`RootCauseBatch`, what `check` and
/// `report` use) are the ones worked out a finding at a time.
@Suite struct RootCauseBatchTests {
    /// Feeds every event of an ingest to each of `analyzers`.
    private final class Feed: IngestObserver {
        let analyzers: [LiveAnalyzer]
        init(_ count: Int, path: String) {
            analyzers = (0 ..< count).map { _ in LiveAnalyzer(traceID: 1, source: path, decidingEarly: false) }
        }
        func begin(traceID: Int) throws {}
        func take(_ batch: EventBatch) throws { for analyzer in analyzers { analyzer.observe(contentsOf: batch.events) } }
        func shouldContinue(_ progress: Ingestor.Progress) -> Bool { true }
    }

    /// A finding whose updates have more wordings than a root cause searches one by one
    /// (`UpdateTracker.wordingsSearched`): ranked by updates, ties by first occurrence, three
    /// named and the rest counted.
    @Test func aRootCauseOfManyWordingsRanksAndCountsThem() throws {
        // Row gets a new identity in an update of each parent; Parent0's first is Row's first
        // creation, not a re-creation.
        let parents = [0] + Array(1 ... 20) + [0, 1, 0]
        let log = parents.map { "Parent\($0): _a changed.\nRow: @identity changed.\n" }.joined()
        #expect(parents.count - 1 > UpdateTracker.wordingsSearched)
        let churn = try Pipeline(log: log).analyze().first { $0.rule == "identity_churn" }
        #expect(churn?.rootCause == "Parent1._a changed (2 updates: lines 3, 45); Parent0._a changed (2 updates: lines 43, 47); "
            + "Parent2._a changed (line 5); 18 more root causes")
    }

    /// One finding per batch, a few dozen, and the default (a few batches of a 30,000-line log).
    @Test(.enabled(if: RequiredTool.python3.shouldRun("LiveAnalyzerTests.batchedRootCausesAreOneAtATimeRootCauses")),
          arguments: [1, 20000, RootCauseBatch.maxBytes])
    func batchedRootCausesAreOneAtATimeRootCauses(batchBytes: Int) throws {
        try LiveAnalyzerTests.withGeneratedLog(lines: 30000) { path in
            let feed = Feed(2, path: path)
            _ = try Ingestor(database: TraceDatabase.openTemporary()).ingest(path: path, observer: feed)
            let oneAtATime = feed.analyzers[0].finish().findings
            var batched: [Finding] = []
            feed.analyzers[1].finish(batchingBytes: batchBytes) { batched.append($0) }
            batched.sort(by: Finding.reportOrder)
            #expect(batched.count == oneAtATime.count)
            #expect(batched.filter { $0.rootCause != nil }.count > 100, "too few root causes to compare")
            for (left, right) in zip(batched, oneAtATime) where left != right {
                Issue.record("\(left.rule) \(left.view ?? "-"): \(left.rootCause ?? "nil") ≠ \(right.rootCause ?? "nil")")
            }
        }
    }
}
