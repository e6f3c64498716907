import TraceStore

/// A buffered writer of a large output: stdout, or a path written as `FileOutput` writes it (a
/// regular file replaced in one step when done, a device or FIFO in place).
///
/// A million-event page or trace is tens of megabytes; it is written in pieces as it is made,
/// never held whole as a String.
final class ByteSink {
    /// Nil for stdout, which goes through `Console` so it keeps its order with other output and
    /// a failed write is reported as every stdout failure is.
    private let file: FileOutput?
    private let what: String
    private var buffer: [UInt8] = []
    /// The first failed write to the file; reported by `finish`.
    private var failure: InputError?

    private static let flushSize = 1 << 20

    /// A sink to `path`, or to stdout when `path` is nil, `-` or names stdout (`/dev/stdout`);
    /// `what` names the output in errors.
    init(path: String?, what: String) throws {
        buffer.reserveCapacity(Self.flushSize + 4096)
        self.what = what
        guard let path else {
            file = nil
            return
        }
        let target = try OutputFile.target(path, for: "--output")
        if target == .standardOutput {
            Console.flush()
            file = nil
            return
        }
        do {
            file = try FileOutput(path: path, target: target)
        } catch let error as InputError {
            throw ToolError("\(path): cannot write the \(what): \(error.reason)")
        }
    }

    /// Appends UTF-8 text.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    /// Appends raw bytes.
    func write(bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushSize { flushBuffer() }
    }

    /// Appends one byte.
    @inline(__always) func write(byte: UInt8) {
        buffer.append(byte)
    }

    private func flushBuffer() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard let file else { return buffer.withUnsafeBytes { Console.write(bytes: $0) } }
        guard failure == nil else { return }
        do { try buffer.withUnsafeBytes { try file.write($0) } } catch { failure = error as? InputError ?? InputError(path: file.path, reason: "\(error)") }
    }

    /// Writes what is buffered and, for a regular file, puts it in place.
    func finish() throws {
        flushBuffer()
        guard let file else { return }
        do {
            if let failure { throw failure }
            try file.finish()
        } catch {
            file.abandon()
            throw ToolError("\(file.path): cannot write the \(what): \((error as? InputError)?.reason ?? "\(error)")")
        }
    }

    /// Leaves a regular file as it was after a failure (its temporary file removed).
    func abandon() {
        file?.abandon()
    }
}
