/// A set of a trace's line numbers as a bitmap: an eighth of a byte per line up to the highest
/// one held, however many are held, in chunks of 32 KB so that growing never copies it.
public struct LineSet: Sendable {
    /// Lines per chunk: 4,096 words of 64 bits.
    private static let chunkShift = 18
    private var chunks: [[UInt64]] = []

    /// An empty set.
    public init() {}

    /// Adds `line` (lines count from 1; others are ignored).
    public mutating func insert(_ line: Int) {
        guard line > 0 else { return }
        let chunk = line >> Self.chunkShift
        while chunks.count <= chunk { chunks.append([]) }
        if chunks[chunk].isEmpty { chunks[chunk] = [UInt64](repeating: 0, count: 1 << (Self.chunkShift - 6)) }
        let bit = line & (1 << Self.chunkShift - 1)
        chunks[chunk][bit >> 6] |= 1 << UInt64(bit & 63)
    }

    /// True when the set holds `line`.
    public func contains(_ line: Int) -> Bool {
        let chunk = line >> Self.chunkShift
        guard line > 0, chunk < chunks.count, !chunks[chunk].isEmpty else { return false }
        let bit = line & (1 << Self.chunkShift - 1)
        return chunks[chunk][bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }
}
