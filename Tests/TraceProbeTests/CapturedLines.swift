import Foundation
import TraceProbe

/// The lines an output wrote, in order: a real `ProbeOutput` with a sink that keeps them.
final class CapturedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    /// An output whose lines land here.
    lazy var output = ProbeOutput(sink: .lines { [unowned self] line in
        lock.lock()
        stored.append(line)
        lock.unlock()
    })

    /// Keeps a line written elsewhere (a sink of another output).
    func append(_ line: String) {
        lock.lock()
        stored.append(line)
        lock.unlock()
    }

    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
