import Foundation

/// A clock the harness moves by hand, in nanoseconds: the durations and gaps in a scenario's
/// lines are the ones it chose, the same on every run and every machine.
final class SimulatedClock: @unchecked Sendable {
    private let lock = NSLock()
    private var nanoseconds: UInt64 = 1_000_000_000_000

    var now: UInt64 {
        lock.lock()
        defer { lock.unlock() }
        return nanoseconds
    }

    func advance(ms: Double) {
        lock.lock()
        nanoseconds += UInt64((ms * 1_000_000).rounded())
        lock.unlock()
    }
}
