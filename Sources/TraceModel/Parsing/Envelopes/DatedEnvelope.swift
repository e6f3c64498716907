/// The formats that open with `YYYY-MM-DD HH:MM:SS`: NSLog, the `log` tool's default, compact
/// and syslog styles, and swift-log's ISO 8601 time. Which one is decided by what follows the
/// time, most distinctive first: `0x` (default style's thread), a swift-log level word, a
/// one- or two-letter type code (compact), `process[pid:tid] ` (NSLog), `host process[pid]:` (syslog),
/// `process{image}[pid] <LEVEL>:` (pymobiledevice3's device syslog).
public enum DatedEnvelope {
    /// Tokenizes a line that starts with a digit; nil when it does not open with a date and time.
    ///
    /// A line that opens with a date and time no known wrapper follows (a house logger's
    /// `2024-05-01 10:00:00 [INFO] ...`) is plain, but keeps its time: the message is the rest.
    public static func parse(_ line: UnsafeRawBufferPointer) -> RawEnvelope? {
        var minutes = CivilTime.MinuteMemo()
        return parse(line, minutes: &minutes)
    }

    /// `parse`, reading the time with `minutes`, the minute of the line before (`CivilTime.MinuteMemo`).
    static func parse(_ line: UnsafeRawBufferPointer, minutes: inout CivilTime.MinuteMemo) -> RawEnvelope? {
        var cursor = ByteCursor(line)
        guard let timestamp = CivilTime.readDateTime(&cursor, memo: &minutes) else { return nil }
        guard cursor.skip(UInt8(ascii: " ")) else {
            return cursor.isAtEnd ? RawEnvelope(format: .plain, timestamp: timestamp, message: line.count..<line.count) : nil
        }
        switch cursor.peek {
        case UInt8(ascii: "0")?:
            if let raw = OSLogEnvelope.parse(line, after: cursor, timestamp: timestamp) { return raw }
        case let byte? where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"):
            if let raw = SwiftLogEnvelope.parse(line, after: cursor, timestamp: timestamp) { return raw }
        case let byte? where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"):
            if let raw = CompactEnvelope.parse(line, after: cursor, timestamp: timestamp) { return raw }
        default:
            break
        }
        if let raw = NSLogEnvelope.parse(line, after: cursor, timestamp: timestamp) { return raw }
        if let raw = SyslogEnvelope.parse(line, after: cursor, timestamp: timestamp) { return raw }
        if let raw = PyMobileDeviceEnvelope.parse(line, after: cursor, timestamp: timestamp) { return raw }
        cursor.skipSpaces()
        return RawEnvelope(format: .plain, timestamp: timestamp, message: cursor.position..<line.count)
    }
}
