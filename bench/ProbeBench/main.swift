import Foundation
import TraceProbe

// What one probe line costs, enabled (formatted and handed to a sink that drops it: no I/O)
// and disabled (the probe is off: the check that skips the work). Figures, not a test: run by
// bench/probe.sh. Each case runs `rounds` times and the best round is printed, since the
// machine is shared and the slow rounds measure the neighbours.

struct BenchView {}

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

func measure(_ label: String, events: Int, rounds: Int = 5, _ body: (Int) -> Void) {
    var best = UInt64.max
    for _ in 0..<rounds {
        let start = ProbeClock.now()
        body(events)
        best = min(best, ProbeClock.now() - start)
    }
    let perEvent = Double(best) / Double(events)
    let padded = label.padding(toLength: 50, withPad: " ", startingAt: 0)
    print("\(padded) \(perEvent < 10 ? String(format: "%.2f", perEvent) : String(format: "%.0f", perEvent)) ns/event")
}

let events = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1_000_000 : 1_000_000
let enabled = ProbeOutput(sink: .discard)

print("probe overhead, best of 5 rounds of \(events) events")
measure("enabled, body line (no I/O)", events: events) { count in
    let probe = ViewProbe(BenchView.self, output: enabled)
    for index in 0..<count { blackHole(probe.body { index }) }
}
measure("enabled, bodyBegins + bodyEnds (instrument's body)", events: events) { count in
    let probe = ViewProbe(BenchView.self, output: enabled)
    for _ in 0..<count {
        probe.bodyBegins()
        probe.bodyEnds()
    }
}
measure("enabled, view init + discarded deinit (2 lines)", events: events) { count in
    for _ in 0..<count { blackHole(ViewProbe(BenchView.self, output: enabled)) }
}
measure("enabled, appear line (no I/O)", events: events) { count in
    let probe = ViewProbe(BenchView.self, output: enabled)
    for _ in 0..<count { probe.appeared() }
}
measure("disabled, body", events: events) { count in
    let probe = ViewProbe(BenchView.self, output: nil)
    for index in 0..<count { blackHole(probe.body { index }) }
}
measure("disabled, bodyBegins + bodyEnds", events: events) { count in
    let probe = ViewProbe(BenchView.self, output: nil)
    for _ in 0..<count {
        probe.bodyBegins()
        probe.bodyEnds()
    }
}
measure("disabled, appear", events: events) { count in
    let probe = ViewProbe(BenchView.self, output: nil)
    for _ in 0..<count { probe.appeared() }
}
measure("disabled, view init + deinit (the @State token)", events: events) { count in
    for _ in 0..<count { blackHole(ViewProbe(BenchView.self, output: nil)) }
}
measure("the clock alone (ProbeClock.now)", events: events) { count in
    for _ in 0..<count { blackHole(ProbeClock.now()) }
}
measure("baseline: the body closure alone", events: events) { count in
    for index in 0..<count { blackHole({ index }()) }
}
