/// A set of a trace's line numbers, in blocks of 65,536 lines as Roaring bitmaps keep them: a
/// block holding few lines keeps them as a sorted list of 16-bit offsets, a busy one as a
/// bitmap (8 KB), whichever is smaller. Lines naming an instance are a few in a hundred in most
/// logs, and every one in a probe's: a plain bitmap costs an eighth of a byte per line of the
/// trace either way, 1.25 MB at 10M lines.
public struct LineSet: Sendable {
    private static let blockShift = 16
    /// A list of more offsets than this takes more room than the block's bitmap.
    private static let listLimit = (1 << blockShift) / 16

    private enum Block: Sendable {
        case empty
        /// Ascending offsets within the block.
        case list([UInt16])
        /// A bit per line of the block.
        case bitmap([UInt64])
    }

    private var blocks: [Block] = []
    /// The block lines were last added to: the list before it is trimmed to its size when
    /// lines move on, as they do in a stream.
    private var lastBlock = -1

    /// An empty set.
    public init() {}

    /// Adds `line` (lines count from 1; others are ignored).
    public mutating func insert(_ line: Int) {
        guard line > 0 else { return }
        let index = line >> Self.blockShift
        let offset = UInt16(truncatingIfNeeded: line)
        if index != lastBlock {
            if lastBlock >= 0, case .list(var offsets) = blocks[lastBlock] {
                blocks[lastBlock] = .empty
                offsets.shrinkToFit()
                blocks[lastBlock] = .list(offsets)
            }
            lastBlock = index
            while blocks.count <= index { blocks.append(.empty) }
        }
        switch blocks[index] {
        case .empty:
            blocks[index] = .list([offset])
        case .list(var offsets):
            // Taken out of the array first, so the list is not copied to be changed.
            blocks[index] = .empty
            if let last = offsets.last, last < offset {
                offsets.append(offset)
            } else {
                let at = offsets.lowerBound(of: offset)
                if at < offsets.count, offsets[at] == offset {
                    blocks[index] = .list(offsets)
                    return
                }
                offsets.insert(offset, at: at)
            }
            blocks[index] = offsets.count > Self.listLimit ? .bitmap(Self.bitmap(of: offsets)) : .list(offsets)
        case .bitmap(var words):
            blocks[index] = .empty
            words[Int(offset >> 6)] |= 1 << UInt64(offset & 63)
            blocks[index] = .bitmap(words)
        }
    }

    /// True when the set holds `line`.
    public func contains(_ line: Int) -> Bool {
        let index = line >> Self.blockShift
        guard line > 0, index < blocks.count else { return false }
        let offset = UInt16(truncatingIfNeeded: line)
        switch blocks[index] {
        case .empty:
            return false
        case .list(let offsets):
            let at = offsets.lowerBound(of: offset)
            return at < offsets.count && offsets[at] == offset
        case .bitmap(let words):
            return words[Int(offset >> 6)] & (1 << UInt64(offset & 63)) != 0
        }
    }

    private static func bitmap(of offsets: [UInt16]) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: (1 << blockShift) / 64)
        for offset in offsets { words[Int(offset >> 6)] |= 1 << UInt64(offset & 63) }
        return words
    }
}

private extension Array where Element == UInt16 {
    /// The position of the first element not below `value`, in an ascending array.
    func lowerBound(of value: UInt16) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Gives back the capacity beyond the elements.
    mutating func shrinkToFit() {
        guard capacity > count else { return }
        self = [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: self)
        }
    }
}
