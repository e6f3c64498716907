/// An array that grows by fixed chunks of 16,384 elements instead of doubling: per-lane and
/// per-instance state that a long trace adds to all along (a lane per view instance, 190,000 at
/// 10M benchmark lines). A doubling array holds up to twice what it uses, and briefly three
/// times while it copies into the next size, at whatever moment the trace crosses a power of two.
struct ChunkedArray<Element> {
    private static var shift: Int { 14 }
    private static var mask: Int { 1 << shift - 1 }
    private var chunks: [[Element]] = []
    /// How many elements the array holds.
    private(set) var count = 0

    init() {}

    /// The indices of the elements, from 0.
    var indices: Range<Int> { 0 ..< count }

    /// The element at `index`.
    subscript(index: Int) -> Element {
        @inline(__always) get { chunks[index >> Self.shift][index & Self.mask] }
        @inline(__always) set { chunks[index >> Self.shift][index & Self.mask] = newValue }
    }

    /// Adds `element` at the end.
    @inline(__always)
    mutating func append(_ element: Element) {
        // The newest chunk grows as an array does, so a short trace holds no more than it uses.
        if count & Self.mask == 0 { chunks.append([]) }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// Appends `filler` until `index` is a valid position.
    mutating func grow(toInclude index: Int, with filler: Element) {
        while count <= index { append(filler) }
    }
}
