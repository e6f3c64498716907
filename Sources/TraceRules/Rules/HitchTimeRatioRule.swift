import TraceModel

/// A recording whose hitches add up to more time per second than Apple's hitch-rate bands allow.
public enum HitchTimeRatioRule: Rule {
    static let warningRatio = Threshold.duration(
        "warning_ms_per_s", default: 10,
        "Milliseconds of hitch time per second over which the recording is reported as a warning (Apple today: 10 ms/s or less is good; WWDC20 said 5).")
    static let criticalRatio = Threshold.duration(
        "critical_ms_per_s", default: 25,
        "Milliseconds of hitch time per second over which the recording is critical: reported at the rule's severity, an error by default (Apple today: over 25 ms/s; WWDC20 said 10).")
    static let immediateRatio = Threshold.duration(
        "immediate_attention_ms_per_s", default: 50,
        "Milliseconds of hitch time per second over which the finding says the rate warrants immediate attention (Apple today: over 50 ms/s); still at the rule's severity.")

    /// At most this many hitches cited: the message carries the full count and time.
    static let maxEvidence = 50

    public static let description = RuleDescription(
        identifier: "hitch_time_ratio",
        title: "Hitch time ratio",
        defaultSeverity: .error,
        summary: "The app's hitches add up to over 10 ms per second (a warning) or over 25 ms per second (critical: an error), Apple's current hitch-rate bands, in a recording or in an XCTest hitch metric; the finding names the time it divided by.",
        rationale: """
            Apple measures hitching as the hitch rate: the milliseconds frames were late, summed, \
            per second of animation (scrolling included). Apple's article "Understanding hitches \
            in your app" (Xcode documentation, 2026, \
            <https://developer.apple.com/documentation/xcode/understanding-hitches-in-your-app>) \
            gives the bands of Xcode Organizer's Hitches metric: 10 ms/s or less is good, up to \
            25 ms/s a warning, up to 50 ms/s critical, and over 50 ms/s warrants immediate \
            attention. The rule maps them onto its severities: good is no finding, the warning \
            band a warning, critical and above the rule's severity (an error by default), and \
            over 50 ms/s the finding says it warrants immediate attention. WWDC20's bands \
            ("Eliminate animation hitches with XCTest", \
            <https://developer.apple.com/videos/play/wwdc2020/10077/>: under 5 ms/s good, over \
            10 ms/s critical) are stricter: set `warning_ms_per_s` to 5 and `critical_ms_per_s` \
            to 10 to judge by them. The rule adds up the durations of the app's rows of the \
            `hitches` table (those Instruments marks `Is System` are left out and counted) and \
            says what it divided by. An `xctrace export` of the Hitches instrument marks no \
            animation intervals, so the rule divides by the time the recording spans, from its \
            first recorded moment to its last: still time counts too, the rate while the app \
            animated is at least the figure given, and a recording of one scroll measures it \
            best. The rule reads the same rate from XCTest too: a console's measured `Hitch Time \
            Ratio` line (`XCTHitchMetric`, or `XCTOSSignpostMetric`'s scroll and animation \
            intervals, `ms per s`) is judged by the same bands, its average being a rate over the \
            interval XCTest measured already (for an `XCTOSSignpostMetric`, the animation the \
            metric names, so still time does not count), and the finding says so. Other logs \
            carry no frame times.
            """,
        fix: """
            Start with the longest hitches (`long_hitch`) and the SwiftUI updates under them \
            (`hitch_attribution`): fewer and cheaper body evaluations per frame, lazy containers \
            for long lists, images decoded off the main thread and at the size shown, no \
            offscreen passes (shadows without a path, masks) in scrolled content.
            """,
        swiftFix: [
            SwiftPair(
                note: "A `VStack` in a `ScrollView` makes all its rows when the feed is shown; a `LazyVStack` makes them as they scroll into view, so a frame builds only the rows it needs.",
                before: #"""
                    import SwiftUI

                    struct Post: Identifiable {
                        let id: Int
                        let author: String
                        let text: String
                    }

                    struct FeedView: View {
                        let posts: [Post]

                        var body: some View {
                            ScrollView {
                                // A VStack makes every row up front: thousands of posts before the first frame.
                                VStack {
                                    ForEach(posts) { post in
                                        PostRow(post: post)
                                    }
                                }
                            }
                        }
                    }

                    struct PostRow: View {
                        let post: Post

                        var body: some View {
                            VStack {
                                Text(post.author).font(.headline)
                                Text(post.text)
                            }
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    struct Post: Identifiable {
                        let id: Int
                        let author: String
                        let text: String
                    }

                    struct FeedView: View {
                        let posts: [Post]

                        var body: some View {
                            ScrollView {
                                // A LazyVStack makes rows as they scroll into view.
                                LazyVStack {
                                    ForEach(posts) { post in
                                        PostRow(post: post)
                                    }
                                }
                            }
                        }
                    }

                    struct PostRow: View {
                        let post: Post

                        var body: some View {
                            VStack {
                                Text(post.author).font(.headline)
                                Text(post.text)
                            }
                        }
                    }
                    """#
            ),
        ],
        seed: "Instruments Hitches instrument (hitches); Xcode Organizer Hitches metric; XCTHitchMetric",
        thresholds: [warningRatio, criticalRatio, immediateRatio],
        triggeringExamples: [
            Example(note: "300 ms of hitches over a 10 s recording: 30 ms/s, critical; every hitch is cited.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col></schema>
                ↓<row><start-time>1000000000</start-time><duration>200000000</duration></row>
                ↓<row><start-time>10900000000</start-time><duration>100000000</duration></row>
                </node></trace-query-result>
                """),
            Example(note: "190 ms of hitches over 10 s: 19 ms/s, a warning by today's bands.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col></schema>
                ↓<row><start-time>1000000000</start-time><duration>150000000</duration></row>
                ↓<row><start-time>10960000000</start-time><duration>40000000</duration></row>
                </node></trace-query-result>
                """),
            Example(note: "70 ms of hitches over 10 s: 7 ms/s, good today but a warning by WWDC20's bands.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col></schema>
                ↓<row><start-time>1000000000</start-time><duration>50000000</duration></row>
                ↓<row><start-time>10980000000</start-time><duration>20000000</duration></row>
                </node></trace-query-result>
                """, thresholds: ["warning_ms_per_s": 5, "critical_ms_per_s": 10]),
            Example(note: "A UI test's console: XCTest measured 19.3 ms/s over the scroll it timed, a warning by today's bands (and critical by WWDC20's).", """
                Test Case '-[AppUITests.ScrollPerfTests testScrollFeed]' started.
                FeedRow init
                ↓/Users/ci/AppUITests/ScrollPerfTests.swift:21: Test Case '-[AppUITests.ScrollPerfTests testScrollFeed]' measured [Hitch Time Ratio (Scroll_DraggingAndDeceleration), ms per s] average: 19.300, relative standard deviation: 8.120%, values: [17.900000, 21.200000, 18.400000, 19.800000, 19.200000], performanceMetricID:com.apple.dt.XCTMetric_OSSignpost-Scroll_DraggingAndDeceleration.hitchTimeRatio, baselineName: "", baselineAverage: , polarity: prefers smaller, maxPercentRegression: 10.000%, maxPercentRelativeStandardDeviation: 10.000%, maxRegression: 0.000, maxStandardDeviation: 0.000
                /Users/ci/AppUITests/ScrollPerfTests.swift:21: Test Case '-[AppUITests.ScrollPerfTests testScrollFeed]' measured [Frame Rate (Scroll_DraggingAndDeceleration), fps] average: 57.400, relative standard deviation: 1.020%, values: [57.100000, 58.200000, 56.900000, 57.300000, 57.500000], performanceMetricID:com.apple.dt.XCTMetric_OSSignpost-Scroll_DraggingAndDeceleration.frameRate, baselineName: "", baselineAverage: , polarity: prefers larger, maxPercentRegression: 10.000%, maxPercentRelativeStandardDeviation: 10.000%, maxRegression: 0.000, maxStandardDeviation: 0.000
                Test Case '-[AppUITests.ScrollPerfTests testScrollFeed]' passed (48.903 seconds).
                """),
            Example(note: "XCTHitchMetric's 31 ms/s: critical.", """
                ↓Test Case '-[AppUITests.DetailTests testOpenDetail]' measured [Hitch Time Ratio, ms per s] average: 31.000, relative standard deviation: 3.300%, values: [30.000000, 32.000000, 31.000000], performanceMetricID:com.apple.dt.XCTMetric_Hitch.hitchTimeRatio, baselineName: "", baselineAverage: , polarity: prefers smaller, maxPercentRegression: 10.000%, maxPercentRelativeStandardDeviation: 10.000%, maxRegression: 0.000, maxStandardDeviation: 0.000
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "70 ms of hitches over 10 s: 7 ms/s, good by today's bands.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col></schema>
                <row><start-time>1000000000</start-time><duration>50000000</duration></row>
                <row><start-time>10980000000</start-time><duration>20000000</duration></row>
                </node></trace-query-result>
                """),
            Example(note: "System hitches are not the app's: left out of the ratio.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>is-system</mnemonic></col></schema>
                <row><start-time>1000000000</start-time><duration>200000000</duration><boolean fmt="Yes">1</boolean></row>
                <row><start-time>10900000000</start-time><duration>100000000</duration><boolean fmt="Yes">1</boolean></row>
                </node></trace-query-result>
                """),
            Example(note: "A log: no frame times.", """
                ContentView: @self, @identity, _count changed.
                """),
            Example(note: "XCTest measured 4.1 ms/s: good; a measured line cut off mid-values is no measurement to judge.", """
                Test Case '-[AppUITests.DetailTests testOpenDetail]' measured [Hitch Time Ratio, ms per s] average: 4.100, relative standard deviation: 3.300%, values: [4.000000, 4.300000, 4.000000], performanceMetricID:com.apple.dt.XCTMetric_Hitch.hitchTimeRatio, baselineName: "", baselineAverage: , polarity: prefers smaller, maxPercentRegression: 10.000%, maxPercentRelativeStandardDeviation: 10.000%, maxRegression: 0.000, maxStandardDeviation: 0.000
                Test Case '-[AppUITests.DetailTests testScroll]' measured [Hitch Time Ratio, ms per s] average: 40.100, relative standard deviation: 3.300%, values: [40.000000, 40.3
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Ratio(bands: HitchRateBands(
            warning: context.thresholds[warningRatio], critical: context.thresholds[criticalRatio],
            immediate: context.thresholds[immediateRatio]))
    }

    /// The app's hitch time and the span of the whole recording, and XCTest's measured hitch
    /// ratios, each judged on its own.
    final class Ratio: Detector {
        private let bands: HitchRateBands
        @exclusivity(unchecked) private var first = Double.infinity
        @exclusivity(unchecked) private var last = -Double.infinity
        @exclusivity(unchecked) private var hitchMs = 0.0
        @exclusivity(unchecked) private var hitches = 0
        @exclusivity(unchecked) private var systemHitches = 0
        @exclusivity(unchecked) private var longest: (milliseconds: Double, start: Double) = (0, 0)
        @exclusivity(unchecked) private var lines: [Int] = []
        @exclusivity(unchecked) private var measured: [MeasurementEvent] = []

        init(bands: HitchRateBands) {
            self.bands = bands
        }

        func observe(_ event: LifecycleEvent) {
            guard let start = event.ts else { return }
            let milliseconds = event.durationMilliseconds ?? 0
            first = min(first, start)
            last = max(last, start + milliseconds / 1000)
            guard event.kind == .hitch, !event.recorded.contains(.hang) else { return }
            if event.recorded.contains(.system) {
                systemHitches += 1
                return
            }
            hitches += 1
            hitchMs += milliseconds
            if milliseconds > longest.milliseconds { longest = (milliseconds, start) }
            if lines.count < HitchTimeRatioRule.maxEvidence { lines.append(event.line) }
        }

        func observe(measurement: MeasurementEvent) {
            if HitchTimeRatioRule.isHitchTimeRatio(measurement) { measured.append(measurement) }
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            recorded() + measured.compactMap { HitchTimeRatioRule.violation(measured: $0, bands: bands) }
        }

        /// The recording's finding, if its hitches exceed the bands.
        private func recorded() -> [Violation] {
            let span = last - first
            guard hitches > 0, span > 0 else { return [] }
            let ratio = hitchMs / span
            let band = bands.band(ratio)
            guard band != .good else { return [] }
            let number = HitchRateBands.number
            let system = systemHitches == 0 ? "" : " \(systemHitches) system hitch\(systemHitches == 1 ? " is" : "es are") not counted."
            // The denominator is named: a rate over a recording's span is not the rate over its
            // animations, and Apple's bands are per second of animation.
            var violation = Violation(
                view: nil,
                message: "Hitches took \(number(hitchMs)) ms: \(number(ratio)) ms per second over the \(number(span)) s the recording spans; "
                    + "the export marks no animation intervals, so still time counts too and the rate while the app animated is at least this. "
                    + "That is \(bands.judgement(band)). "
                    + "\(hitches) hitch\(hitches == 1 ? "" : "es"), the longest \(HitchAccount.format(longest.milliseconds)) at \(HitchAccount.format(seconds: longest.start)).\(system)",
                count: hitches, lines: lines, weight: band == .warning ? .lowered : .full
            )
            violation.milliseconds = hitchMs
            return [violation]
        }
    }
}
