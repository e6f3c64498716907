import Foundation

/// A buffered writer of a large output: a file replaced in one step when done (so a reader
/// never sees half of it), or stdout.
///
/// A million-event page or trace is tens of megabytes; it is written in pieces as it is made,
/// never held whole as a String.
final class ByteSink {
    private let handle: FileHandle
    private let temporaryPath: String?
    private let path: String?
    private var buffer: [UInt8] = []
    /// Bytes written so far, buffered ones included.
    private(set) var count = 0

    private static let flushSize = 1 << 20

    /// A sink to `path` (checked as `--output` is), or to stdout when `path` is nil or `-`.
    init(path: String?, what: String) throws {
        buffer.reserveCapacity(Self.flushSize + 4096)
        guard let path, path != "-" else {
            Console.flush()
            handle = FileHandle.standardOutput
            temporaryPath = nil
            self.path = nil
            return
        }
        let temporary = path + ".partial-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporary) else {
            throw ToolError("\(path): cannot write the \(what)")
        }
        self.handle = handle
        temporaryPath = temporary
        self.path = path
    }

    /// Appends UTF-8 text.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    /// Appends raw bytes.
    func write(bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        count += bytes.count
        if buffer.count >= Self.flushSize { flushBuffer() }
    }

    /// Appends one byte.
    @inline(__always) func write(byte: UInt8) {
        buffer.append(byte)
        count += 1
    }

    private func flushBuffer() {
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and, for a file, puts it in place.
    func finish() throws {
        flushBuffer()
        guard let temporaryPath, let path else { return }
        try handle.close()
        do {
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: temporaryPath, toPath: path)
        } catch {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            throw ToolError("\(path): cannot write (\(error.localizedDescription))")
        }
    }

    /// Removes the unfinished file after a failure.
    func abandon() {
        guard let temporaryPath else { return }
        try? handle.close()
        try? FileManager.default.removeItem(atPath: temporaryPath)
    }
}
