/// The comments that mark what `instrument` inserted, and their exact removal.
///
/// Everything inserted is whole lines, each ending in `line`; where code had to be cut to make
/// room (a one-line body, `{ Text("a") }`, a one-line `init() {}`), the cut is `split` followed
/// by a line end, and the code after the cut is indented by `N` blanks that were not there
/// (`split:N`), so that a `}` lines up with its line rather than sitting at the margin.
/// Removing every marked line, every `split` with its line end and the `N` blanks after the
/// inserted lines gives back the file byte for byte, so `--remove` needs no record of the run
/// and undoes any number of them.
package enum InstrumentMarker {
    /// Ends every inserted line.
    package static let line = Array(" // trace-analyze:instrument".utf8)
    /// Ends an original line that instrument cut, together with the line end after it.
    package static let split = Array(" // trace-analyze:instrument:split".utf8)

    /// `split`, and `:N` when the next original line got `N` blanks of indentation.
    static func split(padding: Int) -> [UInt8] {
        padding == 0 ? split : split + Array(":\(padding)".utf8)
    }

    /// The blanks added after a cut, when `text` ends in a split marker: 0 for a bare `split`,
    /// nil for a line that is not cut.
    private static func splitPadding(_ source: [UInt8], _ range: Range<Int>) -> (padding: Int, markerLength: Int)? {
        if endsWith(source, range, split) { return (0, split.count) }
        var digitsStart = range.upperBound
        while digitsStart > range.lowerBound, (48...57).contains(source[digitsStart - 1]) { digitsStart -= 1 }
        guard digitsStart < range.upperBound, range.upperBound - digitsStart <= 4, digitsStart > range.lowerBound,
              source[digitsStart - 1] == UInt8(ascii: ":"), endsWith(source, range.lowerBound..<(digitsStart - 1), split),
              let padding = Int(String(decoding: source[digitsStart..<range.upperBound], as: UTF8.self))
        else { return nil }
        return (padding, range.upperBound - digitsStart + 1 + split.count)
    }

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
        // Blanks that a cut put before the next original line, to take off it.
        var padding = 0
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
                start = next
                continue
            }
            var from = start
            if padding > 0 {
                let blanks = source[start..<textEnd].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
                from += min(padding, blanks)
                padding = 0
            }
            if let cut = splitPadding(source, from..<textEnd) {
                result += source[from..<(textEnd - cut.markerLength)]
                padding = cut.padding
            } else {
                result += source[from..<next]
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
