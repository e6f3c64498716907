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
        var ascending = true
        for index in indices.dropFirst() where self[index - 1] >= self[index] {
            ascending = false
            break
        }
        if ascending { return self }
        var result = sorted()
        var kept = 0
        for index in result.indices where kept == 0 || result[kept - 1] != result[index] {
            result[kept] = result[index]
            kept += 1
        }
        result.removeLast(result.count - kept)
        return result
    }
}

/// `1 update`, `2 updates`: a count and its noun, for messages.
func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
