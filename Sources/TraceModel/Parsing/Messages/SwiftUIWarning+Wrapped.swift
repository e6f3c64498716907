extension SwiftUIWarning {
    /// True when `message` can be the first half of a warning a console wrapped: it ends in
    /// `>:` and a space or two (`ForEach<Array<String>, String, Text>: `), where SwiftUI's text
    /// goes on with `the ID …`. Checked on a text line only when the next line is indented.
    public static func endsWrappedHeader(_ message: String) -> Bool {
        var bytes = message.utf8.reversed().makeIterator()
        var last = bytes.next()
        while last == 0x20 || last == 0x09 { last = bytes.next() }
        return last == UInt8(ascii: ":") && bytes.next() == UInt8(ascii: ">")
    }

    /// The warning in a message whose text was wrapped onto further indented lines (a header
    /// ending in `>: `, the rest on the next line): the lines joined with one space, their
    /// indentation dropped. Nil when the joined text is no known warning.
    public static func parseWrapped(_ message: String) -> SwiftUIWarning? {
        guard message.utf8.contains(0x0A) else { return nil }
        var joined: [UInt8] = []
        joined.reserveCapacity(message.utf8.count)
        var atLineStart = false
        for byte in message.utf8 {
            if byte == 0x0A {
                while joined.last == 0x20 || joined.last == 0x09 { joined.removeLast() }
                joined.append(0x20)
                atLineStart = true
                continue
            }
            if atLineStart, byte == 0x20 || byte == 0x09 { continue }
            atLineStart = false
            joined.append(byte)
        }
        return joined.withUnsafeBytes { parse($0) }
    }
}
