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

    /// Every style of every seed's run, its findings and their check.
    static func analyse(_ seeds: [UInt64]) -> [(UInt64, Truth, [(RenderedLog, [Finding], OracleCheck)])] {
        /// The results by seed index, written under `lock` from the workers.
        final class Slots: @unchecked Sendable {
            let lock = NSLock()
            var results: [(UInt64, Truth, [(RenderedLog, [Finding], OracleCheck)])?]
            init(_ count: Int) { results = Array(repeating: nil, count: count) }
        }
        let slots = Slots(seeds.count)
        DispatchQueue.concurrentPerform(iterations: seeds.count) { index in
            let truth = Simulator.play(GeneratedApp(seed: seeds[index]))
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

    @Test func everyFindingOnEveryStyleIsTrue() {
        let seeds: [UInt64] = Self.replay.map { [$0] } ?? Array(1...UInt64(Self.runs))
        var claims = 0, findings = 0, logs = 0
        var families: [String: Int] = [:]
        var unchecked: [String: Int] = [:]
        var firstFailures: [String] = []
        // Each run's logs are analysed on all cores (each analysis is its own); then read in seed order.
        let results = Self.analyse(seeds)
        for (seed, truth, runs) in results {
            for (log, found, check) in runs {
                let style = log.style
                logs += 1
                findings += found.count
                claims += check.claims
                for (rule, count) in check.unchecked { unchecked[rule, default: 0] += count }
                for mismatch in check.mismatches {
                    families[mismatch.family, default: 0] += 1
                    // The first of each family (and style): enough to see every kind of mistake.
                    if families[mismatch.family] == 1 || (Self.replay != nil) {
                        firstFailures.append("seed \(seed), style \(style.rawValue) (ORACLE_SEED=\(seed) replays it):\n  \(mismatch)\n  truth: views \(truth.views.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" })\n  models \(truth.models)")
                    }
                }
                if Self.replay != nil {
                    print("--- \(style.rawValue)\n\(log.text)")
                    for finding in found { print("  \(finding.rule) \(finding.view ?? "-") [\(finding.count)] \(finding.message) | \(finding.rootCause ?? "")") }
                }
            }
        }
        let mismatches = families.values.reduce(0, +)
        print("oracle: \(seeds.count) runs x \(LogStyle.allCases.count) styles = \(logs) logs, \(findings) findings, \(claims) claims checked, \(mismatches) mismatches"
              + (families.isEmpty ? "" : " (" + families.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + ")")
              + (unchecked.isEmpty ? "" : "; not modelled: " + unchecked.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))
        #expect(mismatches == 0, "\(firstFailures.joined(separator: "\n"))")
    }
}
