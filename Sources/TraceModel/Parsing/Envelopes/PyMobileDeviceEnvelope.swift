/// pymobiledevice3's `syslog live`, the device's log relay as people read it from Linux and
/// Windows: `2024-06-03 09:51:55.123456 MyApp{SwiftUI}[1234] <NOTICE>: ContentView: @self changed.`,
/// with `--label` the os_log subsystem and category after the message
/// (`… @self changed. [com.apple.SwiftUI][Changed Body Properties]`).
///
/// The same relay and fields as `idevicesyslog` (process, the image in braces, pid, level), so it
/// is stored as that envelope; only the date (with a year, no offset: read as UTC) and the label
/// differ. The format is `format_line` in pymobiledevice3's `cli/syslog.py`.
public enum PyMobileDeviceEnvelope {
    /// Tokenizes the rest of a line after its timestamp and one space (`cursor` there).
    public static func parse(_ line: UnsafeRawBufferPointer, after cursor: ByteCursor, timestamp: Double?) -> RawEnvelope? {
        var cursor = cursor
        // `process{image}[pid]`: the process is the executable's name, the image the library
        // that logged (the app's own `App.debug.dylib`, `SwiftUI`), possibly empty.
        // A bounded scan: dated lines of no known wrapper end up here, and most have no brace.
        let processStart = cursor.position
        while let byte = cursor.peek, byte != UInt8(ascii: "{"), byte != UInt8(ascii: "["), cursor.position - processStart < 256 {
            cursor.position += 1
        }
        guard cursor.peek == UInt8(ascii: "{"), cursor.position > processStart else { return nil }
        let process = processStart..<cursor.position
        guard cursor.skip(until: UInt8(ascii: "}")), cursor.skip(UInt8(ascii: "}")),
              let ids = EnvelopeScan.readPidTid(&cursor, hexThread: false),
              cursor.skip(" <")
        else { return nil }
        let levelStart = cursor.position
        guard cursor.skip(until: UInt8(ascii: ">")), cursor.position - levelStart <= 16, cursor.position > levelStart else { return nil }
        let level = levelStart..<cursor.position
        guard cursor.skip(">:") else { return nil }
        _ = cursor.skip(UInt8(ascii: " "))
        var raw = RawEnvelope(
            format: .idevicesyslog, timestamp: timestamp, process: process, pid: ids.pid, tid: ids.tid,
            level: level, message: cursor.position..<line.count
        )
        if let label = trailingLabel(line, from: cursor.position) {
            raw.subsystem = label.subsystem
            raw.category = label.category
            raw.message = cursor.position..<label.start
        }
        return raw
    }

    /// ` [subsystem][category]` ending the line after `start`: the subsystem one word, the category
    /// any text without brackets. Nil when the line does not end so.
    static func trailingLabel(_ line: UnsafeRawBufferPointer, from start: Int) -> (subsystem: Range<Int>, category: Range<Int>, start: Int)? {
        guard line.count > start, line[line.count - 1] == UInt8(ascii: "]") else { return nil }
        var index = line.count - 2
        while index > start, line[index] != UInt8(ascii: "["), line[index] != UInt8(ascii: "]") { index -= 1 }
        guard index > start + 1, line[index] == UInt8(ascii: "["), line[index - 1] == UInt8(ascii: "]") else { return nil }
        let category = (index + 1)..<(line.count - 1)
        let subsystemEnd = index - 1
        index = subsystemEnd - 1
        while index > start, line[index] != UInt8(ascii: "["), line[index] != UInt8(ascii: "]"), line[index] != 0x20 { index -= 1 }
        guard index >= start, line[index] == UInt8(ascii: "["), index + 1 < subsystemEnd else { return nil }
        // The label follows the message after one space; a message that is only a label has none.
        var labelStart = index
        if labelStart > start, line[labelStart - 1] == 0x20 {
            labelStart -= 1
        } else if labelStart > start {
            return nil
        }
        return ((index + 1)..<subsystemEnd, category, labelStart)
    }
}
