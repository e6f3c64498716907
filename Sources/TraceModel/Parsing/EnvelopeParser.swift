/// Splits a line into its envelope and its message.
public enum EnvelopeParser {
    /// The result of splitting one line.
    public struct Split {
        /// The wrapper's fields.
        public var envelope: Envelope
        /// Where the message starts and ends inside the line.
        public var message: Range<Int>
    }

    /// Detects the wrapper of `line`; a line no wrapper matches is a plain message.
    public static func split(_ line: UnsafeRawBufferPointer) -> Split {
        Split(envelope: .plain, message: 0..<line.count)
    }
}
