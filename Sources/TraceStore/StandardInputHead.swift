import Foundation
import TraceModel

/// The first bytes of stdin, read before deciding what it is: a file of MetricKit payloads
/// piped in (`cat payloads.ndjson | trace-analyze ingest -`) is told from a log by them, as a
/// named file is (`MetricKitStore.recognises`), but a pipe cannot be looked at and then read
/// again, so what was read is kept and handed on first (`PrefixedInput`).
///
/// Only input that opens with `{` or `[` can be MetricKit: for any other the first read
/// decides, so a log streamed in is never held back. JSON is read on until a block's worth
/// (`InputSniff.blockSize`), its end, or a quiet moment: a live NDJSON log stream that pauses is
/// then decided on what it sent, as the parse stage decides on a quiet stream.
struct StandardInputHead {
    /// The bytes read, in order.
    private(set) var bytes: [UInt8] = []
    /// How reading ended, when it did: the input's end or its failure.
    private(set) var last: ByteInputResult?

    /// Reads the head of `input`; stops early, with what it has, once `interrupted` says so.
    init(_ input: any ByteInput, interrupted: (@Sendable () -> Bool)? = nil) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: InputSniff.blockSize, alignment: 16)
        defer { buffer.deallocate() }
        while bytes.count < InputSniff.blockSize, !(interrupted?() ?? false) {
            let room = UnsafeMutableRawBufferPointer(rebasing: buffer[..<(InputSniff.blockSize - bytes.count)])
            let result = input.read(into: room)
            switch result {
            case .bytes(let count):
                bytes.append(contentsOf: room[..<count])
                guard mayBeJSON else { return }
            case .quiet:
                // Nothing yet: wait for the first bytes; after them, a pause decides.
                if !bytes.isEmpty { return }
            case .restarted:
                continue
            case .end, .failed:
                last = result
                return
            }
        }
    }

    /// True while what was read could still open a JSON object or array.
    private var mayBeJSON: Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        guard let first = rest.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else { return true }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// True when the head is MetricKit JSON.
    var isMetricKit: Bool { bytes.withUnsafeBytes { MetricKitReader.recognises($0) } }
}

/// An input that hands out `prefix` first (what `StandardInputHead` read), then the rest of
/// `input`, or what ended it.
final class PrefixedInput: ByteInput {
    private var prefix: [UInt8]
    private var offset = 0
    private let input: any ByteInput
    private var last: ByteInputResult?

    init(prefix: [UInt8], then input: any ByteInput, endedWith last: ByteInputResult?) {
        self.prefix = prefix
        self.input = input
        self.last = last
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> ByteInputResult {
        if offset < prefix.count {
            let count = min(buffer.count, prefix.count - offset)
            prefix.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
            offset += count
            if offset == prefix.count { (prefix, offset) = ([], 0) }
            return .bytes(count)
        }
        if let last { return last }
        return input.read(into: buffer)
    }
}
