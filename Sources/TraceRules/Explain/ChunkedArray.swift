/// An append-only array kept in chunks of a fixed size: growing never copies what is already
/// there, so a million elements cost their own size, where a doubling array briefly holds one
/// and a half times as many and may keep twice the capacity.
struct ChunkedArray<Element> {
    /// Elements per chunk: 2^14.
    private static var shift: Int { 14 }
    private static var mask: Int { (1 << shift) - 1 }

    private var chunks: [[Element]] = []
    /// How many elements the array holds.
    private(set) var count = 0

    /// True when the array holds nothing.
    var isEmpty: Bool { count == 0 }

    /// Adds `element` at the end.
    @inline(__always) mutating func append(_ element: Element) {
        if count & Self.mask == 0 {
            var chunk: [Element] = []
            chunk.reserveCapacity(1 << Self.shift)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// The element at `index`, from 0.
    @inline(__always) subscript(index: Int) -> Element {
        get { chunks[index >> Self.shift][index & Self.mask] }
        _modify { yield &chunks[index >> Self.shift][index & Self.mask] }
    }
}
