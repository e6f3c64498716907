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
            if cursor.skip("(lldb)") { return isDebuggerCommand(cursor.rest) }
            return isExpressionResult(line)
        default:
            return false
        }
    }

    /// What follows LLDB's prompt: nothing, or a command typed at it (`po model`). Anything else
    /// is the app's output printed after the prompt once the process continued, and is read.
    private static func isDebuggerCommand(_ rest: UnsafeRawBufferPointer) -> Bool {
        var start = 0
        while start < rest.count, rest[start] == 0x20 || rest[start] == 0x09 { start += 1 }
        var end = start
        while end < rest.count, rest[end] != 0x20 { end += 1 }
        guard start < end else { return true }
        let word = UnsafeRawBufferPointer(rebasing: rest[start..<end])
        return debuggerCommands.contains { $0.utf8.elementsEqual(word) }
    }

    private static let debuggerCommands = [
        "po", "p", "e", "expr", "expression", "v", "var", "frame", "fr", "bt", "thread", "c", "continue",
        "n", "next", "s", "step", "finish", "breakpoint", "br", "b", "image", "register", "memory",
        "settings", "help", "q", "quit", "process", "target", "watchpoint", "command", "script", "type",
    ]

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
