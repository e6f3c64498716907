import Foundation

/// Where one app's probes write: a sink, the instance counter, the type names already written,
/// and one line buffer, all behind one lock.
///
/// The lock makes a line's instance number and its place in the output agree (numbers grow
/// down the log) and lets one buffer serve every line: taking it costs tens of nanoseconds,
/// about what a line costs to format.
public final class ProbeOutput: @unchecked Sendable {
    private let sink: ProbeSink
    /// Where time comes from: `ProbeClock` in an app; a simulated clock in tests, so that the
    /// durations a test's lines carry are the ones it chose.
    private let clock: (@Sendable () -> UInt64)?
    private let lock = NSLock()
    /// The line being written; only touched with `lock` held.
    @exclusivity(unchecked) private var line = ProbeLine()
    @exclusivity(unchecked) private var lastNumber = 0
    @exclusivity(unchecked) private var names: [ObjectIdentifier: ProbeNames] = [:]

    /// An output writing to `sink`, timing with `clock` (nanoseconds that never go back;
    /// `ProbeClock.now` when nil).
    public init(sink: ProbeSink = .standardOutput, clock: (@Sendable () -> UInt64)? = nil) {
        self.sink = sink
        self.clock = clock
    }

    deinit {
        line.deallocate()
    }

    /// Now, by this output's clock.
    @inline(__always) public func now() -> UInt64 {
        if let clock { return clock() }
        return ProbeClock.now()
    }

    /// Writes the first line of a new instance of `type` (its init) and returns the instance's
    /// number and names: one turn of the lock for the number, the names and the line, since a
    /// view's token is made on every update of its parent.
    ///
    /// Numbers go from 1 up, shared by every type: a number names one instance in the whole log.
    /// A type's names are made the first time it comes (demangling costs microseconds).
    func announce(
        _ type: Any.Type, at time: UInt64, owner: [UInt8]? = nil, nanoseconds: UInt64? = nil, writes: Bool = true
    ) -> (number: Int, names: ProbeNames) {
        let key = ObjectIdentifier(type)
        lock.lock()
        defer { lock.unlock() }
        lastNumber += 1
        let names: ProbeNames
        if let known = self.names[key] {
            names = known
        } else {
            names = ProbeNames(type)
            self.names[key] = names
        }
        if writes { writeLocked(.`init`, names, number: lastNumber, at: time, owner: owner, nanoseconds: nanoseconds) }
        return (lastNumber, names)
    }

    /// Writes one line: `trace-analyze: kind=… view=… type=… id=… t=…` and the optional keys.
    func write(
        _ kind: ProbeLine.Kind, _ names: ProbeNames, number: Int, at time: UInt64,
        owner: [UInt8]? = nil, nanoseconds: UInt64? = nil, newIdentity: Bool = false, seen: Bool? = nil
    ) {
        lock.lock()
        defer { lock.unlock() }
        writeLocked(kind, names, number: number, at: time, owner: owner, nanoseconds: nanoseconds, newIdentity: newIdentity, seen: seen)
    }

    private func writeLocked(
        _ kind: ProbeLine.Kind, _ names: ProbeNames, number: Int, at time: UInt64,
        owner: [UInt8]? = nil, nanoseconds: UInt64? = nil, newIdentity: Bool = false, seen: Bool? = nil
    ) {
        line.write(kind, names, number: number, time: time, owner: owner, nanoseconds: nanoseconds, newIdentity: newIdentity, seen: seen)
        sink.write(line.bytes)
    }

}
