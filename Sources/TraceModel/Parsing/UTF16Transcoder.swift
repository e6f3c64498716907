/// Turns UTF-16 bytes into UTF-8, chunk by chunk: a unit or a surrogate pair split between
/// chunks is completed by the next one. A byte-order mark is dropped; an unpaired surrogate
/// becomes U+FFFD, as invalid UTF-8 does in a log read as bytes.
public struct UTF16Transcoder: Sendable {
    private let bigEndian: Bool
    private var pendingByte: UInt8?
    private var highSurrogate: UInt16?
    private var atStart = true

    /// A transcoder of `bigEndian` (or little-endian) UTF-16.
    public init(bigEndian: Bool) {
        self.bigEndian = bigEndian
    }

    /// Appends the UTF-8 of `bytes` to `output`.
    public mutating func transcode(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        var index = 0
        if let first = pendingByte, !bytes.isEmpty {
            pendingByte = nil
            take(unit(first, bytes[0]), into: &output)
            index = 1
        }
        while index + 1 < bytes.count {
            take(unit(bytes[index], bytes[index + 1]), into: &output)
            index += 2
        }
        if index < bytes.count { pendingByte = bytes[index] }
    }

    /// The input ended: a surrogate or byte left waiting becomes U+FFFD.
    public mutating func finish(into output: inout [UInt8]) {
        if highSurrogate != nil || pendingByte != nil { append(0xFFFD, to: &output) }
        highSurrogate = nil
        pendingByte = nil
    }

    private func unit(_ first: UInt8, _ second: UInt8) -> UInt16 {
        bigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first)
    }

    private mutating func take(_ unit: UInt16, into output: inout [UInt8]) {
        defer { atStart = false }
        if let high = highSurrogate {
            highSurrogate = nil
            if (0xDC00...0xDFFF).contains(unit) {
                append(0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00), to: &output)
                return
            }
            append(0xFFFD, to: &output)
        }
        switch unit {
        case 0xFEFF where atStart: return
        case 0xD800...0xDBFF: highSurrogate = unit
        case 0xDC00...0xDFFF: append(0xFFFD, to: &output)
        default: append(UInt32(unit), to: &output)
        }
    }

    private func append(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
