extension Array where Element: Hashable {
    /// The elements in order, each kept once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

extension Array where Element: Comparable {
    /// The elements ascending, each kept once. Rules gather their lines in input order, so
    /// most lists already ascend: those are returned as they are, without a sort. Any other is
    /// sorted in one copy, not two (a copy to sort and one without repeats): a finding can cite
    /// a hundred thousand lines.
    func sortedUniqued() -> [Element] {
        var result = self
        result.formSortedUniqued()
        return result
    }

    /// Sorts the elements ascending and keeps each once, in place.
    mutating func formSortedUniqued() {
        if zip(self, dropFirst()).allSatisfy({ $0 < $1 }) { return }
        sort()
        var kept = 0
        for index in indices where kept == 0 || self[kept - 1] != self[index] {
            self[kept] = self[index]
            kept += 1
        }
        removeLast(count - kept)
    }
}

/// `1 update`, `2 updates`: a count and its noun, for messages.
func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
