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
        // By the words, not the root: roots that differ in what the sentence leaves out (the
        // state a new identity reset) read as one cause.
        var updatesByRoot: [Int: [Int]] = [:]
        var order: [Int] = []
        // The lines are ascending, and so are their updates: a line inside the update of the
        // line before adds nothing and needs no search.
        var current = (firstLine: 1, lastLine: 0)
        for line in lines {
            if line >= current.firstLine && line <= current.lastLine { continue }
            guard let index = update(containing: line) else { continue }
            let update = updates[index]
            current = (Int(update.firstLine), Int(update.lastLine))
            let root = roots[Int(update.rootKey)]
            // An update the log gives no reason for explains nothing.
            guard root.namesACause else { continue }
            if root.kind == .appear || root.kind == .disappear, let view, root.view != 0,
               names.name(ofIndex: Int(root.view) - 1) == view {
                continue
            }
            let words = names.rootWords(update.rootKey) { rootCause(of: root, names: &$0, mentioningText: false) }
            if updatesByRoot[words] == nil { order.append(words) }
            updatesByRoot[words, default: []].append(Int(update.firstLine))
        }
        guard !order.isEmpty else { return nil }
        // Most updates first; ties in order of first occurrence.
        let ranked = order.enumerated().sorted {
            let left = updatesByRoot[$0.element]!.count, right = updatesByRoot[$1.element]!.count
            return left != right ? left > right : $0.offset < $1.offset
        }.map(\.element)
        var parts = ranked.prefix(Self.maxRootCauses).map { words -> String in
            let starts = updatesByRoot[words]!
            var shown = starts.prefix(Self.maxRootLines).map(String.init).joined(separator: ", ")
            if starts.count > Self.maxRootLines { shown += ", …" }
            let where_ = starts.count == 1 ? "line \(shown)" : "\(starts.count) updates: lines \(shown)"
            return "\(names.words(words)) (\(where_))"
        }
        if ranked.count > Self.maxRootCauses {
            let rest = ranked.count - Self.maxRootCauses
            parts.append("\(rest) more root cause\(rest == 1 ? "" : "s")")
        }
        return parts.joined(separator: "; ")
    }

    /// The index of the kept update whose lines include `line`: the last update that starts at
    /// or before it, found by binary search first among chunks, then in its chunk (updates are
    /// in input order and do not overlap), so one chunk is read back per lookup at most, and
    /// none while consecutive lookups stay in it.
    private func update(containing line: Int) -> Int? {
        guard !updates.isEmpty, line >= Int(chunkFirstLines[0]) else { return nil }
        var low = 0, high = chunkFirstLines.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(chunkFirstLines[middle]) <= line { low = middle } else { high = middle - 1 }
        }
        low = low * updates.chunkCapacity
        high = min(low + updates.chunkCapacity, updates.count) - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(updates[middle].firstLine) <= line { low = middle } else { high = middle - 1 }
        }
        return line <= Int(updates[low].lastLine) ? low : nil
    }
}
