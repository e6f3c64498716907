/// One object of `log stream --style ndjson` (a line) or `log show --style json` (an array
/// element spread over many lines):
/// `{"timestamp":"2025-07-27 15:41:33.057177-0400","processID":5224,"threadID":77,"subsystem":"com.apple.SwiftUI",
/// "category":"Changed Body Properties","messageType":"Info","eventMessage":"ContentView: @self changed.",
/// "processImagePath":"\/Applications\/MyApp.app\/MyApp", ...}`
///
/// Only an object with an `eventMessage` is a log object; any other JSON is left to be plain text.
/// The process name is the last path component of `processImagePath`.
public enum LogObjectEnvelope {
    /// The members a log object is read for, as values into the scanned bytes.
    public struct Fields {
        /// `timestamp`, in epoch seconds.
        public var timestamp: Double?
        /// `processID`.
        public var pid: Int?
        /// `threadID`.
        public var tid: Int?
        /// `processImagePath` (or `process` when the path is missing).
        public var processImagePath: JSONObjectScanner.Value?
        /// `subsystem`.
        public var subsystem: JSONObjectScanner.Value?
        /// `category`.
        public var category: JSONObjectScanner.Value?
        /// `messageType`: the level.
        public var messageType: JSONObjectScanner.Value?
        /// `eventMessage`: the message.
        public var eventMessage: JSONObjectScanner.Value?
    }

    /// Scans `bytes`; nil when they are not one complete JSON object.
    public static func scan(_ bytes: UnsafeRawBufferPointer) -> Fields? {
        var fields = Fields()
        let complete = JSONObjectScanner.scan(bytes) { key, value in
            let name = UnsafeRawBufferPointer(rebasing: bytes[key])
            switch name.count {
            case 7 where LifecycleWords.equals(name, "process"):
                if fields.processImagePath == nil { fields.processImagePath = value }
            case 8 where LifecycleWords.equals(name, "threadID"):
                fields.tid = integer(bytes, value)
            case 8 where LifecycleWords.equals(name, "category"):
                fields.category = value
            case 9 where LifecycleWords.equals(name, "timestamp"):
                if case .string(let range, false) = value {
                    var cursor = ByteCursor(UnsafeRawBufferPointer(rebasing: bytes[range]))
                    fields.timestamp = CivilTime.readDateTime(&cursor)
                }
            case 9 where LifecycleWords.equals(name, "processID"):
                fields.pid = integer(bytes, value)
            case 9 where LifecycleWords.equals(name, "subsystem"):
                fields.subsystem = value
            case 11 where LifecycleWords.equals(name, "messageType"):
                fields.messageType = value
            case 12 where LifecycleWords.equals(name, "eventMessage"):
                fields.eventMessage = value
            case 16 where LifecycleWords.equals(name, "processImagePath"):
                fields.processImagePath = value
            default:
                break
            }
        }
        return complete ? fields : nil
    }

    /// True when a line that failed to scan still names log-object keys: a truncated object.
    public static func looksLikeLogObject(_ bytes: UnsafeRawBufferPointer) -> Bool {
        contains(bytes, "\"eventMessage\"") || contains(bytes, "\"messageType\"")
    }

    private static func integer(_ bytes: UnsafeRawBufferPointer, _ value: JSONObjectScanner.Value) -> Int? {
        guard case .scalar(let range) = value else { return nil }
        var cursor = ByteCursor(UnsafeRawBufferPointer(rebasing: bytes[range]))
        guard let number = cursor.readInt(), cursor.isAtEnd else { return nil }
        return number
    }

    private static func contains(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        let needle = UnsafeRawBufferPointer(start: literal.utf8Start, count: count)
        var index = 0
        while index + count <= bytes.count {
            if bytes[index] == needle[0], UnsafeRawBufferPointer(rebasing: bytes[index..<(index + count)]).elementsEqual(needle) {
                return true
            }
            index += 1
        }
        return false
    }
}
