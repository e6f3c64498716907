import Foundation

/// Splits a stream of byte chunks into lines without ever holding more than one line.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`; a chunk may end anywhere, even between `\r` and
/// `\n`. A line longer than `maxLineLength` is cut there: the rest is skipped and the line is
/// reported as truncated, so a 50 MB line costs at most `maxLineLength` bytes of memory.
public struct LineReader {
    /// One line, valid only during the callback that receives it.
    public struct Line {
        /// The 1-based line number.
        public let number: Int
        /// The line's bytes without its terminator.
        public let bytes: UnsafeRawBufferPointer
        /// True when the line was longer than the limit and `bytes` holds only its start.
        public let truncated: Bool
    }

    /// The default longest line kept whole: 1 MiB.
    public static let defaultMaxLineLength = 1 << 20

    private let maxLineLength: Int
    private var tail: [UInt8] = []
    private var tailTruncated = false
    private var lineNumber = 0
    /// The previous chunk ended in `\r`; a `\n` opening this one belongs to that line end.
    private var pendingCR = false

    /// Creates a reader that cuts lines at `maxLineLength` bytes.
    public init(maxLineLength: Int = LineReader.defaultMaxLineLength) {
        precondition(maxLineLength > 0)
        self.maxLineLength = maxLineLength
    }

    /// Feeds the next chunk of input and calls `body` for every line it completes.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, _ body: (Line) throws -> Void) rethrows {
        guard let base = chunk.baseAddress, !chunk.isEmpty else { return }
        var start = 0
        if pendingCR {
            pendingCR = false
            if chunk[0] == UInt8(ascii: "\n") { start = 1 }
        }
        let count = chunk.count
        // Line ends are found by `memchr`, many bytes at a time: a loop over every byte cost a
        // twentieth of the parse. The next `\n` is kept, so a run of lone `\r`s does not search
        // for it again from each of them.
        var newline = -1
        while start < count {
            if newline < start { newline = Self.find(UInt8(ascii: "\n"), in: base, from: start, to: count) }
            let end = Self.find(UInt8(ascii: "\r"), in: base, from: start, to: newline)
            if end == count { break }
            try emit(UnsafeRawBufferPointer(start: base + start, count: end - start), body)
            var next = end + 1
            if chunk[end] == UInt8(ascii: "\r") {
                if next < count {
                    if chunk[next] == UInt8(ascii: "\n") { next += 1 }
                } else {
                    pendingCR = true
                }
            }
            start = next
        }
        if start < count {
            append(UnsafeRawBufferPointer(start: base + start, count: count - start))
        }
    }

    /// The offset of the first `byte` in `base[from..<to]`, or `to` when there is none.
    private static func find(_ byte: UInt8, in base: UnsafeRawPointer, from: Int, to: Int) -> Int {
        guard from < to, let found = memchr(base + from, Int32(byte), to - from) else { return to }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// Ends the input: a last line without a terminator is still a line.
    public mutating func finish(_ body: (Line) throws -> Void) rethrows {
        if !tail.isEmpty || tailTruncated {
            try emit(UnsafeRawBufferPointer(start: nil, count: 0), body)
        }
    }

    /// Emits `piece` joined to any unfinished tail from earlier chunks.
    private mutating func emit(_ piece: UnsafeRawBufferPointer, _ body: (Line) throws -> Void) rethrows {
        lineNumber += 1
        if tail.isEmpty && !tailTruncated {
            let kept = min(piece.count, maxLineLength)
            try body(Line(
                number: lineNumber,
                bytes: UnsafeRawBufferPointer(rebasing: piece[0..<kept]),
                truncated: kept < piece.count
            ))
            return
        }
        append(piece)
        let truncated = tailTruncated
        try tail.withUnsafeBytes { bytes in
            try body(Line(number: lineNumber, bytes: bytes, truncated: truncated))
        }
        tail.removeAll(keepingCapacity: tail.capacity <= 1 << 16)
        tailTruncated = false
    }

    private mutating func append(_ piece: UnsafeRawBufferPointer) {
        let room = maxLineLength - tail.count
        if piece.count > room {
            tail.append(contentsOf: piece[0..<max(room, 0)])
            tailTruncated = true
        } else {
            tail.append(contentsOf: piece)
        }
    }
}
