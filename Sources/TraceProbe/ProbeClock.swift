#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The probe's monotonic clock: nanoseconds that only grow, unaffected by changes to the wall
/// clock, so durations and the order of lines hold even when the device's time is set.
public enum ProbeClock {
    /// Now, in nanoseconds since an arbitrary fixed point (the system's boot, as a rule).
    @inlinable public static func now() -> UInt64 {
        var spec = timespec()
        // CLOCK_MONOTONIC exists on Linux and Darwin alike and never goes back; a device asleep
        // runs no view code, so whether it counts sleep changes no duration the probe writes.
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }
}
