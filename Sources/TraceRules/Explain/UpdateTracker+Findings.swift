import TraceModel

extension UpdateTracker {
    /// Root causes named per finding, most frequent first; more are counted.
    static let maxRootCauses = 3
    /// Update lines listed per root cause.
    static let maxRootLines = 5

    /// What started the updates that hold `lines` (a finding's evidence, ascending), in words:
    /// `ContentView._showPlayButton changed (2 updates: lines 5, 9)`; nil when no evidence line
    /// is in an update of body evaluations or inits.
    ///
    /// Only updates begun by a change the log names count: a view's own property, a new
    /// identity, or another view's appear or disappear (a finding about appears is not
    /// explained by itself); an update begun by an unexplained body or init names no cause.
    func rootCause(ofLines lines: [Int], view: String?, names: inout PropertyNames) -> String? {
        rootCause(ofLines: lines, view: view, names: &names) { _, line in update(containing: line) }
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
        // lines of the first few (all a sentence shows).
        var slotOfWords: [Int: Int] = [:]
        var order: [Int] = []
        var counts: [Int] = []
        var firstLines: [[Int]] = []
        // The lines are ascending, and so are their updates: a line inside the update of the
        // line before adds nothing and needs no search.
        var current = (firstLine: 1, lastLine: 0)
        for (position, line) in lines.enumerated() {
            if line >= current.firstLine && line <= current.lastLine { continue }
            guard let update = updateOf(position, line) else { continue }
            current = (Int(update.firstLine), Int(update.lastLine))
            let root = roots[Int(update.rootKey)]
            // An update the log gives no reason for explains nothing.
            guard root.namesACause else { continue }
            if root.kind == .appear || root.kind == .disappear, let view, root.view != 0,
               names.name(ofIndex: Int(root.view) - 1) == view {
                continue
            }
            let words = names.rootWords(update.rootKey) { rootCause(of: root, names: &$0, mentioningText: false) }
            let slot: Int
            if let known = slotOfWords[words] {
                slot = known
            } else {
                slot = order.count
                slotOfWords[words] = slot
                order.append(words)
                counts.append(0)
                firstLines.append([])
            }
            counts[slot] += 1
            if firstLines[slot].count <= Self.maxRootLines { firstLines[slot].append(Int(update.firstLine)) }
        }
        guard !order.isEmpty else { return nil }
        // Most updates first; ties in order of first occurrence.
        let ranked = order.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        var parts = ranked.prefix(Self.maxRootCauses).map { slot -> String in
            let count = counts[slot]
            var shown = firstLines[slot].prefix(Self.maxRootLines).map(String.init).joined(separator: ", ")
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

    /// The kept update whose lines include `line`: the last update that starts at or before it,
    /// found by binary search first among chunks, then in its chunk (updates are in input order
    /// and do not overlap), so one chunk is read back per lookup at most, and none while
    /// consecutive lookups stay in recent chunks.
    private func update(containing line: Int) -> Update? {
        guard !updates.isEmpty, line >= Int(chunkFirstLines[0]) else { return nil }
        var low = 0, high = chunkFirstLines.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(chunkFirstLines[middle]) <= line { low = middle } else { high = middle - 1 }
        }
        return updates.withChunk(low) { chunk in
            var low = 0, high = chunk.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if Int(chunk[middle].firstLine) <= line { low = middle } else { high = middle - 1 }
            }
            return line <= Int(chunk[low].lastLine) ? chunk[low] : nil
        }
    }

    /// For each query (`line << 32 | slot`, ascending), the kept update whose lines include the
    /// line, written to `found[slot]`; slots of lines in no kept update are left alone. One pass
    /// over the updates: each chunk is read once, however many queries fall into it, where
    /// `update(containing:)` reads one per line that scatters across the log.
    func updates(containing queries: [UInt64], into found: inout [Update?]) {
        guard !updates.isEmpty else { return }
        var chunk = 0
        var next = 0
        while next < queries.count {
            let line = queries[next] >> 32
            guard line >= chunkFirstLines[0] else {
                next += 1
                continue
            }
            // The last chunk that starts at or before the line: queries ascend, so it only moves on.
            while chunk + 1 < chunkFirstLines.count && UInt64(chunkFirstLines[chunk + 1]) <= line { chunk += 1 }
            let end = chunk + 1 < chunkFirstLines.count ? UInt64(chunkFirstLines[chunk + 1]) : UInt64.max
            updates.withChunk(chunk) { records in
                var record = 0
                while next < queries.count, case let line = queries[next] >> 32, line < end {
                    while record + 1 < records.count && UInt64(records[record + 1].firstLine) <= line { record += 1 }
                    if line <= UInt64(records[record].lastLine) { found[Int(UInt32(truncatingIfNeeded: queries[next]))] = records[record] }
                    next += 1
                }
            }
        }
    }
}
