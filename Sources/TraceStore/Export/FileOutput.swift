import Foundation

/// A file written through a buffer, under a temporary name until `finish` renames it: a failed
/// export leaves no half-written file behind under the real name.
public final class FileOutput {
    /// The final path.
    public let path: String
    private let temporaryPath: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Bytes written so far, buffered ones included: the offset of the next byte.
    public private(set) var offset = 0
    private var open = true

    private static let flushSize = 1 << 20

    /// Creates (or truncates) the temporary file next to `path`.
    public init(path: String) throws {
        self.path = path
        temporaryPath = path + ".partial-\(getpid())"
        descriptor = Foundation.open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw InputError(path: path, errno: errno) }
        buffer.reserveCapacity(Self.flushSize + 65536)
    }

    deinit { if open { abandon() } }

    /// Appends bytes.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Appends raw bytes.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        offset += bytes.count
        // A page larger than the buffer goes straight to the file: the buffer keeps its size.
        if bytes.count >= Self.flushSize {
            try flush()
            try writeAll(bytes)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushSize { try flush() }
    }

    /// Appends one byte.
    @inline(__always) public func write(byte: UInt8) {
        buffer.append(byte)
        offset += 1
    }

    /// Appends UTF-8 text.
    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes the buffer out when it is large; call between rows.
    @inline(__always) public func flushIfFull() throws {
        if buffer.count >= Self.flushSize { try flush() }
    }

    private func flush() throws {
        try buffer.withUnsafeBytes { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var written = 0
        while written < bytes.count {
            let result = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw InputError(path: path, errno: errno)
            }
            written += result
        }
    }

    /// Writes what is left, closes, and moves the file to its real name.
    public func finish() throws {
        try flush()
        open = false
        guard close(descriptor) == 0 else { throw InputError(path: path, errno: errno) }
        guard rename(temporaryPath, path) == 0 else { throw InputError(path: path, errno: errno) }
    }

    /// Closes and removes the temporary file.
    public func abandon() {
        open = false
        close(descriptor)
        unlink(temporaryPath)
    }
}
