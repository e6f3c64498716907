import Testing
import TraceModel

/// Lines the heuristics get wrong, on purpose or for now. Each case pins today's behaviour so a
/// change is noticed; fixing one means moving it to `LifecycleMessageTests`.
@Suite struct KnownGapsTests {
    @Test(arguments: [
        // Decided: these name no view, so a `body`/`appear` event would have nothing to group by.
        // Seed 003 prints this from `body`; seed 002 from a UIKit controller's viewWillAppear.
        "Evaluating View Declaration Value",
        "will appear(render)",
        // Misses: names that are not ASCII identifiers.
        "视图 init",
        "my-view init",
        // Misses: English between the name and the kind other than an auxiliary (`did`, `is being`).
        "ContentView view will appear",
        // Misses: UIKit callbacks are not SwiftUI lifecycle words.
        "HelperController viewWillAppear",
    ])
    func missedLifecyclePrints(line: String) {
        #expect(parseLifecycle(line) == nil, "\(line)")
    }

    /// False positives accepted: two short words where the second is an everyday lifecycle word.
    /// Requiring lower-case kind words and rejecting English glue words keeps most prose out;
    /// these slip through.
    @Test(arguments: [
        ("Software update", Lifecycle(.body, "Software")),
        ("Network task", Lifecycle(.task, "Network")),
        ("Cache init", Lifecycle(.`init`, "Cache")),
    ])
    func acceptedFalsePositives(line: String, parsed: Lifecycle) {
        #expect(parseLifecycle(line) == parsed)
    }

    @Test func multiLineNSLogMessagesAreSeparateLines() {
        // NSLog and print do not indent continuation lines, so they cannot be told from new lines.
        let (events, _) = parseEvents("2024-01-01 10:00:00.000000+0000 App[1:2] request failed:\nstatus 503\n")
        #expect(events.map(\.message) == ["request failed:", "status 503"])
    }

    @Test func aTabIndentedPrintAfterALogLineIsTakenAsItsContinuation() {
        // `print` output interleaved with `log stream` output: an indented print joins the log line.
        let (events, stats) = parseEvents("2024-10-06 00:31:18.000000+0900 0x1 Info 0x0 1 0 MyApp: FeedView init\n\tprinted by the app\n")
        #expect(events.count == 1)
        #expect(stats.continuations == 1)
    }
}
