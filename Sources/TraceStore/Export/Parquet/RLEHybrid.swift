/// Parquet's RLE / bit-packing hybrid: definition levels and dictionary indices.
///
/// A run of eight or more equal values becomes an RLE run (`count << 1`, then the value in
/// ceil(width / 8) little-endian bytes); anything else is bit-packed in groups of eight
/// (`groups << 1 | 1`, then the values packed least significant bit first). Only the stream's
/// last group may be padded: readers stop at the page's value count.
public enum RLEHybrid {
    /// The bits needed for values up to `maximum` (at least 1).
    public static func bitWidth(forMaximum maximum: Int) -> Int {
        max(1, Int.bitWidth - maximum.leadingZeroBitCount)
    }

    /// Encodes `values`, each below `1 << bitWidth`, appending to `output`.
    public static func encode(_ values: [UInt32], bitWidth: Int, into output: inout [UInt8]) {
        let count = values.count
        var index = 0
        func runLength(at start: Int) -> Int {
            var end = start + 1
            while end < count, values[end] == values[start] { end += 1 }
            return end - start
        }
        while index < count {
            let run = runLength(at: index)
            if run >= 8 {
                ThriftCompactWriter.appendVarint(UInt64(run) << 1, to: &output)
                let value = values[index]
                for byte in 0..<((bitWidth + 7) / 8) { output.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(byte)))) }
                index += run
                continue
            }
            let start = index
            while index < count, runLength(at: index) < 8 { index = min(count, index + 8) }
            bitPack(values[start..<index], bitWidth: bitWidth, into: &output)
        }
    }

    private static func bitPack(_ values: ArraySlice<UInt32>, bitWidth: Int, into output: inout [UInt8]) {
        let groups = (values.count + 7) / 8
        ThriftCompactWriter.appendVarint(UInt64(groups) << 1 | 1, to: &output)
        var accumulator: UInt64 = 0
        var bits = 0
        var written = 0
        for value in values {
            accumulator |= UInt64(value) << UInt64(bits)
            bits += bitWidth
            written += 1
            while bits >= 8 {
                output.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator >>= 8
                bits -= 8
            }
        }
        // Pad the last group to eight values with zeros.
        for _ in written..<(groups * 8) {
            bits += bitWidth
            while bits >= 8 {
                output.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator >>= 8
                bits -= 8
            }
        }
        if bits > 0 { output.append(UInt8(truncatingIfNeeded: accumulator)) }
    }
}
