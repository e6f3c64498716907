/// What a log wrapper says about a line besides its message.
///
/// Every field but `format` is optional: a plain `print` line carries none of them.
public struct Envelope: Sendable, Equatable {
    /// The wrapper that was recognised.
    public var format: EnvelopeFormat
    /// Seconds since the Unix epoch, honouring the line's UTC offset; nil when the line has no time.
    public var timestamp: Double?
    /// The process name, such as `MyApp`.
    public var process: String?
    /// The process identifier.
    public var pid: Int?
    /// The thread identifier (hex thread ids are converted to integers).
    public var tid: Int?
    /// The unified-logging subsystem, such as `com.apple.SwiftUI`.
    public var subsystem: String?
    /// The unified-logging category, such as `Changed Body Properties`.
    public var category: String?
    /// The level or message type as the wrapper spells it (`Info`, `Default`, `info`, ...).
    public var level: String?

    /// Holds nothing: gives the memberwise initialiser, which builds an envelope in place, a
    /// label of its own for `init` below to call (see `Event.inPlace`).
    private var inPlace = InPlace()

    /// The envelope of a bare `print` line.
    public static let plain = Envelope(format: .plain)
}

extension Envelope {
    /// Creates an envelope; only the format is required.
    public init(
        format: EnvelopeFormat,
        timestamp: Double? = nil,
        process: String? = nil,
        pid: Int? = nil,
        tid: Int? = nil,
        subsystem: String? = nil,
        category: String? = nil,
        level: String? = nil
    ) {
        self.init(
            format: format, timestamp: timestamp, process: process, pid: pid, tid: tid,
            subsystem: subsystem, category: category, level: level, inPlace: InPlace()
        )
    }
}
