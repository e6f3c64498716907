/// What the first bytes of an input say about reading it as a log: text as it is, UTF-16 to be
/// decoded (a log saved by a Windows tool or an editor's "Unicode"), or not a log at all (an
/// executable, an archive, a picture).
///
/// Read once per input, on its first block; lines are then read as bytes as ever.
public enum InputSniff: Equatable, Sendable {
    /// Text in UTF-8 (or ASCII, or bytes that are mostly so).
    case text
    /// UTF-16, told by its byte-order mark or by every other byte being zero.
    case utf16(bigEndian: Bool)
    /// So many NUL and control bytes that this is no text: `percent` of the block.
    case binary(percent: Int)

    /// How many bytes of the first block are looked at.
    public static let blockSize = 1 << 16
    /// The share of NUL and control bytes from which a block is binary. Text logs hold a stray
    /// NUL or escape at most (`fixtures/bad/nul-bytes.log` has 10%); executables hold 30–60%.
    public static let binaryPercent = 30

    /// Classifies the first bytes of an input.
    public static func classify(_ bytes: UnsafeRawBufferPointer) -> InputSniff {
        let block = UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, blockSize)])
        if block.count >= 2, (block[0], block[1]) == (0xFF, 0xFE) || (block[0], block[1]) == (0xFE, 0xFF) {
            // A byte-order mark alone is two bytes any binary or broken file may start with.
            let bigEndian = block[0] == 0xFE
            if newlinesAreUnits(block, bigEndian: bigEndian) { return .utf16(bigEndian: bigEndian) }
        }
        if let bigEndian = zeroBytePattern(block) { return .utf16(bigEndian: bigEndian) }
        guard !block.isEmpty else { return .text }
        var control = 0
        for byte in block where isControl(byte) { control += 1 }
        let percent = control * 100 / block.count
        return percent >= binaryPercent ? .binary(percent: percent) : .text
    }

    /// UTF-16 without a byte-order mark: ASCII text leaves the high byte of each unit zero.
    /// True for big-endian, false for little-endian, nil when the block is not so; nine units in
    /// ten must show it, over at least eight.
    private static func zeroBytePattern(_ block: UnsafeRawBufferPointer) -> Bool? {
        let units = min(block.count, 4096) / 2
        guard units >= 8 else { return nil }
        var little = 0, big = 0
        for unit in 0..<units {
            let first = block[unit * 2], second = block[unit * 2 + 1]
            if second == 0, first != 0 { little += 1 }
            if first == 0, second != 0 { big += 1 }
        }
        if little * 10 >= units * 9 { return false }
        if big * 10 >= units * 9 { return true }
        return nil
    }

    /// True when every line feed of the block is a whole UTF-16 unit (`0A 00`, or `00 0A`
    /// big-endian): in UTF-16 text it always is, in a UTF-8 or binary file that happens to open
    /// with `FF FE` it is not.
    private static func newlinesAreUnits(_ block: UnsafeRawBufferPointer, bigEndian: Bool) -> Bool {
        for index in 0..<block.count where block[index] == 0x0A {
            let isLowByte = (index % 2 == 0) != bigEndian
            guard isLowByte else { return false }
            let partner = bigEndian ? index - 1 : index + 1
            if partner < block.count, block[partner] != 0 { return false }
        }
        return true
    }

    /// NUL, DEL and the C0 controls but tab, line feed, vertical tab, form feed, carriage return
    /// and escape (terminal colours).
    private static func isControl(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x09...0x0D, 0x1B: false
        case 0x00..<0x20, 0x7F: true
        default: false
        }
    }
}
