/// `NSLog` and the legacy Xcode console: `2020-03-23 01:10:46.546218+0800 App[76375:18919854] message`.
///
/// The process name may contain spaces; the thread id is decimal in old consoles and hex in
/// newer ones, so it is read as hex only when it holds a-f. Xcode may put os_log's
/// `[subsystem:category]` before the message; it is taken only when the subsystem is dotted.
public enum NSLogEnvelope {
    /// Tokenizes the rest of a line after its timestamp and one space (`cursor` there).
    @inline(__always)
    public static func parse(_ line: UnsafeRawBufferPointer, after cursor: ByteCursor, timestamp: Double?) -> RawEnvelope? {
        var cursor = cursor
        guard let process = EnvelopeScan.scanProcess(&cursor, allowSpaces: true),
              let ids = EnvelopeScan.readPidTid(&cursor, hexThread: false), ids.tid != nil
        else { return nil }
        guard cursor.skip(UInt8(ascii: " ")) || cursor.isAtEnd else { return nil }
        var raw = RawEnvelope(
            format: .nslog, timestamp: timestamp, process: process, pid: ids.pid, tid: ids.tid,
            message: cursor.position..<line.count
        )
        if let names = EnvelopeScan.readSubsystem(&cursor, skipLibrary: false, requireDottedSubsystem: true) {
            raw.subsystem = names.subsystem
            raw.category = names.category
            raw.message = cursor.position..<line.count
        }
        return raw
    }

    /// Xcode's console line with its date cut off, as people paste it from a bug report:
    /// `EndpointPickers[4226:63591] [SwiftUI] Accessing StateObject's object …`. Only a process
    /// name without spaces right before `[pid:tid] ` is taken: with no date in front, a sentence
    /// (`See [1:2] below`) must not pass for one.
    public static func parseUndated(_ line: UnsafeRawBufferPointer) -> RawEnvelope? {
        var cursor = ByteCursor(line)
        guard let process = EnvelopeScan.scanProcess(&cursor, allowSpaces: false),
              let ids = EnvelopeScan.readPidTid(&cursor, hexThread: false), ids.tid != nil,
              cursor.skip(UInt8(ascii: " "))
        else { return nil }
        return RawEnvelope(format: .nslog, process: process, pid: ids.pid, tid: ids.tid, message: cursor.position..<line.count)
    }
}
