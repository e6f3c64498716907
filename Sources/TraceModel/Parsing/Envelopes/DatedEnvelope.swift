/// The formats that open with `YYYY-MM-DD HH:MM:SS`: NSLog and the `log` tool's styles, and
/// swift-log's ISO 8601 time. Which one is decided by what follows the time.
public enum DatedEnvelope {
    /// Tokenizes a line that starts with a digit; nil when it does not open with a date and time.
    ///
    /// A line that opens with a date and time no known wrapper follows (a house logger's
    /// `2024-05-01 10:00:00 [INFO] ...`) is plain, but keeps its time: the message is the rest.
    public static func parse(_ line: UnsafeRawBufferPointer) -> RawEnvelope? {
        var cursor = ByteCursor(line)
        guard let timestamp = CivilTime.readDateTime(&cursor) else { return nil }
        guard cursor.skip(UInt8(ascii: " ")) else {
            return cursor.isAtEnd ? RawEnvelope(format: .plain, timestamp: timestamp, message: line.count..<line.count) : nil
        }
        if let raw = NSLogEnvelope.parse(line, after: cursor, timestamp: timestamp) { return raw }
        cursor.skipSpaces()
        return RawEnvelope(format: .plain, timestamp: timestamp, message: cursor.position..<line.count)
    }
}
