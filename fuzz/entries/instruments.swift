// The `instruments` target: any bytes as an `xctrace export` XML document, read by
// `InstrumentsReader` whole and in the chunks `Plan` cuts (1 byte, up to 8, up to 64, after each
// CR). Chunking is invisible: both reads give the same events, rows' recorded facts (node, interval), edges, counters and
// the same error (or none). Of the events: line numbers never go down, a recorded update names
// its view (a hitch or hang may name none), and durations and times are finite and not negative.

enum InstrumentsFuzz {
    static func run(_ input: UnsafeRawBufferPointer) {
        let plan = Plan(input)
        let whole = read(input, cuts: [])
        check(whole, "one chunk")
        let chunked = read(input, cuts: plan.cuts)
        if whole != chunked {
            FuzzTarget.fail("chunking changed the reading (\(plan)):\n  one chunk: \(whole.summary)\n  chunks:    \(chunked.summary)\n"
                + FuzzTarget.firstDifference(whole.events, chunked.events))
        }
    }

    struct Outcome: Equatable {
        var events: [Event] = []
        var rows: [InstrumentsRow] = []
        var edges: [String] = []
        var stats = ParseStats()
        var error: String?

        var summary: String { "\(events.count) events, \(edges.count) edges, error \(error ?? "none"), \(stats)" }
    }

    static func read(_ input: UnsafeRawBufferPointer, cuts: [Int]) -> Outcome {
        var outcome = Outcome()
        var reader = InstrumentsReader()
        let emit: (consuming Event, InstrumentsRow) -> Void = { event, row in
            outcome.events.append(event)
            outcome.rows.append(row)
        }
        let link: (InstrumentsEdge) -> Void = { outcome.edges.append("\($0)") }
        do {
            var start = 0
            for end in cuts + [input.count] where end >= start {
                try reader.consume(UnsafeRawBufferPointer(rebasing: input[start..<end]), emit: emit, link: link)
                start = end
            }
            try reader.finish(emit: emit, link: link)
        } catch {
            outcome.error = "\(error)"
        }
        outcome.stats = reader.stats
        return outcome
    }

    static func check(_ outcome: Outcome, _ run: String) {
        var previous = 0
        for event in outcome.events {
            if event.line < previous { FuzzTarget.fail("\(run): event line \(event.line) after line \(previous)") }
            previous = event.line
            // A hitch or hang is the app's, not a view's: it may name none (never an empty one).
            if event.view?.isEmpty == true || (![.text, .warning, .hitch].contains(event.kind) && event.view == nil) {
                FuzzTarget.fail("\(run): line \(event.line): a \(event.kind) event with view \(String(describing: event.view))")
            }
            FuzzTarget.checkFigures(event, run)
        }
        if outcome.stats.events != outcome.events.count {
            FuzzTarget.fail("\(run): stats.events \(outcome.stats.events) != \(outcome.events.count) events emitted")
        }
    }
}
