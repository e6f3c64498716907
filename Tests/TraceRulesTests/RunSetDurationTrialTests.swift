import Foundation
import Oracle
import Testing
import TraceModel
import TraceRules
import TraceStore

/// The run-set trial for durations: TraceProbe logs of the oracle's apps whose every `ms=` jitters
/// from run to run, through the real pipeline. No false regression when nothing changed, and
/// the root's body time made 20% longer caught. `RUNSET_TRIALS=1000` (scripts/runset-trial.sh)
/// is the issue's trial; the default a quick one.
extension RunSetTrialTests {
    /// One timed run of `app`: its session played 20 times (with `loopNoise`, 19 to 21 as `run`'s
    /// loop), every duration × the run's own factor (machine load, ±5%) × a factor of its own
    /// (±20%); with `slower`, the root's bodies take 20% longer.
    static func timedRun(_ session: [String], root: String, slower: Bool, loopNoise: Bool, rng: inout SplitMix) -> String {
        let load = 0.95 + 0.1 * unit(&rng)
        let repeats = loopNoise ? repeatChoices[Int(rng.next() % UInt64(repeatChoices.count))] : 20
        return (0..<repeats).flatMap { _ in session }.map { line -> String in
            guard let range = line.range(of: " ms=") else { return line }
            let end = line[range.upperBound...].firstIndex(of: " ") ?? line.endIndex
            guard let value = Double(line[range.upperBound..<end]) else { return line }
            let regression = slower && line.contains("kind=body view=\(root) ") ? 1.2 : 1
            let jittered = value * load * (0.8 + 0.4 * unit(&rng)) * regression
            return line.replacingCharacters(in: range.upperBound..<end, with: String(format: "%.3f", jittered))
        }.joined(separator: "\n") + "\n"
    }

    /// A uniform draw in [0, 1).
    static func unit(_ rng: inout SplitMix) -> Double { Double(rng.next() >> 11) / Double(UInt64(1) << 53) }

    /// The durations' own jitter is the trial; with `loopNoise` the loop's length also varies
    /// (±5%), which moves a total body time as much again. A 20% shift is then about the range
    /// of seven runs, and the test (medians apart by more than BASE's range) catches only some:
    /// printed for the record, held to no false regression alone.
    @Test(arguments: [false, true])
    func noisyRunSetsOfTimedRunsGiveNoFalseDurationRegressionAndCatchATwentyPercentOne(loopNoise: Bool) throws {
        let trials = Int(ProcessInfo.processInfo.environment["RUNSET_TRIALS"] ?? "") ?? 100
        // Per app, fourteen unchanged runs and ten slower ones go through the pipeline once; each
        // trial splits the fourteen into two sides at random (no run on both) and draws seven of
        // the ten slower runs, so a thousand trials cost a hundred apps' pipelines.
        let trialsPerApp = 10, unchangedRuns = 2 * Self.runs, slowerRuns = 10
        var falseRegressions = 0, caught = 0, usable = 0, durationRows = 0
        var falseExamples: [String] = [], missed: [String] = []
        var rng = SplitMix(seed: 5555)
        var seed: UInt64 = 2000
        while usable < trials {
            let app = GeneratedApp(seed: seed)
            seed += 1
            let session = LogStyle.probe.render(Simulator.play(app)).text.split(separator: "\n").map(String.init)
            guard session.contains(where: { $0.contains("kind=body view=\(app.root) ") && $0.contains(" ms=") }) else { continue }
            let unchanged = try (0..<unchangedRuns).map { index in
                try Self.snapshot(Self.timedRun(session, root: app.root, slower: false, loopNoise: loopNoise, rng: &rng), label: "run \(index)")
            }
            let slower = try (0..<slowerRuns).map { index in
                try Self.snapshot(Self.timedRun(session, root: app.root, slower: true, loopNoise: loopNoise, rng: &rng), label: "slower \(index)")
            }
            for _ in 0..<Swift.min(trialsPerApp, trials - usable) {
                usable += 1
                let shuffled = unchanged.shuffled(using: &rng)
                let base = Array(shuffled.prefix(Self.runs))
                let same = RunSetDiff(base: base, head: Array(shuffled.suffix(Self.runs)))
                durationRows += same.rows.filter(\.isDuration).count
                if !same.regressions.isEmpty {
                    falseRegressions += 1
                    if falseExamples.count < 3 {
                        falseExamples.append("seed \(seed - 1): " + same.regressions.map { "\($0.subject.view) \($0.subject.metric.rawValue) \($0.base.values) → \($0.head.values)" }.joined(separator: "; "))
                    }
                }
                let worse = RunSetDiff(base: base, head: Array(slower.shuffled(using: &rng).prefix(Self.runs)))
                let isRootTime = { (row: RunSetDiff.Row) in row.subject.view == app.root && row.subject.metric == .bodyMilliseconds }
                if worse.regressions.contains(where: isRootTime) {
                    caught += 1
                } else if missed.count < 3, let row = worse.rows.first(where: isRootTime) {
                    missed.append("seed \(seed - 1): \(row.base.values) → \(row.head.values)")
                }
            }
        }
        let caughtPercent = Double(caught) / Double(usable) * 100
        print("run-set duration trial: \(usable) trials of \(Self.runs) runs a side (\(loopNoise ? "±5% loop length, " : "")every ms ±20%, each run's ±5%, \(Int(seed - 2000)) apps, \(durationRows) durations compared): \(falseRegressions) false regressions; the root's body time 20% longer caught in \(caught) (\(String(format: "%.1f", caughtPercent))%)\(missed.isEmpty ? "" : "; missed: " + missed.joined(separator: "; "))")
        #expect(usable == trials)
        #expect(durationRows > 0, "the probe's durations are compared at all")
        #expect(falseRegressions == 0, "\(falseExamples)")
        if !loopNoise { #expect(caughtPercent >= (trials >= 1000 ? 95 : 85)) }
    }
}
