/// `log stream` / `log show` default style:
/// `2024-10-06 00:31:18.068529+0900 0x13983  Info  0x0  5224  0  MyApp: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed.`
///
/// Columns after the time: thread (hex), type, activity (hex), pid, TTL, then
/// `process: (library) [subsystem:category] message`, the library and the bracket optional.
public enum OSLogEnvelope {
    /// Tokenizes the rest of a line after its timestamp and one space (`cursor` there).
    public static func parse(_ line: UnsafeRawBufferPointer, after cursor: ByteCursor, timestamp: Double?) -> RawEnvelope? {
        var cursor = cursor
        guard cursor.peek == UInt8(ascii: "0"), let tid = cursor.readHex(), EnvelopeScan.skipSpaces(&cursor) else { return nil }
        let levelStart = cursor.position
        while let byte = cursor.peek, LifecycleTokenizer.isLetter(byte) { cursor.position += 1 }
        let level = levelStart..<cursor.position
        guard !level.isEmpty, EnvelopeScan.skipSpaces(&cursor),
              cursor.readHex() != nil, EnvelopeScan.skipSpaces(&cursor),
              let pid = cursor.readInt(), EnvelopeScan.skipSpaces(&cursor),
              cursor.readInt() != nil, EnvelopeScan.skipSpaces(&cursor)
        else { return nil }
        // The process name runs to the first `: ` (it may hold spaces, never a colon).
        let processStart = cursor.position
        guard cursor.skip(until: UInt8(ascii: ":")), cursor.position > processStart, cursor.position - processStart <= 256 else {
            return nil
        }
        let process = processStart..<cursor.position
        cursor.position += 1
        guard cursor.skip(UInt8(ascii: " ")) || cursor.isAtEnd else { return nil }
        var raw = RawEnvelope(
            format: .oslog, timestamp: timestamp, process: process, pid: pid, tid: tid, level: level,
            message: cursor.position..<line.count
        )
        if let names = EnvelopeScan.readSubsystem(&cursor, skipLibrary: true, requireDottedSubsystem: false) {
            raw.subsystem = names.subsystem
            raw.category = names.category
        }
        raw.message = cursor.position..<line.count
        return raw
    }
}
