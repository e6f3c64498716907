/// The comments that mark what `instrument` inserted, and their exact removal.
///
/// Everything inserted is whole lines, each ending in `line`; where code had to be cut to make
/// room (a one-line body, `{ Text("a") }`), the cut is `split` followed by a line end. Removing
/// every marked line and every `split` with its line end gives back the file byte for byte,
/// so `--remove` needs no record of the run and undoes any number of them.
package enum InstrumentMarker {
    /// Ends every inserted line.
    package static let line = Array(" // trace-analyze:instrument".utf8)
    /// Ends an original line that instrument cut, together with the line end after it.
    package static let split = Array(" // trace-analyze:instrument:split".utf8)

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether `source` holds anything instrument inserted.
    package static func isPresent(in source: [UInt8]) -> Bool {
        source.withUnsafeBufferPointer { buffer in
            // Both markers share their first bytes; one search finds either.
            Self.firstIndex(of: line, in: buffer) != nil
        }
    }

    /// `source` without anything instrument inserted.
    package static func removed(from source: [UInt8]) -> [UInt8] {
        guard isPresent(in: source) else { return source }
        var result: [UInt8] = []
        result.reserveCapacity(source.count)
        var start = 0
        while start < source.count {
            var end = start
            while end < source.count, source[end] != UInt8(ascii: "\n") { end += 1 }
            let next = end < source.count ? end + 1 : end
            // The line's text without its `\r`, if any: markers sit just before the line end.
            let textEnd = end > start && source[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
            if endsWith(source, start..<textEnd, line) {
                // An inserted line: gone, line end and all; but a byte order mark before the
                // first one was the file's (instrument inserts after it).
                if start == 0, source.starts(with: byteOrderMark) { result += byteOrderMark }
            } else if endsWith(source, start..<textEnd, split) {
                result += source[start..<(textEnd - split.count)]
            } else {
                result += source[start..<next]
            }
            start = next
        }
        return result
    }

    private static func endsWith(_ source: [UInt8], _ range: Range<Int>, _ suffix: [UInt8]) -> Bool {
        guard range.count >= suffix.count else { return false }
        var offset = range.upperBound - suffix.count
        for byte in suffix {
            if source[offset] != byte { return false }
            offset += 1
        }
        return true
    }

    private static func firstIndex(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first {
                var matched = 1
                while matched < needle.count, haystack[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}
