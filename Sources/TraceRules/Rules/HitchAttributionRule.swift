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
            (rendering, I/O, another framework) took the time. Needs a recording: logs carry no \
            durations of updates or frames.
            """,
        fix: """
            Make the named view's updates fewer or cheaper: keep expensive work out of `body` \
            (format, sort and filter in the model, once), let rows depend on their own item only \
            (pass values, not the whole model; `@Observable` models so a row reads only what it \
            shows), use lazy containers for long lists, and give `ForEach` stable identifiers.
            """,
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

    /// Hitches in memory (a recording has few), timed updates on file: the tables may come in
    /// either order, so the overlaps are found once both are read.
    final class Attribution: Detector {
        private struct Interval: BitwiseCopyable {
            let start: Double
            let end: Double
            let line: Int32
            /// The view's symbol; for a layout update the high bit is set.
            let view: UInt64
        }

        private struct Hitch {
            let start: Double
            let end: Double
            let line: Int
            var views: [UInt64: (milliseconds: Double, count: Int, line: Int32)] = [:]
        }

        private let minShare: Double
        private let shown: Int
        @exclusivity(unchecked) private var hitches: [Hitch] = []
        private let updates = SpilledArray<Interval>(chunkCapacity: 4096, cachedChunks: 2)
        @exclusivity(unchecked) private var symbols: [UInt64: Symbol] = [:]

        init(minShare: Double, shown: Int) {
            self.minShare = minShare
            self.shown = max(shown, 1)
        }

        func observe(_ event: LifecycleEvent) {
            guard let start = event.ts, let milliseconds = event.durationMilliseconds else { return }
            let end = start + milliseconds / 1000
            switch event.kind {
            case .hitch:
                hitches.append(Hitch(start: start, end: end, line: event.line))
            case .body, .layout:
                guard let view = event.view else { return }
                let key = UInt64(view.index) | (event.kind == .layout ? 1 << 63 : 0)
                if symbols[key] == nil { symbols[key] = view }
                updates.append(Interval(start: start, end: end, line: Int32(truncatingIfNeeded: event.line), view: key))
            default:
                return
            }
        }

        func finish(_ subjects: Subjects) -> [Violation] {
            guard !hitches.isEmpty, !updates.isEmpty else { return [] }
            hitches.sort { $0.start < $1.start }
            let starts = hitches.map(\.start)
            for chunk in 0..<((updates.count + updates.chunkCapacity - 1) / updates.chunkCapacity) {
                updates.withChunk(chunk) { records in
                    for update in records { attribute(update, starts: starts) }
                }
            }
            return hitches.compactMap { violation(for: $0, subjects) }
        }

        /// Adds `update`'s time within each hitch it overlaps to that hitch's account.
        private func attribute(_ update: Interval, starts: [Double]) {
            // The first hitch starting after the update ends; those before it may overlap.
            var index = starts.partitioningIndex { $0 >= update.end }
            while index > 0 {
                index -= 1
                let hitch = hitches[index]
                let overlap = min(hitch.end, update.end) - max(hitch.start, update.start)
                // Hitches rarely overlap one another: one ending before the update began ends the walk.
                guard hitch.end > update.start else { break }
                guard overlap > 0 || (update.start == update.end && update.start >= hitch.start) else { continue }
                var entry = hitches[index].views[update.view] ?? (0, 0, update.line)
                entry.milliseconds += max(overlap, 0) * 1000
                entry.count += 1
                entry.line = min(entry.line, update.line)
                hitches[index].views[update.view] = entry
            }
        }

        private func violation(for hitch: Hitch, _ subjects: Subjects) -> Violation? {
            let duration = (hitch.end - hitch.start) * 1000
            let total = hitch.views.values.reduce(0) { $0 + $1.milliseconds }
            guard duration > 0, total >= duration * minShare else { return nil }
            let ranked = hitch.views.sorted { $0.value.milliseconds != $1.value.milliseconds ? $0.value.milliseconds > $1.value.milliseconds : $0.key < $1.key }
            let named = ranked.prefix(shown).map { key, entry in
                let name = symbols[key].map { subjects.symbols[$0] } ?? "?"
                let step = key & (1 << 63) != 0 ? "layout" : "body"
                return "\(name).\(step) \(Self.format(entry.milliseconds)) ×\(entry.count)"
            }
            let rest = ranked.count > shown ? ", and \(ranked.count - shown) more view\(ranked.count - shown == 1 ? "" : "s")" : ""
            let count = hitch.views.values.reduce(0) { $0 + $1.count }
            let top = ranked[0]
            let lines = [hitch.line] + ranked.prefix(shown).map { Int($0.value.line) }
            return Violation(
                view: symbols[top.key].map { subjects.symbols[$0] },
                message: "this hitch: \(Self.format(duration)) at \(Self.format(seconds: hitch.start)), of which \(named.joined(separator: ", "))\(rest): "
                    + "\(count) update\(count == 1 ? "" : "s") filled \(Int((min(total / duration, 1) * 100).rounded()))% of it.",
                count: count, lines: lines
            )
        }

        private static func format(_ milliseconds: Double) -> String {
            milliseconds >= 10 ? "\(Int(milliseconds.rounded())) ms" : "\(Double(Int((milliseconds * 10).rounded())) / 10) ms"
        }

        private static func format(seconds: Double) -> String {
            "\(Double(Int((seconds * 1000).rounded())) / 1000) s"
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
