/// Splits a line into its envelope and its message, detecting the wrapper per line.
///
/// Detection looks at the first byte, so it costs next to nothing for the common cases and a
/// file may mix wrappers: a digit starts every dated format (NSLog, the `log` styles, swift-log),
/// `{` an ndjson object, a capital letter an idevicesyslog date or a tool banner, `(` LLDB output.
/// Anything else, and anything a tokenizer rejects, is a plain message.
public struct EnvelopeParser {
    /// The result of splitting one line.
    public struct Split {
        /// The wrapper's fields.
        public var envelope: Envelope
        /// Where the message starts and ends inside the line.
        public var message: Range<Int>
        /// The message's bytes when they are not a slice of the line (JSON strings with escapes).
        public var decodedMessage: [UInt8]?
        /// The line looked like a known wrapper but was broken (a truncated ndjson object).
        public var malformed = false
    }

    /// The year given to dates printed without one (idevicesyslog).
    public let undatedYear: Int
    private var names = StringInterner()

    /// Creates a parser; `undatedYear` defaults to the current year (UTC).
    public init(undatedYear: Int? = nil) {
        self.undatedYear = undatedYear ?? CivilTime.currentYear()
    }

    /// Detects the wrapper of `line` and splits it; a line no wrapper matches is a plain message.
    public mutating func split(_ line: UnsafeRawBufferPointer) -> Split {
        guard let raw = Self.tokenize(line, undatedYear: undatedYear) else {
            return Split(envelope: .plain, message: 0..<line.count)
        }
        return Split(envelope: envelope(raw, in: line), message: raw.message)
    }

    /// The envelope a tokenizer found, as pure data; nil for a plain line.
    public static func tokenize(_ line: UnsafeRawBufferPointer, undatedYear: Int) -> RawEnvelope? {
        guard let first = line.first else { return nil }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return DatedEnvelope.parse(line)
        default:
            return nil
        }
    }

    /// Turns a raw envelope's ranges into interned strings.
    mutating func envelope(_ raw: RawEnvelope, in line: UnsafeRawBufferPointer) -> Envelope {
        Envelope(
            format: raw.format,
            timestamp: raw.timestamp,
            process: raw.process.map { names.intern(line, $0) },
            pid: raw.pid,
            tid: raw.tid,
            subsystem: raw.subsystem.map { names.intern(line, $0) },
            category: raw.category.map { names.intern(line, $0) },
            level: raw.level.map { names.intern(line, $0) }
        )
    }
}
