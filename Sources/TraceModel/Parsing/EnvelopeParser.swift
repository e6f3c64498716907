import Foundation

/// Splits a line into its envelope and its message, detecting the wrapper per line.
///
/// Detection looks at the first byte, so it costs next to nothing for the common cases and a
/// file may mix wrappers: a digit starts every dated format (NSLog, the `log` styles, swift-log),
/// `{` an ndjson object, a capital letter an idevicesyslog date, a tool banner or an NSLog line
/// with its date cut off, `(` LLDB output.
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
    /// The minute of the last dated line, which the next one nearly always repeats.
    private var minutes = CivilTime.MinuteMemo()
    /// Each envelope field's last name: lines in a row mostly repeat them, and a name equal to
    /// the last one is taken without hashing it.
    private var lastProcess = LastName(), lastSubsystem = LastName(), lastCategory = LastName(), lastLevel = LastName()

    /// Creates a parser; `undatedYear` defaults to the current year (UTC).
    public init(undatedYear: Int? = nil) {
        self.undatedYear = undatedYear ?? CivilTime.currentYear()
    }

    /// Detects the wrapper of `line` and splits it; a line no wrapper matches is a plain message.
    public mutating func split(_ line: UnsafeRawBufferPointer) -> Split {
        if line.first == UInt8(ascii: "{") {
            if let split = logObject(line, format: .ndjson) { return split }
            var split = Split(envelope: .plain, message: 0..<line.count)
            split.malformed = LogObjectEnvelope.looksLikeLogObject(line)
            return split
        }
        let dated = line.first.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false
        guard let raw = dated ? DatedEnvelope.parse(line, minutes: &minutes) : Self.tokenize(line, undatedYear: undatedYear) else {
            // Built here rather than copied from `Envelope.plain`: reading a static of a type
            // that holds strings costs a lazy-initialisation check and a copy on every plain line.
            return Split(envelope: Envelope(format: .plain), message: 0..<line.count)
        }
        return Split(envelope: envelope(raw, in: line), message: raw.message)
    }

    /// The envelope a line-oriented tokenizer found, as pure data; nil for a plain line.
    /// (JSON objects are read by `logObject`, which needs to unescape strings.)
    public static func tokenize(_ line: UnsafeRawBufferPointer, undatedYear: Int) -> RawEnvelope? {
        guard let first = line.first else { return nil }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return DatedEnvelope.parse(line)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
            if let raw = IDeviceSyslogEnvelope.parse(line, year: undatedYear) { return raw }
            if NoiseLine.matches(line) { return RawEnvelope(format: .noise, message: 0..<line.count) }
            return NSLogEnvelope.parseUndated(line)
        case UInt8(ascii: "("):
            return NoiseLine.matches(line) ? RawEnvelope(format: .noise, message: 0..<line.count) : nil
        default:
            return nil
        }
    }

    /// Splits a `log` JSON object (an ndjson line or a json array element); nil when `bytes` are
    /// not one complete object with an `eventMessage`. The message range is into `bytes`.
    public mutating func logObject(_ bytes: UnsafeRawBufferPointer, format: EnvelopeFormat) -> Split? {
        guard let fields = LogObjectEnvelope.scan(bytes), let message = fields.eventMessage,
              case .string(let messageRange, let escaped) = message
        else { return nil }
        var envelope = Envelope(format: format, timestamp: fields.timestamp, pid: fields.pid, tid: fields.tid)
        envelope.process = fields.processImagePath.map { string(bytes, $0, lastPathComponent: true) }
        envelope.subsystem = fields.subsystem.map { string(bytes, $0) }.flatMap { $0.isEmpty ? nil : $0 }
        envelope.category = fields.category.map { string(bytes, $0) }.flatMap { $0.isEmpty ? nil : $0 }
        envelope.level = fields.messageType.map { string(bytes, $0) }
        var split = Split(envelope: envelope, message: messageRange)
        if escaped {
            var decoded: [UInt8] = []
            decoded.reserveCapacity(messageRange.count)
            JSONObjectScanner.unescape(UnsafeRawBufferPointer(rebasing: bytes[messageRange]), into: &decoded)
            split.decodedMessage = decoded
        }
        return split
    }

    /// A JSON string member as an interned string (scalars as written); with `lastPathComponent`
    /// only what follows the last `/`.
    private mutating func string(_ bytes: UnsafeRawBufferPointer, _ value: JSONObjectScanner.Value, lastPathComponent: Bool = false) -> String {
        func tail(_ text: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
            guard lastPathComponent, let slash = text.lastIndex(of: UInt8(ascii: "/")) else { return text }
            return UnsafeRawBufferPointer(rebasing: text[(slash + 1)...])
        }
        switch value {
        case .string(let range, false), .scalar(let range), .nested(let range):
            return names.intern(tail(UnsafeRawBufferPointer(rebasing: bytes[range])))
        case .string(let range, true):
            var decoded: [UInt8] = []
            JSONObjectScanner.unescape(UnsafeRawBufferPointer(rebasing: bytes[range]), into: &decoded)
            return decoded.withUnsafeBytes { names.intern(tail($0)) }
        }
    }

    /// Turns a raw envelope's ranges into interned strings.
    mutating func envelope(_ raw: RawEnvelope, in line: UnsafeRawBufferPointer) -> Envelope {
        Envelope(
            format: raw.format,
            timestamp: raw.timestamp,
            process: raw.process.map { lastProcess.name(line, $0, &names) },
            pid: raw.pid,
            tid: raw.tid,
            subsystem: raw.subsystem.map { lastSubsystem.name(line, $0, &names) },
            category: raw.category.map { lastCategory.name(line, $0, &names) },
            level: raw.level.map { lastLevel.name(line, $0, &names) }
        )
    }
}

/// The last name one envelope field took, with its bytes (up to 32 of them, held in the value):
/// the same bytes again are the same string, taken without the interner's hash.
struct LastName {
    private static let capacity = 32
    private var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// -1 while no name is held (or the last was too long to hold).
    private var count = -1
    private var string = ""

    /// The string for `range` of `line`: the last one when the bytes are the same, else the
    /// interner's, which becomes the last.
    @inline(__always)
    mutating func name(_ line: UnsafeRawBufferPointer, _ range: Range<Int>, _ names: inout StringInterner) -> String {
        let piece = UnsafeRawBufferPointer(rebasing: line[range])
        if piece.count == count, count > 0, withUnsafeBytes(of: &bytes, { memcmp($0.baseAddress!, piece.baseAddress!, count) == 0 }) {
            return string
        }
        string = names.intern(piece)
        if piece.count > 0, piece.count <= Self.capacity {
            withUnsafeMutableBytes(of: &bytes) { $0.baseAddress!.copyMemory(from: piece.baseAddress!, byteCount: piece.count) }
            count = piece.count
        } else {
            count = -1
        }
        return string
    }
}
