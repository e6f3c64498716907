extension SwiftUIWarning {
    /// SwiftUI's "tried to update multiple times per frame" warning as people paste it: without
    /// its first word (`NavigationRequestObserver tried to update multiple times per frame`, where
    /// SwiftUI printed `Update NavigationRequestObserver …`), or with decoration on both sides.
    /// Read from the end, because the fixed words are the end of the line and the subject (a
    /// type SwiftUI names, `NavigationAuthority bound path`) varies.
    ///
    /// The subject must look like one: at most four words, the first a CamelCase name with two
    /// capitals or more, so a sentence ending in those words (`I get X tried to update…`) stays
    /// text. Out of line and reached only for messages no other recogniser claimed.
    @inline(never)
    public static func parseTrailing(_ message: UnsafeRawBufferPointer) -> SwiftUIWarning? {
        var end = message.count
        // Closing decoration: a full stop, emphasis, quotes, backticks, spaces.
        while end > 0, isDecoration(message[end - 1]) || message[end - 1] == UInt8(ascii: ".") { end -= 1 }
        let words: StaticString = " tried to update multiple times per frame"
        let length = words.utf8CodeUnitCount
        // The last letter first: nearly every text line ends in something other than `frame`.
        guard end > length, message[end - 1] == UInt8(ascii: "e"),
              words.withUTF8Buffer({ UnsafeRawBufferPointer($0).elementsEqual(UnsafeRawBufferPointer(rebasing: message[(end - length)..<end])) })
        else { return nil }
        var start = 0
        while start < end - length, isDecoration(message[start]) || message[start] >= 0x80 { start += 1 }
        var subject = UnsafeRawBufferPointer(rebasing: message[start..<(end - length)])
        if hasPrefix(subject, "Update ") { subject = UnsafeRawBufferPointer(rebasing: subject[7...]) }
        guard looksLikeTypeName(subject) else { return nil }
        return SwiftUIWarning(.updateMultipleTimesPerFrame, type: string(subject, 0..<subject.count))
    }

    /// One to four words of letters, digits, `_` and `.`, the first with two capitals or more.
    private static func looksLikeTypeName(_ subject: UnsafeRawBufferPointer) -> Bool {
        guard !subject.isEmpty, subject.count <= 80 else { return false }
        var words = 1, capitalsInFirst = 0
        for byte in subject {
            switch byte {
            case 0x20:
                words += 1
                if words > 4 { return false }
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if words == 1 { capitalsInFirst += 1 }
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."):
                break
            default:
                return false
            }
        }
        return capitalsInFirst >= 2 && subject.first.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } == true
    }
}
