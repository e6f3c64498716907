import Foundation
import TraceModel

/// What a stream did in the last few seconds of wall-clock time: body evaluations and inits
/// per view, and lines per second, for the live panel. Memory stays flat: one bucket per second
/// of the window, holding only the views seen in it.
struct Activity {
    /// One view's evaluations and inits in the window.
    struct Row: Equatable {
        let view: String
        let bodies: Int
        let inits: Int
    }

    /// How many seconds the panel looks back.
    let window: Int
    private var buckets: [(second: Int, counts: [String: (bodies: Int, inits: Int)])] = []
    private var samples: [(time: Double, lines: Int)] = []

    init(window: Int = 5) {
        self.window = window
    }

    /// Counts the body and init events of `events`, read at `now` (seconds).
    mutating func count(_ events: [Event], now: Double) {
        let second = Int(now)
        if buckets.last?.second != second { buckets.append((second, [:])) }
        buckets.removeAll { $0.second <= second - window }
        let last = buckets.count - 1
        for event in events {
            guard let view = event.view else { continue }
            switch event.kind {
            case .body: buckets[last].counts[view, default: (0, 0)].bodies += 1
            case .`init`: buckets[last].counts[view, default: (0, 0)].inits += 1
            default: continue
            }
        }
    }

    /// The busiest views of the window at `now`, most evaluations and inits first (ties by name).
    func top(_ limit: Int, now: Double) -> [Row] {
        var totals: [String: (bodies: Int, inits: Int)] = [:]
        for bucket in buckets where bucket.second > Int(now) - window {
            for (view, counts) in bucket.counts {
                totals[view, default: (0, 0)].bodies += counts.bodies
                totals[view, default: (0, 0)].inits += counts.inits
            }
        }
        return totals.map { Row(view: $0.key, bodies: $0.value.bodies, inits: $0.value.inits) }
            .sorted { ($0.bodies + $0.inits, $1.view) > ($1.bodies + $1.inits, $0.view) }
            .prefix(limit).map { $0 }
    }

    /// Lines per second over about the last two seconds, given `lines` read so far at `now`.
    mutating func linesPerSecond(lines: Int, now: Double) -> Double {
        samples.append((now, lines))
        samples.removeAll { now - $0.time > 2 }
        guard let first = samples.first, now - first.time > 0.1 else { return 0 }
        return Double(lines - first.lines) / (now - first.time)
    }
}
