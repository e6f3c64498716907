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

    @Test func everyFindingOnEveryStyleIsTrue() {
        let seeds: [UInt64] = Self.replay.map { [$0] } ?? Array(1...UInt64(Self.runs))
        var claims = 0, findings = 0, logs = 0
        var families: [String: Int] = [:]
        var unchecked: [String: Int] = [:]
        var firstFailures: [String] = []
        for seed in seeds {
            let app = GeneratedApp(seed: seed)
            let truth = Simulator.play(app)
            for style in LogStyle.allCases {
                let log = style.render(truth)
                let found = OracleCheck.findings(of: log)
                let check = OracleCheck(found, truth: truth, log: log)
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
              + "; not modelled: " + unchecked.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        #expect(mismatches == 0, "\(firstFailures.joined(separator: "\n"))")
    }
}
