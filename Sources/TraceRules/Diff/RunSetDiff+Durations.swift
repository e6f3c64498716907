extension RunSetDiff {
    /// The durations a log measures together: a probe's or a recording's body times, and the
    /// init times a log reports (a probe's, `init took 3 ms`).
    private static let timings: [(words: String, metrics: [TraceDiff.Metric])] = [
        ("body timings", [.bodyMilliseconds, .maxBodyMilliseconds]),
        ("init timings", [.maxInitMilliseconds]),
    ]

    /// Where the timings come from, for a note that says a log has none.
    private static let timingSources = "TraceProbe's `ms=` lines, an Instruments recording"

    /// Sentences for the report about the durations that were not compared, or compared over
    /// fewer runs, because some logs carry no timings: such a run's durations are unknown, and
    /// counting them as 0 ms would call every timed run a regression.
    static func durationNotes(base: [TraceSnapshot], head: [TraceSnapshot]) -> [String] {
        var notes: [String] = []
        var untimed: [(words: String, metrics: [TraceDiff.Metric])] = []
        for timing in timings {
            let metric = timing.metrics[0]
            let names = timing.metrics.map(\.rawValue).joined(separator: " and ")
            let timed = (base: base.filter { $0.measured.contains(metric) }.count, head: head.filter { $0.measured.contains(metric) }.count)
            if timed.base == 0 && timed.head == 0 {
                untimed.append(timing)
                continue
            }
            for (side, runs, count) in [("BASE", base.count, timed.base), ("HEAD", head.count, timed.head)] where count < runs {
                if count == 0 {
                    notes.append("no \(side) run carries \(timing.words) (\(timingSources)), so \(names) \(timing.metrics.count == 1 ? "is" : "are") not compared: a log without timings says nothing about how long its views took")
                } else {
                    notes.append("\(runs - count) of \(runs) \(side) runs carry no \(timing.words): \(names) \(timing.metrics.count == 1 ? "is" : "are") compared over the other \(count)")
                }
            }
        }
        if untimed.count == timings.count {
            notes.insert("no run on either side carries timings (\(timingSources)): only counts are compared, no durations", at: 0)
        } else if let timing = untimed.first {
            let names = timing.metrics.map(\.rawValue).joined(separator: " and ")
            notes.insert("no run on either side carries \(timing.words): \(names) \(timing.metrics.count == 1 ? "is" : "are") not compared", at: 0)
        }
        return notes
    }
}
