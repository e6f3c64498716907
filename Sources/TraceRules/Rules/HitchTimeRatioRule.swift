import TraceModel

/// A recording whose hitches add up to more time per second than Apple's guidance allows.
public enum HitchTimeRatioRule: Rule {
    static let warningRatio = Threshold.duration(
        "warning_ms_per_s", default: 5,
        "Milliseconds of hitch time per second of the recording from which the recording is reported as a warning (Apple: under 5 ms/s is good).")
    static let criticalRatio = Threshold.duration(
        "critical_ms_per_s", default: 10,
        "Milliseconds of hitch time per second of the recording above which the recording is reported at the rule's severity, an error by default (Apple: over 10 ms/s is critical).")

    /// At most this many hitches cited: the message carries the full count and time.
    static let maxEvidence = 50

    public static let description = RuleDescription(
        identifier: "hitch_time_ratio",
        title: "Hitch time ratio",
        defaultSeverity: .error,
        summary: "The app's recorded hitches add up to 5 ms or more per second of the recording (a warning) or over 10 ms per second (critical: an error), Apple's hitch time ratio.",
        rationale: """
            Apple measures hitching as the hitch time ratio: the milliseconds frames were late, \
            summed, per second of scrolling or animation. Under 5 ms/s is good, 5 to 10 ms/s \
            deserves a look (a warning), over 10 ms/s is critical: people notice \
            (WWDC20 "Eliminate animation hitches with XCTest", \
            <https://developer.apple.com/videos/play/wwdc2020/10077/>; \
            <https://developer.apple.com/videos/play/tech-talks/10855/>; MetricKit's \
            `HitchTimeRatio`, in ms per s). The rule adds up the durations of the app's rows of \
            the `hitches` table (those Instruments marks `Is System` are left out and counted) \
            and divides by the time the recording spans, from its first recorded moment to its \
            last. An export does not say when the app was scrolling or animating, so the span \
            includes still time too: the ratio while it animated is at least the figure given, \
            and a recording of one scroll measures it best. Needs a recording: logs carry no \
            frame times.
            """,
        fix: """
            Start with the longest hitches (`long_hitch`) and the SwiftUI updates under them \
            (`hitch_attribution`): fewer and cheaper body evaluations per frame, lazy containers \
            for long lists, images decoded off the main thread and at the size shown, no \
            offscreen passes (shadows without a path, masks) in scrolled content.
            """,
        seed: "Instruments Hitches instrument (hitches); XCTOSSignpostMetric hitch time ratio",
        thresholds: [warningRatio, criticalRatio],
        triggeringExamples: [
            Example(note: "300 ms of hitches over a 10 s recording: 30 ms/s, critical; every hitch is cited.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col></schema>
                ↓<row><start-time>1000000000</start-time><duration>200000000</duration></row>
                ↓<row><start-time>10900000000</start-time><duration>100000000</duration></row>
                </node></trace-query-result>
                """),
            Example(note: "70 ms of hitches over 10 s: 7 ms/s, a warning.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col></schema>
                ↓<row><start-time>1000000000</start-time><duration>50000000</duration></row>
                ↓<row><start-time>10980000000</start-time><duration>20000000</duration></row>
                </node></trace-query-result>
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "Two one-frame hitches over 20 s: 1.7 ms/s, good.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col></schema>
                <row><start-time>1000000000</start-time><duration>16666666</duration></row>
                <row><start-time>20983333334</start-time><duration>16666666</duration></row>
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
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        let warning = context.thresholds[warningRatio]
        return Ratio(warning: warning, critical: max(context.thresholds[criticalRatio], warning))
    }

    /// The app's hitch time and the span of the whole recording.
    final class Ratio: Detector {
        private let warning: Double
        private let critical: Double
        @exclusivity(unchecked) private var first = Double.infinity
        @exclusivity(unchecked) private var last = -Double.infinity
        @exclusivity(unchecked) private var hitchMs = 0.0
        @exclusivity(unchecked) private var hitches = 0
        @exclusivity(unchecked) private var systemHitches = 0
        @exclusivity(unchecked) private var longest: (milliseconds: Double, start: Double) = (0, 0)
        @exclusivity(unchecked) private var lines: [Int] = []

        init(warning: Double, critical: Double) {
            self.warning = warning
            self.critical = critical
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

        func finish(_ subjects: Subjects) -> [Violation] {
            let span = last - first
            guard hitches > 0, span > 0 else { return [] }
            let ratio = hitchMs / span
            guard ratio >= warning else { return [] }
            let isCritical = ratio > critical
            let judged = isCritical
                ? "critical by Apple's hitch time ratio (over \(Self.number(critical)) ms/s)"
                : "a warning by Apple's hitch time ratio (\(Self.number(warning)) to \(Self.number(critical)) ms/s)"
            let system = systemHitches == 0 ? "" : " \(systemHitches) system hitch\(systemHitches == 1 ? " is" : "es are") not counted."
            var violation = Violation(
                view: nil,
                message: "Hitches took \(Self.number(hitchMs)) ms of the \(Self.number(span)) s the recording spans: "
                    + "\(Self.number(ratio)) ms per second, \(judged); under \(Self.number(warning)) ms/s is good. "
                    + "\(hitches) hitch\(hitches == 1 ? "" : "es"), the longest \(HitchAccount.format(longest.milliseconds)) at \(HitchAccount.format(seconds: longest.start)). "
                    + "The span includes time without scrolling or animation, so the ratio while they ran is at least this.\(system)",
                count: hitches, lines: lines, weight: isCritical ? .full : .lowered
            )
            violation.milliseconds = hitchMs
            return [violation]
        }

        /// `19.4`, `616.7`, `5`: one decimal, none when it is zero.
        static func number(_ value: Double) -> String {
            let tenths = (value * 10).rounded() / 10
            return tenths.rounded() == tenths ? String(Int(tenths)) : String(tenths)
        }
    }
}
