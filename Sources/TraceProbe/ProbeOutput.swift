import Foundation

/// Where one app's probes write: a sink, the instance counter, the type names already written,
/// and one line buffer, all behind one lock.
///
/// The lock makes a line's instance number and its place in the output agree (numbers grow
/// down the log) and lets one buffer serve every line: taking it costs tens of nanoseconds,
/// about what a line costs to format.
public final class ProbeOutput: @unchecked Sendable {
    private let sink: ProbeSink
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private var lastNumber = 0
    private var names: [ObjectIdentifier: ProbeNames] = [:]

    /// An output writing to `sink`.
    public init(sink: ProbeSink = .standardOutput) {
        self.sink = sink
        buffer.reserveCapacity(256)
    }

    /// The next instance number, from 1 up, shared by every type: a number names one instance
    /// in the whole log.
    func nextNumber() -> Int {
        lock.lock()
        defer { lock.unlock() }
        lastNumber += 1
        return lastNumber
    }

    /// The names of `type`, made the first time it is asked for (demangling costs microseconds).
    func names(of type: Any.Type) -> ProbeNames {
        let key = ObjectIdentifier(type)
        lock.lock()
        if let known = names[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let made = ProbeNames(type)
        lock.lock()
        names[key] = made
        lock.unlock()
        return made
    }

    /// Writes one line: `trace-analyze: kind=… view=… type=… id=… t=…` and the optional keys.
    func write(
        _ kind: ProbeLine.Kind, _ names: ProbeNames, number: Int, at time: UInt64,
        owner: [UInt8]? = nil, nanoseconds: UInt64? = nil, newIdentity: Bool = false, seen: Bool? = nil
    ) {
        lock.lock()
        defer { lock.unlock() }
        buffer.removeAll(keepingCapacity: true)
        ProbeLine.append(
            kind, names, number: number, time: time, owner: owner, nanoseconds: nanoseconds,
            newIdentity: newIdentity, seen: seen, to: &buffer
        )
        buffer.withUnsafeBytes { sink.write($0) }
    }
}
