import Foundation

/// A word written for a POSIX shell, so a command the tool prints can be pasted as it is.
enum ShellWord {
    /// `text` as it is when it needs no quoting, else in single quotes (a `'` inside as `'\''`).
    static func quote(_ text: String) -> String {
        let plain = !text.isEmpty && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                 UInt8(ascii: "/"), UInt8(ascii: ",") , UInt8(ascii: ":"), UInt8(ascii: "+"), UInt8(ascii: "="):
                true
            default:
                false
            }
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
