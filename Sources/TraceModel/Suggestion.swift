/// "Did you mean …?" for a mistyped command, option, value, rule or probe field: one way of
/// guessing, shared by the command line and the parsers that explain what they refused.
package enum Suggestion {
    /// The candidate that `typed` most likely meant, or nil when none stands out:
    ///
    /// 1. the closest by edits: at most one for short words, two for longer ones (a swap of
    ///    neighbours counts as one), `githbu` → `github`;
    /// 2. else the one candidate that `typed` begins (`github` → `github-actions-logging`), up to
    ///    an edit for a word of four letters or more (`githib` → the same);
    /// 3. else the one candidate that holds `typed`, of three letters or more (`churn` →
    ///    `identity_churn`).
    ///
    /// Where several fit a step equally, none is guessed: the caller lists the valid ones anyway.
    package static func closest(to typed: String, in candidates: [String]) -> String? {
        let word = typed.lowercased()
        guard !word.isEmpty else { return nil }
        let lowered = candidates.map { $0.lowercased() }
        let limit = word.count <= 4 ? 1 : 2
        if let best = unique(candidates, lowered, scoredBy: { distance(word, $0) }, within: limit) { return best }
        let prefixLimit = word.count >= 4 ? 1 : 0
        let longer = { (candidate: String) -> Int in
            candidate.count > word.count ? distance(word, String(candidate.prefix(word.count))) : .max
        }
        if let best = unique(candidates, lowered, scoredBy: longer, within: prefixLimit) { return best }
        guard word.count >= 3 else { return nil }
        return unique(candidates, lowered, scoredBy: { $0.contains(word) ? 0 : .max }, within: 0)
    }

    /// ` (did you mean 'X'?)` for the closest candidate, or nothing.
    package static func hint(for typed: String, in candidates: [String]) -> String {
        closest(to: typed, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// `unknown format 'github' (did you mean 'github-actions-logging'?); valid: text, json, …`:
    /// the one shape every refused value takes.
    package static func unknown(_ what: String, _ typed: String, valid candidates: [String]) -> String {
        "unknown \(what) '\(typed)'\(hint(for: typed, in: candidates)); valid: \(candidates.joined(separator: ", "))"
    }

    /// The candidate with the lowest score within `limit`, when no other shares it.
    private static func unique(
        _ candidates: [String], _ lowered: [String], scoredBy score: (String) -> Int, within limit: Int
    ) -> String? {
        var best: (index: Int, score: Int)?
        var tied = false
        for (index, candidate) in lowered.enumerated() {
            let value = score(candidate)
            guard value <= limit else { continue }
            if let current = best, current.score == value {
                tied = true
            } else if best == nil || value < best!.score {
                best = (index, value)
                tied = false
            }
        }
        guard let best, !tied else { return nil }
        return candidates[best.index]
    }

    /// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousRow: [Int] = []
        var row = Array(0...b.count)
        for i in 1...a.count {
            let beforePrevious = previousRow
            previousRow = row
            row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], beforePrevious[j - 2] + 1)
                }
            }
        }
        return row[b.count]
    }
}
