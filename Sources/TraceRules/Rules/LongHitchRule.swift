import TraceModel

/// A recorded hitch longer than the budget a user sets.
public enum LongHitchRule: Rule {
    static let maxHitchMs = Threshold.duration(
        "max_hitch_ms", default: 100,
        "A hitch (a frame shown this many milliseconds late) above this is reported on its own: 100 ms by default, the delay Apple's guidance counts as unresponsive; set your display's frame time (16.7 ms at 60 Hz, 8.3 ms at 120 Hz) to report every frame shown more than one frame late.")

    public static let description = RuleDescription(
        identifier: "long_hitch",
        title: "Long hitch",
        defaultSeverity: .warning,
        summary: "A frame of the app was shown later than `max_hitch_ms` (100 ms by default), as the Hitches instrument recorded it.",
        rationale: """
            A hitch is a frame shown later than the display expected it; its duration is how \
            late (<https://developer.apple.com/videos/play/tech-talks/10855/>, "Explore UI \
            animation hitches and the render loop"). One long hitch is a visible stall in a scroll \
            or an animation even when the recording's hitch time ratio (`hitch_time_ratio`) \
            stays low. The rule reads the `hitches` table of an `xctrace export`; a hitch \
            Instruments marks `Is System` is the system's frame, not the app's, and is left \
            alone. Each finding says what ran under the hitch: the share the recorded SwiftUI \
            updates filled and the costliest of them (`hitch_attribution` names them all), or \
            that no SwiftUI update was recorded under it and what to record to find out. Needs a \
            recording: logs carry no frame times.
            """,
        fix: """
            Find what the main thread or the render server did instead of the frame: where \
            SwiftUI updates filled the hitch, make them fewer or cheaper (see \
            `hitch_attribution`); otherwise record Time Profiler with the Hitches instrument and \
            look at the work in the frame's commit (image decoding, text layout, offscreen passes).
            """,
        swiftFix: [
            SwiftPair(
                note: "The cell decodes the full-size photo in `body`, on the main thread, in the frame that shows it. `.task(id:)` decodes it off the main thread at the size shown and sets the result; the cell shows a placeholder until then.",
                before: #"""
                    import SwiftUI

                    struct Photo: Identifiable, Sendable {
                        let id: Int
                        let jpegData: [UInt8]
                    }

                    /// Decoded pixels, ready to draw.
                    struct Bitmap: Sendable {
                        let width: Int
                        let height: Int
                        let pixels: [UInt8]
                    }

                    enum JPEGDecoder {
                        /// Decodes `data`, scaled so its longer side is at most `maxPixelSize`: tens of milliseconds for a camera photo.
                        static func decode(_ data: [UInt8], maxPixelSize: Int) -> Bitmap {
                            Bitmap(width: maxPixelSize, height: maxPixelSize, pixels: Array(data.prefix(maxPixelSize)))
                        }
                    }

                    struct BitmapView: View {
                        let bitmap: Bitmap?

                        var body: some View {
                            Text(bitmap.map { "\($0.width)×\($0.height)" } ?? "Loading…")
                        }
                    }

                    struct PhotoCell: View {
                        let photo: Photo

                        var body: some View {
                            // The full-size photo decoded on the main thread, in the frame that shows the cell.
                            BitmapView(bitmap: JPEGDecoder.decode(photo.jpegData, maxPixelSize: 4032))
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    struct Photo: Identifiable, Sendable {
                        let id: Int
                        let jpegData: [UInt8]
                    }

                    /// Decoded pixels, ready to draw.
                    struct Bitmap: Sendable {
                        let width: Int
                        let height: Int
                        let pixels: [UInt8]
                    }

                    enum JPEGDecoder {
                        /// Decodes `data`, scaled so its longer side is at most `maxPixelSize`: tens of milliseconds for a camera photo.
                        static func decode(_ data: [UInt8], maxPixelSize: Int) -> Bitmap {
                            Bitmap(width: maxPixelSize, height: maxPixelSize, pixels: Array(data.prefix(maxPixelSize)))
                        }
                    }

                    struct BitmapView: View {
                        let bitmap: Bitmap?

                        var body: some View {
                            Text(bitmap.map { "\($0.width)×\($0.height)" } ?? "Loading…")
                        }
                    }

                    struct PhotoCell: View {
                        let photo: Photo
                        @State private var thumbnail: Bitmap?

                        var body: some View {
                            BitmapView(bitmap: thumbnail)
                                .task(id: photo.id) {
                                    // Decoded off the main thread, at the size the cell shows; only the result is set on the main actor.
                                    let data = photo.jpegData
                                    thumbnail = await Task.detached { JPEGDecoder.decode(data, maxPixelSize: 300) }.value
                                }
                        }
                    }
                    """#
            ),
        ],
        seed: "Instruments Hitches instrument (hitches); 000 (body evaluation is the cost SwiftUI avoids)",
        thresholds: [maxHitchMs],
        triggeringExamples: [
            Example(note: "A frame shown 200 ms late with no SwiftUI update recorded under it.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>is-system</mnemonic></col><col><mnemonic>display</mnemonic></col></schema>
                ↓<row><start-time>18694511166</start-time><duration>200000000</duration><boolean fmt="No">0</boolean><display-name>Display 1</display-name></row>
                <row><start-time>18911177875</start-time><duration>16666666</duration><boolean fmt="No">0</boolean><display-name>Display 1</display-name></row>
                </node></trace-query-result>
                """),
            Example(note: "A budget of one 60 Hz frame reports a frame 33 ms late.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col></schema>
                ↓<row><start-time>28544527291</start-time><duration>33333333</duration></row>
                </node></trace-query-result>
                """, thresholds: ["max_hitch_ms": 16.7]),
        ],
        nonTriggeringExamples: [
            Example(note: "Hitches of one and two frames, under 100 ms.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col></schema>
                <row><start-time>13961169916</start-time><duration>16666666</duration></row>
                <row><start-time>28544527291</start-time><duration>33333333</duration></row>
                </node></trace-query-result>
                """),
            Example(note: "A long hitch Instruments marks Is System: not the app's frame.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>is-system</mnemonic></col></schema>
                <row><start-time>4961155833</start-time><duration>216666666</duration><boolean fmt="Yes">1</boolean></row>
                </node></trace-query-result>
                """),
            Example(note: "A log: no frame times.", """
                ContentView: @self, @identity, _count changed.
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        let budget = context.thresholds[maxHitchMs]
        // The app's hitches: a system hitch is not the app's frame, a hang is another rule's.
        return JudgedIntervals(keeping: { !$0.recorded.contains(.hang) && !$0.recorded.contains(.system) }) { hitch in
            guard hitch.milliseconds > budget else { return nil }
            return ("A frame was shown \(HitchAccount.format(hitch.milliseconds)) late at \(HitchAccount.format(seconds: hitch.start)), "
                + "over the \(LongBodyUpdateRule.Bodies.ms(budget)) budget.", .full)
        }
    }
}
