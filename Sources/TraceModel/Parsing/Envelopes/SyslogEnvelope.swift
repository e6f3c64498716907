/// `log stream --style syslog`:
/// `2022-08-25 15:22:01.008417+0100 localhost MyApp[1766]: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed.`
///
/// A host name, then `process[pid]:` (a `:thread` after the pid is accepted too), then the
/// optional library and `[subsystem:category]`.
public enum SyslogEnvelope {
    /// Tokenizes the rest of a line after its timestamp and one space (`cursor` there).
    public static func parse(_ line: UnsafeRawBufferPointer, after cursor: ByteCursor, timestamp: Double?) -> RawEnvelope? {
        var cursor = cursor
        let hostStart = cursor.position
        while let byte = cursor.peek, byte != UInt8(ascii: " "), byte != UInt8(ascii: "[") { cursor.position += 1 }
        guard cursor.position > hostStart, cursor.skip(UInt8(ascii: " ")),
              let process = EnvelopeScan.scanProcess(&cursor, allowSpaces: true),
              let ids = EnvelopeScan.readPidTid(&cursor, hexThread: true),
              cursor.skip(UInt8(ascii: ":"))
        else { return nil }
        guard cursor.skip(UInt8(ascii: " ")) || cursor.isAtEnd else { return nil }
        var raw = RawEnvelope(
            format: .syslog, timestamp: timestamp, process: process, pid: ids.pid, tid: ids.tid,
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
