import Foundation

/// Where an ingest's bytes come from: a descriptor read to its end (a file, a pipe, stdin), or
/// a file followed as it grows (`FollowedFile`).
protocol ByteInput: AnyObject {
    /// Reads what is there into `buffer`, waiting a little (about a quarter second at most) when
    /// nothing is.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> ByteInputResult
}

/// What one read of a `ByteInput` gave.
enum ByteInputResult {
    /// This many bytes, at the start of the buffer.
    case bytes(Int)
    /// Nothing for now: the input is idle, so the reader may hand on what it holds.
    case quiet
    /// The file was truncated or replaced: bytes start over, and a last line without its end is
    /// complete (the next bytes do not continue it).
    case restarted
    /// No more input.
    case end
    /// Reading failed with this `errno`.
    case failed(Int32)
}

/// A descriptor read until it ends: a file read once, a pipe, stdin.
final class DescriptorInput: ByteInput {
    private let fileDescriptor: Int32

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> ByteInputResult {
        while true {
            guard waitForInput() else { return .quiet }
            let count = Foundation.read(fileDescriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failed(errno)
            }
            return count == 0 ? .end : .bytes(count)
        }
    }

    /// Waits up to a quarter second for input; false on timeout so the writer can commit.
    private func waitForInput() -> Bool {
        var request = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, 250)
        if ready < 0 {
            if errno == EINTR { return false }
            // Some descriptors (e.g. certain character devices) cannot be polled: just read.
            return true
        }
        return ready > 0
    }
}
