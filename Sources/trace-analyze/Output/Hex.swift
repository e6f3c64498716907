/// Lower-case hexadecimal for blobs, built byte by byte: `String(format:)` per byte cost about
/// 2.5 µs each, minutes for a large blob.
enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `bytes` as hex, two digits per byte; at most `limit` bytes are encoded when given.
    static func encode(_ bytes: [UInt8], limit: Int? = nil) -> String {
        let count = min(bytes.count, limit ?? bytes.count)
        return String(unsafeUninitializedCapacity: count * 2) { output in
            for index in 0..<count {
                let byte = bytes[index]
                output[index * 2] = digits[Int(byte >> 4)]
                output[index * 2 + 1] = digits[Int(byte & 0x0F)]
            }
            return count * 2
        }
    }
}
