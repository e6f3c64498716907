import TraceModel

extension UpdateTracker {
    /// Root causes named per finding, most frequent first; more are counted.
    static let maxRootCauses = 3
    /// Update lines listed per root cause.
    static let maxRootLines = 5
    /// Wordings of one finding's root causes looked for one by one; more get a dictionary.
    static let wordingsSearched = 16

    /// What started the updates that hold `lines` (a finding's evidence, ascending), in words:
    /// `ContentView._showPlayButton changed (2 updates: lines 5, 9)`; nil when no evidence line
    /// is in an update of body evaluations or inits.
    ///
    /// Only updates begun by a change the log names count: a view's own property, a new
    /// identity, or another view's appear or disappear (a finding about appears is not
    /// explained by itself); an update begun by an unexplained body or init names no cause.
    func rootCause(ofLines lines: [Int], view: String?, names: inout PropertyNames) -> String? {
        var sweep = UpdateSweep(over: self)
        return rootCause(ofLines: lines, view: view, names: &names) { _, line in sweep.update(containing: line) }
    }

    /// `rootCause(ofLines:view:names:)` with the update holding each line given by `updateOf`
    /// (the line's position in `lines`, the line): `RootCauseBatch` works them out in advance.
    /// Asked only for lines past the last update found.
    func rootCause(
        ofLines lines: [Int], view: String?, names: inout PropertyNames, updateOf: (_ position: Int, _ line: Int) -> Update?
    ) -> String? {
        // By the words, not the root: roots that differ in what the sentence leaves out (the
        // state a new identity reset) read as one cause.
        // Per distinct wording, in order of first occurrence: how many updates, and the first
        // lines of the first few (all a sentence shows), `maxRootLines` to a slot. Most findings
        // have a few wordings: they are searched in turn, and only a finding with many gets a
        // dictionary (a dictionary and an array per finding were a third of its root cause).
        var order: [Int] = []
        var counts: [Int] = []
        var firstLines: [Int] = []
        var slotOfWords: [Int: Int]?
        // The lines are ascending, and so are their updates: a line inside the update of the
        // line before adds nothing and needs no search.
        var current = (firstLine: 1, lastLine: 0)
        for (position, line) in lines.enumerated() {
            if line >= current.firstLine && line <= current.lastLine { continue }
            guard let update = updateOf(position, line) else { continue }
            current = (Int(update.firstLine), Int(update.lastLine))
            let root = roots[Int(update.rootKey)]
            // An update the log gives no reason for explains nothing; nor does the trace's start
            // (the first views getting their identities and appearing), which every later update follows.
            guard root.namesACause, !(root.startsViews && update.firstLine < firstChangeLine ?? .max) else { continue }
            if root.kind == .appear || root.kind == .disappear, let view, root.view != 0,
               names.name(ofIndex: Int(root.view) - 1) == view {
                continue
            }
            let words = names.rootWords(update.rootKey) { rootCause(of: root, names: &$0, mentioningText: false) }
            let slot: Int
            let known = if let slotOfWords { slotOfWords[words] } else { order.firstIndex(of: words) }
            if let known {
                slot = known
            } else {
                slot = order.count
                order.append(words)
                counts.append(0)
                firstLines.append(contentsOf: repeatElement(0, count: Self.maxRootLines))
                if slotOfWords != nil {
                    slotOfWords![words] = slot
                } else if order.count > Self.wordingsSearched {
                    slotOfWords = Dictionary(uniqueKeysWithValues: zip(order, order.indices))
                }
            }
            counts[slot] += 1
            if counts[slot] <= Self.maxRootLines { firstLines[slot * Self.maxRootLines + counts[slot] - 1] = Int(update.firstLine) }
        }
        guard !order.isEmpty else { return nil }
        // Most updates first; ties in order of first occurrence.
        let ranked = order.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        var parts = ranked.prefix(Self.maxRootCauses).map { slot -> String in
            let count = counts[slot]
            let start = slot * Self.maxRootLines
            var shown = firstLines[start ..< start + min(count, Self.maxRootLines)].map(String.init).joined(separator: ", ")
            if count > Self.maxRootLines { shown += ", …" }
            let where_ = count == 1 ? "line \(shown)" : "\(count) updates: lines \(shown)"
            return "\(names.words(order[slot])) (\(where_))"
        }
        if ranked.count > Self.maxRootCauses {
            let rest = ranked.count - Self.maxRootCauses
            parts.append("\(rest) more root cause\(rest == 1 ? "" : "s")")
        }
        return parts.joined(separator: "; ")
    }
}

/// Finds the kept updates that hold lines asked for in ascending order, moving only forward: a
/// binary search among the chunks of updates, then in the chunk, each from where the last line
/// was found. A chunk serves every line it covers, read back once (`SpilledArray` keeps the
/// recent ones): a finding's lines, or a whole batch of them sorted (`RootCauseBatch`), read
/// each chunk they need once.
struct UpdateSweep {
    private let tracker: UpdateTracker
    private var chunk = 0
    private var record = 0

    init(over tracker: UpdateTracker) { self.tracker = tracker }

    /// The kept update whose lines include `line`; nil when none does. `line` must not be below
    /// the line asked for before.
    mutating func update(containing line: Int) -> UpdateTracker.Update? {
        let firstLines = tracker.chunkFirstLines
        guard !firstLines.isEmpty, line >= Int(firstLines[0]) else { return nil }
        if chunk + 1 < firstLines.count && Int(firstLines[chunk + 1]) <= line {
            chunk = Self.lastIndex(in: chunk + 1 ..< firstLines.count, startingAtOrBefore: line) { Int(firstLines[$0]) }
            record = 0
        }
        return tracker.updates.withChunk(chunk) { records in
            record = Self.lastIndex(in: record ..< records.count, startingAtOrBefore: line) { Int(records[$0].firstLine) }
            return line <= Int(records[record].lastLine) ? records[record] : nil
        }
    }

    /// The last index of `range` whose first line is at most `line`; the range's first index when
    /// none is (its first line is known to be at most `line`).
    private static func lastIndex(in range: Range<Int>, startingAtOrBefore line: Int, firstLine: (Int) -> Int) -> Int {
        var low = range.lowerBound, high = range.upperBound - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if firstLine(middle) <= line { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
