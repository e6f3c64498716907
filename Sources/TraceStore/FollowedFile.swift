import Foundation

/// A log file followed as it grows, as `tail -F` follows one: it never ends by itself, and it
/// survives truncation (reading starts over at the top) and rotation (once the file at the path
/// is a new one and the old one has been read to its end, the new one is read from its start).
///
/// At the end of what is there it looks again every `interval`: a stat and a read, nothing more.
/// A file that does not exist yet is waited for, as `tail -F` waits: an app's log file is often
/// made only once the app starts, after the watcher.
final class FollowedFile: ByteInput {
    private let path: String
    private let interval: TimeInterval
    /// -1 while the file does not exist yet.
    private var fileDescriptor: Int32
    private var identity: (device: UInt64, inode: UInt64)
    private var offset = 0

    /// Opens the file at `path`, or waits for it when there is none yet; an error names it when
    /// it cannot be read or is a directory.
    init(path: String, interval: TimeInterval = 0.1) throws {
        self.path = path
        self.interval = interval
        identity = (0, 0)
        fileDescriptor = open(path, O_RDONLY)
        if fileDescriptor < 0, errno == ENOENT { return }
        guard fileDescriptor >= 0 else { throw InputError(path: path, errno: errno) }
        var info = stat()
        guard fstat(fileDescriptor, &info) == 0 else {
            let code = errno
            close(fileDescriptor)
            throw InputError(path: path, errno: code)
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            close(fileDescriptor)
            throw InputError(path: path, reason: "is a directory")
        }
        identity = Self.identity(of: info)
    }

    deinit {
        if fileDescriptor >= 0 { close(fileDescriptor) }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> ByteInputResult {
        if fileDescriptor < 0, !openOnceThere() {
            usleep(useconds_t(interval * 1_000_000))
            return .quiet
        }
        let count = Foundation.read(fileDescriptor, buffer.baseAddress, buffer.count)
        if count > 0 {
            offset += count
            return .bytes(count)
        }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { return .quiet }
            return .failed(errno)
        }
        // At the end of what is there: replaced, truncated, or just not written yet.
        var atPath = stat()
        if stat(path, &atPath) == 0, Self.identity(of: atPath) != identity {
            let replacement = open(path, O_RDONLY)
            if replacement >= 0 {
                close(fileDescriptor)
                fileDescriptor = replacement
                identity = Self.identity(of: atPath)
                offset = 0
                return .restarted
            }
        }
        var current = stat()
        if fstat(fileDescriptor, &current) == 0, Int(current.st_size) < offset {
            lseek(fileDescriptor, 0, SEEK_SET)
            offset = 0
            return .restarted
        }
        // A path that is gone for now (rotated away, not yet made anew) is waited for too.
        usleep(useconds_t(interval * 1_000_000))
        return .quiet
    }

    /// Opens the file that was missing, once it is there; false while it is not (or is a
    /// directory, which a file may yet replace).
    private func openOnceThere() -> Bool {
        let opened = open(path, O_RDONLY)
        guard opened >= 0 else { return false }
        var info = stat()
        guard fstat(opened, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else {
            close(opened)
            return false
        }
        fileDescriptor = opened
        identity = Self.identity(of: info)
        return true
    }

    private static func identity(of info: stat) -> (device: UInt64, inode: UInt64) {
        (UInt64(info.st_dev), UInt64(info.st_ino))
    }
}
