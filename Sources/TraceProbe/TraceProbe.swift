#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The switch for every probe in the app: off unless the environment turns it on or the app
/// calls `start`.
///
/// Set `TRACE_PROBE=1` in the scheme's environment (any value but empty or `0`) and every
/// `ViewProbe` and `ModelProbe` writes its lines to standard output; without it they cost a
/// load and a branch. `start(sink:)` and `stop()` are for the app's launch (before the first
/// view is made) and for tests: they are not meant to race with probes in flight.
public enum TraceProbe {
    /// The environment variable that turns the probe on.
    public static let environmentVariable = "TRACE_PROBE"

    /// The output in force, or nil when the probe is off. Read once per probe call; set at
    /// launch by the environment, or by `start`/`stop`.
    nonisolated(unsafe) public private(set) static var output: ProbeOutput? = fromEnvironment()

    /// True when probes write.
    @inlinable public static var isEnabled: Bool { output != nil }

    /// Turns the probe on, writing to `sink`, whatever the environment says; `clock` (nanoseconds
    /// that never go back) replaces `ProbeClock.now` for a simulation whose durations are chosen.
    public static func start(sink: ProbeSink = .standardOutput, clock: (@Sendable () -> UInt64)? = nil) {
        output = ProbeOutput(sink: sink, clock: clock)
    }

    /// Turns the probe off.
    public static func stop() {
        output = nil
    }

    private static func fromEnvironment() -> ProbeOutput? {
        guard let value = getenv(environmentVariable) else { return nil }
        let text = String(cString: value)
        return text.isEmpty || text == "0" ? nil : ProbeOutput(sink: .standardOutput)
    }
}
