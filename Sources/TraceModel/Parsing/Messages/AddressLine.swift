/// Recognises `DataModel address: 0x0000600000c435d0`, a line apps print right after an init
/// or deinit to say which instance it was (seed 001).
///
/// `TraceParser` copies the address into the `instance` of the init or deinit of the same type
/// on the line just before, and folds the line into that event as a continuation line.
public enum AddressLine {
    /// The type named and the address, as byte ranges into the message.
    public struct Parsed: Equatable, Sendable {
        /// The type the address belongs to.
        public var view: Range<Int>
        /// The address, `0x…`.
        public var address: Range<Int>
    }

    /// Parses `<Type> address: 0x…` (also `addr`, `=` instead of `:`, emoji around it).
    public static func parse(_ message: UnsafeRawBufferPointer) -> Parsed? {
        guard message.count <= LifecycleMessage.maxLength else { return nil }
        // Three words exactly, kept in place: an array of them was allocated and grown on
        // every text line after an init or deinit, the most this look-up cost.
        var words = (0..<0, 0..<0, 0..<0)
        var wordCount = 0
        var index = 0
        while index < message.count {
            while index < message.count, LifecycleTokenizer.isSpace(message[index]) || message[index] == UInt8(ascii: "=") {
                index += 1
            }
            let start = index
            while index < message.count, !LifecycleTokenizer.isSpace(message[index]), message[index] != UInt8(ascii: "=") {
                index += 1
            }
            guard start < index, let word = LifecycleTokenizer.trim(message, start..<index) else { continue }
            switch wordCount {
            case 0: words.0 = word
            case 1: words.1 = word
            case 2: words.2 = word
            default: return nil
            }
            wordCount += 1
        }
        guard wordCount == 3 else { return nil }
        func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: message[range]) }
        let label = bytes(words.1)
        guard LifecycleWords.equalsIgnoringCase(label, "address") || LifecycleWords.equalsIgnoringCase(label, "addr"),
              LifecycleTokenizer.isIdentifier(bytes(words.0)),
              bytes(words.2).first == UInt8(ascii: "0"), LifecycleTokenizer.isInstanceToken(bytes(words.2))
        else { return nil }
        return Parsed(view: words.0, address: words.2)
    }
}
