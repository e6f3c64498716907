extension Array {
    /// Appends `filler` until `index` is a valid position: rules keep per-view state in arrays
    /// indexed by `Symbol.index` and meet new symbols as the trace goes on.
    @inline(__always)
    mutating func grow(toInclude index: Int, with filler: @autoclosure () -> Element) {
        guard index >= count else { return }
        append(contentsOf: repeatElement(filler(), count: index + 1 - count))
    }
}

extension Array {
    /// Empties the array and keeps its storage, doing nothing when it is empty already: rules
    /// empty per-update lists at every update, most of them empty, and the standard library's
    /// `removeAll(keepingCapacity: true)` goes through the general `replaceSubrange` either way.
    @inline(__always)
    mutating func clear() {
        guard !isEmpty else { return }
        removeAll(keepingCapacity: true)
    }
}
