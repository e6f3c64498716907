import TraceModel

/// A recorded hitch (a frame shown late) or hang, with the SwiftUI updates that ran during it.
public enum HitchAttributionRule: Rule {
    static let minSharePercent = Threshold.count(
        "min_share_percent", default: 25,
        "The share of a hitch's duration, in percent, that overlapping body and layout updates must fill for the hitch to be laid at SwiftUI's door.")
    static let shownViews = Threshold.count(
        "shown_views", default: 3, "Views named in a finding's message, the costliest first.")

    public static let description = RuleDescription(
        identifier: "hitch_attribution",
        title: "Hitch attributed to view updates",
        defaultSeverity: .warning,
        summary: "A frame was shown late (or the main thread hung) while SwiftUI body and layout updates filled much of that time: the finding names them, with their time and count.",
        rationale: """
            A hitch is a frame the display had to wait for; Instruments records each, with its \
            duration, in the `hitches` table (and main-thread hangs in `potential-hangs`), and \
            the SwiftUI instrument records every body and layout update with its start and \
            duration. An update that ran while the hitch lasted is part of why the frame was \
            late. The rule adds up, per view, the time of the updates overlapping each hitch \
            (clipped to the hitch) and reports the hitches that updates filled to at least \
            `min_share_percent`: "this hitch: 42 ms, of which ListRow.body 31 ms ×120". A list \
            row evaluated 120 times in one frame is the usual shape: each body is cheap, together \
            they cost the frame. Hitches no update overlaps are left alone: something else \
            (rendering, I/O, another framework) took the time; `long_hitch` and `main_thread_hang` \
            judge every hitch and hang by Apple's thresholds and say so. A finding counts one \
            hitch (or hang), timed by its duration: what "Fix first" ranks it by. Needs a \
            recording: logs carry no durations of updates or frames.
            """,
        fix: """
            Make the named view's updates fewer or cheaper: keep expensive work out of `body` \
            (format, sort and filter in the model, once), let rows depend on their own item only \
            (pass values, not the whole model; `@Observable` models so a row reads only what it \
            shows), use lazy containers for long lists, and give `ForEach` stable identifiers.
            """,
        swiftFix: [
            SwiftPair(
                note: "Each `MessageRow` observes the whole `InboxStore`: any change to it (the sync flag, the unread count) re-runs every row's body in the same frame. Given its own `Message` as a value, a row is evaluated again only when its message changes.",
                before: #"""
                    import SwiftUI

                    struct Message: Identifiable {
                        let id: Int
                        let sender: String
                        let subject: String
                    }

                    @MainActor final class InboxStore: ObservableObject {
                        @Published var messages: [Message] = []
                        @Published var unreadCount = 0
                        @Published var isSyncing = false
                    }

                    struct InboxView: View {
                        @StateObject private var store = InboxStore()

                        var body: some View {
                            List {
                                ForEach(store.messages) { message in
                                    MessageRow(store: store, messageID: message.id)
                                }
                            }
                        }
                    }

                    /// Every row observes the whole store: each change to it (a sync flag, the unread count)
                    /// re-runs every row's body, all in one frame.
                    struct MessageRow: View {
                        @ObservedObject var store: InboxStore
                        let messageID: Int

                        var body: some View {
                            if let message = store.messages.first(where: { $0.id == messageID }) {
                                Text("\(message.sender): \(message.subject)")
                            }
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    struct Message: Identifiable, Equatable {
                        let id: Int
                        let sender: String
                        let subject: String
                    }

                    @MainActor final class InboxStore: ObservableObject {
                        @Published var messages: [Message] = []
                        @Published var unreadCount = 0
                        @Published var isSyncing = false
                    }

                    struct InboxView: View {
                        @StateObject private var store = InboxStore()

                        var body: some View {
                            List {
                                ForEach(store.messages) { message in
                                    MessageRow(message: message)
                                }
                            }
                        }
                    }

                    /// Each row gets its own message as a value: SwiftUI re-runs only the rows whose message changed.
                    struct MessageRow: View {
                        let message: Message

                        var body: some View {
                            Text("\(message.sender): \(message.subject)")
                        }
                    }
                    """#
            ),
        ],
        seed: "000 (body evaluation is the cost SwiftUI avoids); 003 (what makes SwiftUI re-evaluate a body)",
        thresholds: [minSharePercent, shownViews],
        triggeringExamples: [
            Example(note: "A 40 ms hitch during which ListRow's body ran three times for 30 ms: the hitch and each named view's first update under it are cited.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="swiftui-updates"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>update-type</mnemonic></col><col><mnemonic>view-name</mnemonic></col></schema>
                ↓<row><start-time>10000000000</start-time><duration>10000000</duration><swiftui-update id="1">View Body</swiftui-update><string id="2">ListRow</string></row>
                <row><start-time>10010000000</start-time><duration>10000000</duration><swiftui-update ref="1"/><string ref="2"/></row>
                <row><start-time>10020000000</start-time><duration>10000000</duration><swiftui-update ref="1"/><string ref="2"/></row>
                </node><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col></schema>
                ↓<row><start-time>10000000000</start-time><duration>40000000</duration></row>
                </node></trace-query-result>
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "A hitch no SwiftUI update overlaps: something else took the frame.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="swiftui-updates"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>update-type</mnemonic></col><col><mnemonic>view-name</mnemonic></col></schema>
                <row><start-time>1000000000</start-time><duration>10000000</duration><swiftui-update>View Body</swiftui-update><string>ListRow</string></row>
                </node><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col></schema>
                <row><start-time>5000000000</start-time><duration>40000000</duration></row>
                </node></trace-query-result>
                """),
            Example(note: "Updates that fill a fifth of the hitch, under the 25% share.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="hitches"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col></schema>
                <row><start-time>1000000000</start-time><duration>50000000</duration></row>
                </node><node><schema name="swiftui-updates"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>update-type</mnemonic></col><col><mnemonic>view-name</mnemonic></col></schema>
                <row><start-time>1010000000</start-time><duration>10000000</duration><swiftui-update>View Body</swiftui-update><string>ListRow</string></row>
                </node></trace-query-result>
                """),
            Example(note: "A log: no durations of frames or updates, nothing to attribute.", """
                ContentView: @self, @identity, _count changed.
                ContentView: _count changed.
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        Attribution(minShare: Double(context.thresholds.count(minSharePercent)) / 100, shown: context.thresholds.count(shownViews))
    }

    /// The hitches of a `HitchAccount` whose updates fill at least `minShare` of them.
    final class Attribution: Detector {
        private let minShare: Double
        private let shown: Int
        private let account = HitchAccount()

        init(minShare: Double, shown: Int) {
            self.minShare = minShare
            self.shown = max(shown, 1)
        }

        func observe(_ event: LifecycleEvent) {
            account.observe(event)
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            account.settle()
            return account.intervals.compactMap { violation(for: $0, subjects) }
        }

        private func violation(for hitch: HitchAccount.Interval, _ subjects: Subjects) -> Violation? {
            let duration = hitch.milliseconds
            let total = hitch.updateMilliseconds
            guard duration > 0, total > 0, total >= duration * minShare else { return nil }
            let ranked = account.ranked(hitch, subjects)
            let named = ranked.prefix(shown).map { "\($0.name) \(HitchAccount.format($0.milliseconds)) ×\($0.count)" }
            let rest = ranked.count > shown ? ", and \(ranked.count - shown) more view\(ranked.count - shown == 1 ? "" : "s")" : ""
            let count = hitch.updateCount
            let what = hitch.facts.contains(.hang) ? "hang" : "hitch"
            var violation = Violation(
                view: ranked[0].view,
                message: "this \(what): \(HitchAccount.format(duration)) at \(HitchAccount.format(seconds: hitch.start)), of which \(named.joined(separator: ", "))\(rest): "
                    + "\(count) update\(count == 1 ? "" : "s") filled \(Int((min(total / duration, 1) * 100).rounded()))% of it.",
                // One hitch (or hang): what "Fix first" counts and times it by.
                count: 1, lines: [hitch.line] + ranked.prefix(shown).map(\.line)
            )
            violation.milliseconds = duration
            return violation
        }
    }
}

extension Array {
    /// The first index whose element satisfies `belongs`, for an array partitioned by it.
    func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
