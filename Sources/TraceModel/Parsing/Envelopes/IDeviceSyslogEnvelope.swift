/// libimobiledevice's `idevicesyslog`: `Jun  3 09:51:55.123456 MyApp(SwiftUI)[1234] <Info>: ContentView: @self changed.`,
/// often with the device name before the process (`Jun  3 09:51:55 iPhone MyApp(SwiftUI)[1234] <Notice>: ...`).
///
/// The date has no year and no offset: the year is the parser's `undatedYear` (by default the
/// current year, UTC) and the time is read as UTC, like every time printed without an offset.
/// The library in parentheses is not kept; the level in angle brackets is.
public enum IDeviceSyslogEnvelope {
    /// Tokenizes a line that starts with a month name; nil when it is not idevicesyslog output.
    public static func parse(_ line: UnsafeRawBufferPointer, year: Int) -> RawEnvelope? {
        guard line.count > 16, let month = CivilTime.month(line[0], line[1], line[2]), line[3] == UInt8(ascii: " ") else {
            return nil
        }
        var cursor = ByteCursor(line, position: 4)
        cursor.skipSpaces()
        guard let day = cursor.readInt(maxDigits: 2), cursor.skip(UInt8(ascii: " ")),
              let timestamp = CivilTime.readTime(&cursor, year: year, month: month, day: day),
              cursor.skip(UInt8(ascii: " "))
        else { return nil }
        // `[device ]process[(library)][pid]`: the process is the last word before the bracket.
        let segmentStart = cursor.position
        guard cursor.skip(until: UInt8(ascii: "[")), cursor.position - segmentStart <= 256 else { return nil }
        var processStart = segmentStart
        var processEnd = cursor.position
        for index in segmentStart..<cursor.position where line[index] == UInt8(ascii: " ") { processStart = index + 1 }
        if let open = line[processStart..<processEnd].firstIndex(of: UInt8(ascii: "(")) { processEnd = open }
        guard processEnd > processStart, let ids = EnvelopeScan.readPidTid(&cursor, hexThread: false),
              cursor.skip(UInt8(ascii: " ")), cursor.skip(UInt8(ascii: "<"))
        else { return nil }
        let levelStart = cursor.position
        guard cursor.skip(until: UInt8(ascii: ">")), cursor.position - levelStart <= 16 else { return nil }
        let level = levelStart..<cursor.position
        cursor.position += 1
        guard cursor.skip(UInt8(ascii: ":")) else { return nil }
        _ = cursor.skip(UInt8(ascii: " "))
        return RawEnvelope(
            format: .idevicesyslog, timestamp: timestamp, process: processStart..<processEnd, pid: ids.pid, tid: ids.tid,
            level: level, message: cursor.position..<line.count
        )
    }
}
