/// swift-log's `StreamLogHandler`: `2024-01-01T00:00:00+0000 info my.label : k=v [MyModule] FirstView init`.
///
/// The handler prints `time level label :[ metadata] [source] message`; older releases print no
/// `[source]`, and some print `label:` without the space. The label goes to `subsystem` and the
/// source module to `category`. Metadata values may hold spaces, so the source is the first
/// `[word]` after the colon whose word has no spaces; without one the message is everything
/// after the colon (metadata included, since it cannot be told apart).
public enum SwiftLogEnvelope {
    /// Tokenizes the rest of a line after its timestamp and one space (`cursor` there).
    public static func parse(_ line: UnsafeRawBufferPointer, after cursor: ByteCursor, timestamp: Double?) -> RawEnvelope? {
        var cursor = cursor
        let levelStart = cursor.position
        while let byte = cursor.peek, byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z") { cursor.position += 1 }
        let level = levelStart..<cursor.position
        guard isLevel(UnsafeRawBufferPointer(rebasing: line[level])) else { return nil }
        var label: Range<Int>?
        if !cursor.skip(UInt8(ascii: ":")) {
            guard cursor.skip(UInt8(ascii: " ")) else { return nil }
            let labelStart = cursor.position
            while let byte = cursor.peek, byte != UInt8(ascii: " ") { cursor.position += 1 }
            var labelEnd = cursor.position
            if labelEnd > labelStart, line[labelEnd - 1] == UInt8(ascii: ":") {
                labelEnd -= 1
            } else {
                guard cursor.skip(" :") else { return nil }
            }
            guard labelEnd > labelStart else { return nil }
            label = labelStart..<labelEnd
        }
        var raw = RawEnvelope(format: .swiftlog, timestamp: timestamp, subsystem: label, level: level, message: cursor.position..<line.count)
        if let (source, messageStart) = findSource(line, from: cursor.position) {
            raw.category = source
            raw.message = messageStart..<line.count
        } else {
            cursor.skipSpaces()
            raw.message = cursor.position..<line.count
        }
        return raw
    }

    /// The first ` [word] ` (or `[word]` at the end) after `start`: the source module.
    private static func findSource(_ line: UnsafeRawBufferPointer, from start: Int) -> (Range<Int>, Int)? {
        var index = start
        while index + 2 < line.count {
            if line[index] == UInt8(ascii: " "), line[index + 1] == UInt8(ascii: "[") {
                var end = index + 2
                while end < line.count, line[end] != UInt8(ascii: "]"), line[end] != UInt8(ascii: " "), line[end] != UInt8(ascii: "[") {
                    end += 1
                }
                if end < line.count, line[end] == UInt8(ascii: "]"), end > index + 2 {
                    if end + 1 == line.count { return ((index + 2)..<end, line.count) }
                    if line[end + 1] == UInt8(ascii: " ") { return ((index + 2)..<end, end + 2) }
                }
            }
            index += 1
        }
        return nil
    }

    private static func isLevel(_ word: UnsafeRawBufferPointer) -> Bool {
        for level: StaticString in ["trace", "debug", "info", "notice", "warning", "error", "critical"]
        where LifecycleWords.equals(word, level) {
            return true
        }
        return false
    }
}
