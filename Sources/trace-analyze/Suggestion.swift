/// "Did you mean …?" for a mistyped command, option or value.
enum Suggestion {
    /// The candidate closest to `typed`, when it is close enough to be what was meant: at most
    /// one edit for short words, two for longer ones (a swap of neighbours counts as one).
    static func closest(to typed: String, in candidates: [String]) -> String? {
        let limit = typed.count <= 4 ? 1 : 2
        let ranked = candidates
            .map { (candidate: $0, distance: distance(typed.lowercased(), $0.lowercased())) }
            .filter { $0.distance <= limit }
            .min { $0.distance < $1.distance }
        return ranked?.candidate
    }

    /// ` (did you mean 'X'?)` for the closest candidate, or nothing.
    static func hint(for typed: String, in candidates: [String]) -> String {
        closest(to: typed, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`.
    static func distance(_ a: String, _ b: String) -> Int {
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
