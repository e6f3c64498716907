extension Array {
    /// Appends `filler` until `index` is a valid position: rules keep per-view state in arrays
    /// indexed by `Symbol.index` and meet new symbols as the trace goes on.
    @inline(__always)
    mutating func grow(toInclude index: Int, with filler: @autoclosure () -> Element) {
        guard index >= count else { return }
        append(contentsOf: repeatElement(filler(), count: index + 1 - count))
    }
}
