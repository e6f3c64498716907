/// The wrapper a line came in, before its message.
public enum EnvelopeFormat: String, CaseIterable, Sendable, Codable {
    /// A bare `print` line.
    case plain
    /// `NSLog` and legacy Xcode console: `2020-03-23 01:10:46.546218+0800 App[76375:18919854] message`.
    case nslog
    /// `log stream` / `log show` default style.
    case oslog
    /// `log stream --style compact`.
    case oslogCompact = "oslog_compact"
    /// `log stream --style syslog`.
    case syslog
    /// `log stream --style ndjson`, one object per line.
    case ndjson
    /// `log show --style json`, a pretty-printed array.
    case json
    /// `idevicesyslog` from libimobiledevice.
    case idevicesyslog
    /// swift-log's `StreamLogHandler`.
    case swiftlog
    /// Tool chatter around the log: banners, column headers, LLDB output. Kept as text.
    case noise
    /// A row of an `xctrace export` table: not a line of a log, but a recorded update.
    case instruments

    /// A dense index for per-format counters, in `allCases` order; also the code `event_rows.envelope`
    /// stores, so a format keeps its index for good.
    @inlinable public var index: Int {
        switch self {
        case .plain: 0
        case .nslog: 1
        case .oslog: 2
        case .oslogCompact: 3
        case .syslog: 4
        case .ndjson: 5
        case .json: 6
        case .idevicesyslog: 7
        case .swiftlog: 8
        case .noise: 9
        case .instruments: 10
        }
    }
}
