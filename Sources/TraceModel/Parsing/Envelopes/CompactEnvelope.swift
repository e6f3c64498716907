/// `log stream --style compact`:
/// `2026-08-11 17:15:22.031 I  MyApp[80328:9875ec] [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed.`
///
/// The type is one of the codes `Df`, `I`, `Db`, `E`, `F`, `A`, kept as printed; the
/// thread id is hex; the time has no offset and is read as UTC (see `CivilTime`).
public enum CompactEnvelope {
    /// Tokenizes the rest of a line after its timestamp and one space (`cursor` there).
    @inline(__always)
    public static func parse(_ line: UnsafeRawBufferPointer, after cursor: ByteCursor, timestamp: Double?) -> RawEnvelope? {
        var cursor = cursor
        let levelStart = cursor.position
        // Only the codes `log` prints, so a process named `My App` is not read as code `My`.
        guard cursor.skip("Df") || cursor.skip("Db") || cursor.skip(UInt8(ascii: "I")) || cursor.skip(UInt8(ascii: "E"))
                || cursor.skip(UInt8(ascii: "F")) || cursor.skip(UInt8(ascii: "A"))
        else { return nil }
        let level = levelStart..<cursor.position
        guard EnvelopeScan.skipSpaces(&cursor),
              let process = EnvelopeScan.scanProcess(&cursor, allowSpaces: true),
              let ids = EnvelopeScan.readPidTid(&cursor, hexThread: true)
        else { return nil }
        guard cursor.skip(UInt8(ascii: " ")) || cursor.isAtEnd else { return nil }
        var raw = RawEnvelope(
            format: .oslogCompact, timestamp: timestamp, process: process, pid: ids.pid, tid: ids.tid, level: level,
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
