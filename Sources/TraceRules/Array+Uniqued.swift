extension Array where Element: Hashable {
    /// The elements in order, each kept once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

extension Array where Element: Comparable {
    /// The elements ascending, each kept once. Rules gather their lines in input order, so
    /// most lists already ascend: those are returned as they are, without a sort.
    func sortedUniqued() -> [Element] {
        if zip(self, dropFirst()).allSatisfy({ $0 < $1 }) { return self }
        var result: [Element] = []
        result.reserveCapacity(count)
        for element in sorted() where result.last != element { result.append(element) }
        return result
    }
}

/// `1 update`, `2 updates`: a count and its noun, for messages.
func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
