import TraceModel

/// A recorded main-thread hang, judged by Apple's classes.
public enum MainThreadHangRule: Rule {
    static let microhangMs = Threshold.duration(
        "microhang_ms", default: 100,
        "The main thread unresponsive at least this long, in milliseconds, is a microhang: a warning (Apple: 100 ms).")
    static let hangMs = Threshold.duration(
        "hang_ms", default: 250,
        "The main thread unresponsive at least this long, in milliseconds, is a hang: the rule's severity, an error by default (Apple: 250 ms).")

    public static let description = RuleDescription(
        identifier: "main_thread_hang",
        title: "Main-thread hang",
        defaultSeverity: .error,
        summary: "The Hangs instrument recorded the main thread unresponsive for 250 ms or more (a hang: an error) or 100 to 250 ms (a microhang: a warning).",
        rationale: """
            The main thread runs every event handler, body and layout; while it is busy the app \
            cannot respond. Apple's documentation counts a main run loop busy for 250 ms or more \
            as a hang and 100 to 250 ms as a microhang: delays a person notices \
            (<https://developer.apple.com/documentation/xcode/understanding-hangs-in-your-app>, \
            WWDC23 "Analyze hangs with Instruments", <https://developer.apple.com/videos/play/wwdc2023/10248/>). \
            The rule reads the `potential-hangs` table of an `xctrace export` and classifies each \
            row by its duration; Instruments' own label of the row (`Potential Interaction Delay`, \
            `Brief Unresponsiveness`, `Microhang`, `Hang`) is shown on its evidence line and kept \
            in `recorded_intervals.hang_type`. A row on another thread is not a hang by Apple's \
            definition and is left alone. Each finding says what ran under the hang: the share \
            the recorded SwiftUI updates filled and the costliest of them (`hitch_attribution` \
            names them all), or that no SwiftUI update was recorded under it and what to record \
            to find out. Needs a recording: logs carry no hang durations.
            """,
        fix: """
            Move the work off the main thread: I/O, decoding, parsing and sorting into a \
            `Task` or a background actor, with only the result applied on the main actor. Where \
            SwiftUI updates filled the hang, make them fewer or cheaper (see `hitch_attribution`). \
            Where none ran, record Time Profiler with the Hangs instrument to see the main \
            thread's stack during the hang.
            """,
        seed: "Instruments Hangs instrument (potential-hangs); 000 (work in body and init runs on the main thread)",
        thresholds: [microhangMs, hangMs],
        triggeringExamples: [
            Example(note: "A 300 ms hang on the main thread with no SwiftUI update recorded: an error that says what to record.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="potential-hangs"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>hang-type</mnemonic></col><col><mnemonic>thread</mnemonic></col></schema>
                ↓<row><start-time>2000000000</start-time><duration>300000000</duration><hang-type>Microhang</hang-type><thread fmt="Main Thread (0x1e9000) (MyApp, pid: 1001)"><tid>2003968</tid></thread></row>
                </node></trace-query-result>
                """),
            Example(note: "A 120 ms microhang: a warning.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="potential-hangs"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>hang-type</mnemonic></col><col><mnemonic>thread</mnemonic></col></schema>
                ↓<row><start-time>2000000000</start-time><duration>120000000</duration><hang-type>Brief Unresponsiveness</hang-type><thread fmt="Main Thread (0x1e9000) (MyApp, pid: 1001)"><tid>2003968</tid></thread></row>
                </node></trace-query-result>
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "A 64 ms delay, under the 100 ms of a microhang.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="potential-hangs"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>hang-type</mnemonic></col><col><mnemonic>thread</mnemonic></col></schema>
                <row><start-time>2000000000</start-time><duration>64000000</duration><hang-type>Potential Interaction Delay</hang-type><thread fmt="Main Thread (0x1e9000) (MyApp, pid: 1001)"><tid>2003968</tid></thread></row>
                </node></trace-query-result>
                """),
            Example(note: "A long stall of a background thread: not a hang by Apple's definition.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="potential-hangs"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>thread</mnemonic></col></schema>
                <row><start-time>2000000000</start-time><duration>400000000</duration><thread fmt="com.example.worker (0x1e9100) (MyApp, pid: 1001)"><tid>2004224</tid></thread></row>
                </node></trace-query-result>
                """),
            Example(note: "A log: no hang durations.", """
                ContentView: @self, @identity, _count changed.
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        let microhang = context.thresholds[microhangMs]
        let hang = max(context.thresholds[hangMs], microhang)
        // A stall of another thread is not a hang by Apple's definition.
        return JudgedIntervals(keeping: { $0.recorded.contains(.hang) && !$0.recorded.contains(.offMainThread) }) { interval in
            let duration = interval.milliseconds
            guard duration >= microhang else { return nil }
            let judged = duration >= hang
                ? "a hang by Apple's classes (\(LongBodyUpdateRule.Bodies.ms(hang)) or more)"
                : "a microhang by Apple's classes (\(LongBodyUpdateRule.Bodies.ms(microhang)) to \(LongBodyUpdateRule.Bodies.ms(hang)))"
            return ("The main thread was unresponsive for \(HitchAccount.format(duration)) at \(HitchAccount.format(seconds: interval.start)): \(judged).",
                    duration >= hang ? .full : .lowered)
        }
    }
}
