/// What a recording says about a hitch or hang row beyond its time: which table it came from
/// and whose it was. Set on events of kind `hitch` only; empty on every other event.
///
/// One byte, in the padding after `Event.kind`, so it costs no event anything. The store keeps
/// the columns it is derived from in `recorded_intervals`; the scan derives it again from them.
public struct RecordedFacts: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A row of `potential-hangs` (the main run loop busy), not of `hitches` (a frame shown late).
    public static let hang = RecordedFacts(rawValue: 1 << 0)
    /// A hang recorded on a thread other than the main thread: not a hang by Apple's definition.
    public static let offMainThread = RecordedFacts(rawValue: 1 << 1)
    /// A hitch Instruments marks `Is System`: the system's frame, not the app's.
    public static let system = RecordedFacts(rawValue: 1 << 2)
}
