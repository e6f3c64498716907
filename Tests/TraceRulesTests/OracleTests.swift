import Foundation
import Oracle
import Testing
import TraceRules

/// Every finding on every rendering of thousands of generated runs, checked against the truth
/// (docs/oracle.md). `ORACLE_RUNS` sets the number of runs (2,000 by default; CI runs 20,000),
/// `ORACLE_SEED` replays one run and prints its log in every style.
struct OracleTests {
    static let runs = ProcessInfo.processInfo.environment["ORACLE_RUNS"].flatMap(Int.init) ?? 2_000
    static let replay = ProcessInfo.processInfo.environment["ORACLE_SEED"].flatMap(UInt64.init)
    /// `ORACLE_LIST=1` prints every mismatch on a line of its own (seed, style, family, view).
    static let listsAll = ProcessInfo.processInfo.environment["ORACLE_LIST"] != nil

    /// Every style of every seed's run, its findings and their check.
    static func analyse(_ seeds: [UInt64], opensDestinations: Bool = false) -> [(UInt64, Truth, [(RenderedLog, [Finding], OracleCheck)])] {
        /// The results by seed index, written under `lock` from the workers.
        final class Slots: @unchecked Sendable {
            let lock = NSLock()
            var results: [(UInt64, Truth, [(RenderedLog, [Finding], OracleCheck)])?]
            init(_ count: Int) { results = Array(repeating: nil, count: count) }
        }
        let slots = Slots(seeds.count)
        DispatchQueue.concurrentPerform(iterations: seeds.count) { index in
            let truth = Simulator.play(GeneratedApp(seed: seeds[index], opensDestinations: opensDestinations))
            let runs = LogStyle.allCases.map { style in
                let log = style.render(truth)
                let found = OracleCheck.findings(of: log)
                return (log, found, OracleCheck(found, truth: truth, log: log))
            }
            slots.lock.lock()
            slots.results[index] = (seeds[index], truth, runs)
            slots.lock.unlock()
        }
        return slots.results.map { $0! }
    }

    /// A mismatch, with what the run had that a known issue is about.
    typealias Mismatch = (family: String, style: LogStyle, finding: Finding, rowsEdited: Bool, pushed: Bool)

    /// One sweep's account: its summary line, and each mismatch with its style and a text that
    /// says how to replay it (the first of each family, or all when one seed is replayed).
    struct Sweep {
        var summary = ""
        var mismatches: [Mismatch] = []
        var firstFailures: [String] = []
    }

    static func sweep(_ seeds: [UInt64], opensDestinations: Bool = false) -> Sweep {
        var sweep = Sweep()
        var claims = 0, findings = 0, logs = 0
        var families: [String: Int] = [:]
        var unchecked: [String: Int] = [:]
        // Each run's logs are analysed on all cores (each analysis is its own); then read in seed order.
        for (seed, truth, runs) in analyse(seeds, opensDestinations: opensDestinations) {
            for (log, found, check) in runs {
                let style = log.style
                logs += 1
                findings += found.count
                claims += check.claims
                for (rule, count) in check.unchecked { unchecked[rule, default: 0] += count }
                for mismatch in check.mismatches {
                    families[mismatch.family, default: 0] += 1
                    if listsAll { print("mismatch: seed \(seed) \(style.rawValue) [\(mismatch.family)] \(mismatch.finding.rule) \(mismatch.finding.view ?? "-")\(truth.rowsEdited ? " (rows edited)" : "")\(truth.holderPresentation.map { " (\($0.rawValue))" } ?? "")") }
                    sweep.mismatches.append((mismatch.family, style, mismatch.finding, truth.rowsEdited, truth.holderPresentation == .push))
                    // The first of each family (and style): enough to see every kind of mistake.
                    if families[mismatch.family] == 1 || (replay != nil) {
                        sweep.firstFailures.append("seed \(seed), style \(style.rawValue) (ORACLE_SEED=\(seed) replays it):\n  \(mismatch)\n  truth: views \(truth.views.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" })\n  models \(truth.models)")
                    }
                }
                if replay != nil {
                    print("--- \(style.rawValue)\n\(log.text)")
                    for finding in found { print("  \(finding.rule) \(finding.view ?? "-") [\(finding.count)] \(finding.message) | \(finding.rootCause ?? "")") }
                }
            }
        }
        sweep.summary = "\(seeds.count) runs x \(LogStyle.allCases.count) styles = \(logs) logs, \(findings) findings, \(claims) claims checked, \(sweep.mismatches.count) mismatches"
            + (families.isEmpty ? "" : " (" + families.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")")
            + (unchecked.isEmpty ? "" : "; not modelled: " + unchecked.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        return sweep
    }

    /// Known issue: in `_printChanges()` logs without TraceProbe's tokens (and in a recording),
    /// rows appended or removed before the log has shown either that the rows outlive their
    /// parent's updates or that it prints their disappears read as rows re-created: the first
    /// updates of a list of `.id(UUID())` rows print the same lines. `identity_churn` says so of
    /// them; every other claim, and every claim in the other styles, holds.
    @Test func everyFindingOnEveryStyleIsTrue() {
        let sweep = Self.sweep(Self.replay.map { [$0] } ?? Array(1...UInt64(Self.runs)))
        print("oracle: " + sweep.summary)
        let editedRows = sweep.mismatches.filter(Self.isEditedRowsIssue)
        let coveredRows = sweep.mismatches.filter { Self.isCoveredRowsIssue($0) && !Self.isEditedRowsIssue($0) }
        #expect(sweep.mismatches.count - editedRows.count - coveredRows.count == 0, "\(sweep.firstFailures.joined(separator: "\n"))")
        withKnownIssue("rows appended or removed early, in `_printChanges()` lines without ends, read as re-created") {
            #expect(editedRows.isEmpty, "\(editedRows.count) identity_churn findings on edited rows in logs that print no ends of them yet")
        }
        withKnownIssue("rows shown again at a pop beside one appended under the pushed screen, in hand prints that name no instance, may have their appears counted short", isIntermittent: true) {
            #expect(coveredRows.isEmpty, "\(coveredRows.count) repeated_appear counts short of what happened under a pushed screen")
        }
    }

    /// A churn claim on a run whose rows were edited, in a style whose rows print `@identity` but
    /// no probe tokens.
    static func isEditedRowsIssue(_ mismatch: Mismatch) -> Bool {
        mismatch.rowsEdited && mismatch.family.hasPrefix("churn:") && mismatch.style.showsCauses
            && mismatch.style != .probeAndPrintChanges
    }

    /// Known issue: in hand prints that name no instance, rows shown again at a pop beside a row
    /// appended while the screen was pushed appear together: which appear is the kept row's
    /// cannot be told, and `repeated_appear` may count one identity's appears short (one seed in
    /// 20,000). (Views re-created under a pushed screen, whose disappears came at the push or
    /// who never appeared, are judged as in a log without ends: `ScreenCoverings`.)
    static func isCoveredRowsIssue(_ mismatch: Mismatch) -> Bool {
        mismatch.pushed && mismatch.family.hasPrefix("appear:") && mismatch.rowsEdited
            && mismatch.style != .probe && mismatch.style != .probeAndPrintChanges
    }

    /// The same apps, whose user opens the first destination now and then, a second after an
    /// update, and closes it: a new identity no parent's update made, as a presentation is.
    ///
    /// Known issue: in a log without times on its bodies, `_printChanges()` lines naming the
    /// destination's new identity right after its parent's update lines (no appear between) read
    /// as a child that update re-created, so `identity_churn` says it was. Beside timed NSLog
    /// lines the appear a second later shows the tap, which the churn rule does not read yet. The
    /// logs that time their bodies (probe, NSLog, a recording) tell the tap apart, and are held to
    /// every claim.
    @Test func openedDestinations() {
        let sweep = Self.sweep(Self.replay.map { [$0] } ?? Array(1...UInt64(max(1, Self.runs / 4))), opensDestinations: true)
        print("oracle, destinations opened: " + sweep.summary)
        // Re-created, or (once it was closed) shown again by that update: either claim of churn.
        let untimedChurn = sweep.mismatches.filter { $0.family.hasPrefix("churn:") && !$0.style.timesBodies && !Self.isEditedRowsIssue($0) && !Self.isCoveredRowsIssue($0) }
        let editedRows = sweep.mismatches.filter { Self.isEditedRowsIssue($0) || Self.isCoveredRowsIssue($0) }
        #expect(sweep.mismatches.count - untimedChurn.count - editedRows.count == 0, "\(sweep.firstFailures.joined(separator: "\n"))")
        withKnownIssue("without times, a destination opened again right after its parent's update reads as re-created by it") {
            #expect(untimedChurn.count == 0, "\(untimedChurn.count) identity_churn findings on opened destinations in logs without times")
        }
    }
}
