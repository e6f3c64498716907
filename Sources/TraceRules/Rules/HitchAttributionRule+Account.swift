import TraceModel

/// A recording's hitches and hangs, each with the time the SwiftUI body and layout updates that
/// ran while it lasted took within it: the one account `hitch_attribution`, `long_hitch` and
/// `main_thread_hang` state their figures from.
///
/// Intervals are kept in memory (a recording has few), timed updates on file: the tables may
/// come in either order, so the overlaps are found once both are read (`settle`).
final class HitchAccount {
    /// One hitch or hang, and per view the updates under it.
    struct Interval {
        let start: Double
        let end: Double
        let line: Int
        let facts: RecordedFacts
        /// Per view (a layout update's key has the high bit set): the time within the interval,
        /// how many updates, the first one's line.
        var views: [UInt64: (milliseconds: Double, count: Int, line: Int32)] = [:]

        var milliseconds: Double { (end - start) * 1000 }
        /// The updates' time within the interval, in milliseconds.
        var updateMilliseconds: Double { views.values.reduce(0) { $0 + $1.milliseconds } }
        var updateCount: Int { views.values.reduce(0) { $0 + $1.count } }
    }

    private struct Update: BitwiseCopyable {
        let start: Double
        let end: Double
        let line: Int32
        let view: UInt64
    }

    private(set) var intervals: [Interval] = []
    private let updates = SpilledArray<Update>(chunkCapacity: 4096, cachedChunks: 2)
    private var symbols: [UInt64: Symbol] = [:]
    /// Which intervals to keep.
    private let keeps: (LifecycleEvent) -> Bool

    /// An account of the hitch events `keeps` accepts.
    init(keeping keeps: @escaping (LifecycleEvent) -> Bool = { _ in true }) {
        self.keeps = keeps
    }

    /// True once the trace has held a timed SwiftUI update anywhere.
    var recordedUpdates: Bool { !updates.isEmpty }

    func observe(_ event: LifecycleEvent) {
        guard let start = event.ts, let milliseconds = event.durationMilliseconds else { return }
        let end = start + milliseconds / 1000
        switch event.kind {
        case .hitch:
            if keeps(event) { intervals.append(Interval(start: start, end: end, line: event.line, facts: event.recorded)) }
        case .body, .layout:
            guard let view = event.view else { return }
            let key = UInt64(view.index) | (event.kind == .layout ? 1 << 63 : 0)
            if symbols[key] == nil { symbols[key] = view }
            updates.append(Update(start: start, end: end, line: Int32(truncatingIfNeeded: event.line), view: key))
        default:
            return
        }
    }

    /// Lays every update on the intervals it overlaps; `intervals` are then in start order.
    func settle() {
        guard !intervals.isEmpty, !updates.isEmpty else { return }
        intervals.sort { $0.start < $1.start }
        let starts = intervals.map(\.start)
        for chunk in 0..<((updates.count + updates.chunkCapacity - 1) / updates.chunkCapacity) {
            updates.withChunk(chunk) { records in
                for update in records { attribute(update, starts: starts) }
            }
        }
    }

    /// Adds `update`'s time within each interval it overlaps to that interval's account.
    private func attribute(_ update: Update, starts: [Double]) {
        // The first interval starting after the update ends; those before it may overlap.
        var index = starts.partitioningIndex { $0 >= update.end }
        while index > 0 {
            index -= 1
            let interval = intervals[index]
            let overlap = min(interval.end, update.end) - max(interval.start, update.start)
            // Intervals rarely overlap one another: one ending before the update began ends the walk.
            guard interval.end > update.start else { break }
            guard overlap > 0 || (update.start == update.end && update.start >= interval.start) else { continue }
            var entry = intervals[index].views[update.view] ?? (0, 0, update.line)
            entry.milliseconds += max(overlap, 0) * 1000
            entry.count += 1
            entry.line = min(entry.line, update.line)
            intervals[index].views[update.view] = entry
        }
    }

    /// The views under `interval`, the costliest first: `ListRow.body`, its time, count and first line.
    func ranked(_ interval: Interval, _ subjects: Subjects) -> [(name: String, view: String?, milliseconds: Double, count: Int, line: Int)] {
        interval.views.sorted {
            $0.value.milliseconds != $1.value.milliseconds ? $0.value.milliseconds > $1.value.milliseconds : $0.key < $1.key
        }.map { key, entry in
            let view = symbols[key].map { subjects.symbols[$0] }
            let step = key & (1 << 63) != 0 ? "layout" : "body"
            return ("\(view ?? "?").\(step)", view, entry.milliseconds, entry.count, Int(entry.line))
        }
    }

    /// What ran under `interval`, for a finding that judges it: the share SwiftUI updates filled
    /// and the costliest, or that none was recorded under it and what to record to find out.
    func sentence(_ interval: Interval, _ subjects: Subjects) -> String {
        guard recordedUpdates else {
            return "No SwiftUI update was recorded under it: the recording holds none. Record it again with the SwiftUI "
                + "instrument and export swiftui-updates beside this table to see whether view updates took the time "
                + "(Time Profiler shows what else the main thread ran)."
        }
        guard let top = ranked(interval, subjects).first else {
            return "No SwiftUI update ran under it: something else took the time. Time Profiler, recorded with it, "
                + "shows what the main thread ran."
        }
        let share = Int((min(interval.updateMilliseconds / max(interval.milliseconds, .ulpOfOne), 1) * 100).rounded())
        let count = interval.updateCount
        let most = share < 50 ? "; something else took most of it (Time Profiler shows what the main thread ran)" : ""
        return "\(count) SwiftUI update\(count == 1 ? "" : "s") filled \(share)% of it, \(top.name) the most "
            + "(\(Self.format(top.milliseconds)) ×\(top.count))\(most)."
    }

    /// `42 ms`, `2.0 ms`: whole milliseconds from 10 on, one decimal below.
    static func format(_ milliseconds: Double) -> String {
        milliseconds >= 10 ? "\(Int(milliseconds.rounded())) ms" : "\(Double(Int((milliseconds * 10).rounded())) / 10) ms"
    }

    /// `10.0 s`, `4.961 s`: a moment of the recording, to the millisecond.
    static func format(seconds: Double) -> String {
        "\(Double(Int((seconds * 1000).rounded())) / 1000) s"
    }
}

/// A rule's detector that judges each hitch or hang of its account on its own (`long_hitch`,
/// `main_thread_hang`): one finding per interval `judge` reports, its judgement followed by what
/// ran under it, counting one interval and timed by its duration. Judged at the end: the
/// updates under an interval may come in a later table.
final class JudgedIntervals: Detector {
    private let account: HitchAccount
    /// The judgement of an interval (`A frame was shown 217 ms late …`) and its weight; nil to pass it.
    private let judge: (HitchAccount.Interval) -> (judgement: String, weight: Violation.Weight)?

    init(keeping keeps: @escaping (LifecycleEvent) -> Bool, judge: @escaping (HitchAccount.Interval) -> (judgement: String, weight: Violation.Weight)?) {
        account = HitchAccount(keeping: keeps)
        self.judge = judge
    }

    func observe(_ event: LifecycleEvent) {
        account.observe(event)
    }

    func finish(_ subjects: Subjects) -> [Violation] {
        account.settle()
        return account.intervals.compactMap { interval in
            guard let judged = judge(interval) else { return nil }
            var violation = Violation(
                view: account.ranked(interval, subjects).first?.view,
                message: "\(judged.judgement) \(account.sentence(interval, subjects))",
                count: 1, lines: [interval.line], weight: judged.weight
            )
            violation.milliseconds = interval.milliseconds
            return violation
        }
    }
}
