/// Tool chatter around a log, recognised so it is counted apart (`envelope_noise`) and never
/// mistaken for a message: the `log` tool's banner, column headers and `log show` totals, and
/// LLDB's prompt and expression results. Such lines are still stored, as `text`.
public enum NoiseLine {
    /// True when `line` is tool chatter.
    public static func matches(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let first = line.first else { return false }
        var cursor = ByteCursor(line)
        switch first {
        case UInt8(ascii: "F"):
            return cursor.skip("Filtering the log data using ")
        case UInt8(ascii: "T"):
            // `Timestamp   Thread   Type   Activity   PID   TTL` and the compact `Timestamp   Ty Process[PID:TID]`.
            guard cursor.skip("Timestamp ") else { return false }
            cursor.skipSpaces()
            return cursor.skip("Thread") || cursor.skip("Ty ") || cursor.skip("(process)")
        case UInt8(ascii: "L"):
            return cursor.skip("Log      - Default:")
        case UInt8(ascii: "A"):
            return cursor.skip("Activity - Create:")
        case UInt8(ascii: "("):
            return cursor.skip("(lldb)") || isExpressionResult(line)
        default:
            return false
        }
    }

    /// `() $R6 = {}`, `(Int) $R0 = 5`, `(String) $1 = "x"`.
    private static func isExpressionResult(_ line: UnsafeRawBufferPointer) -> Bool {
        var cursor = ByteCursor(line)
        guard cursor.skip(until: UInt8(ascii: ")")), cursor.position < 256 else { return false }
        cursor.position += 1
        guard cursor.skip(" $") else { return false }
        _ = cursor.skip(UInt8(ascii: "R"))
        guard cursor.readInt() != nil else { return false }
        return cursor.skip(" = ") || cursor.isAtEnd
    }
}
