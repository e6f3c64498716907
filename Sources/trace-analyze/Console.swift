import Foundation

/// Where the tool writes: stdout for results (buffered), stderr for messages and progress.
enum Console {
    nonisolated(unsafe) private static var output = BufferedOutput(fileDescriptor: STDOUT_FILENO)

    /// Writes `text` and a newline to stdout.
    static func out(_ text: String) {
        output.write(text)
        output.write("\n")
    }

    /// Writes `text` as-is to stdout.
    static func write(_ text: String) {
        output.write(text)
    }

    /// Writes UTF-8 `bytes` as-is to stdout.
    static func write(bytes: UnsafeRawBufferPointer) {
        output.write(bytes: bytes)
    }

    /// Sends buffered stdout to the terminal or pipe.
    static func flush() {
        output.flush()
    }

    /// The `errno` of the first write to stdout that failed, nil while every write succeeded.
    ///
    /// Once a write fails the rest of the output is dropped: `main` turns this into the exit
    /// status, so a full disk or a closed pipe is never reported as success.
    static var outputFailure: Int32? { output.failure }

    /// Called once, when a write to stdout first fails: a command stops its work there (a query
    /// piped into `head` has no reader left to compute rows for).
    nonisolated(unsafe) static var whenOutputFails: (() -> Void)?

    /// Asked between 64 KiB pieces of output: once it answers true, the rest is dropped and
    /// `outputWasStopped` is set. Lets Ctrl-C and `--timeout` cut a huge value's printing short.
    nonisolated(unsafe) static var stopWriting: (() -> Bool)?

    /// True when `stopWriting` cut the output short.
    static var outputWasStopped: Bool { output.stopped }

    /// Writes a one-line error to stderr: `trace-analyze: error: …`.
    static func error(_ message: String) {
        writeError("trace-analyze: error: \(message)\n")
    }

    /// Writes a usage error with a pointer to the relevant help.
    static func error(usageError: UsageError, command: String? = nil) {
        let help = command.map { "trace-analyze \($0) --help" } ?? "trace-analyze --help"
        error("\(usageError.description) (see '\(help)')")
    }

    /// Writes a note to stderr.
    static func note(_ message: String) {
        writeError(message + "\n")
    }

    /// Names the folders of third-party code a listing did not enter, and how to `verb` one
    /// anyway (name it).
    static func noteVendored(_ folders: [String], verb: String) {
        guard !folders.isEmpty else { return }
        note("trace-analyze: note: not entered, third-party code from a dependency manager: \(folders.joined(separator: ", ")) (name a folder to \(verb) it anyway)")
    }

    /// Rewrites the current stderr line; used for live progress on a terminal.
    static func status(_ message: String) {
        writeError("\r\u{1B}[2K" + message)
    }

    /// Clears a status line.
    static func clearStatus() {
        writeError("\r\u{1B}[2K")
    }

    /// True when stderr is a terminal, so progress lines make sense.
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// True when stdout is a terminal.
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

    /// The width reports are fitted to: `$COLUMNS`, else the terminal's, else 120 (a CI log).
    static var width: Int { terminalWidth(default: 120) }

    /// `$COLUMNS`, else the width of the terminal stdout is, else `fallback`.
    static func terminalWidth(default fallback: Int) -> Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns >= 20 { return columns }
        var size = winsize()
        if stdoutIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 { return Int(size.ws_col) }
        return fallback
    }

    /// True when stdin is a terminal (nothing piped in).
    static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) != 0 }

    private static func writeError(_ text: String) {
        // Keep stdout and stderr in order when both go to one terminal.
        output.flush()
        var errorOutput = BufferedOutput(fileDescriptor: STDERR_FILENO)
        errorOutput.write(text)
        errorOutput.flush()
    }
}

/// A write buffer over a file descriptor: one syscall per 64 KiB instead of one per line.
struct BufferedOutput {
    private let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    /// The `errno` of the first failed write; nothing is written after it.
    private(set) var failure: Int32?
    /// True once `Console.stopWriting` asked to stop; nothing is written after it.
    private(set) var stopped = false

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        buffer.reserveCapacity(1 << 16)
    }

    /// Appends UTF-8 bytes.
    mutating func write(bytes: UnsafeRawBufferPointer) {
        if bytes.count >= 1 << 16 {
            // A large value goes out from its own storage: copying it into the buffer first would
            // double the memory a huge cell costs.
            flush()
            send(bytes)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flushWholeLines() }
    }

    /// Sends the buffer up to its last newline and keeps the line under way for later (unless
    /// it is already 64 KiB long), so output that a stop cuts short ends with a whole line.
    private mutating func flushWholeLines() {
        guard let newline = buffer.lastIndex(of: UInt8(ascii: "\n")), buffer.count - newline - 1 < 1 << 16 else {
            flush()
            return
        }
        buffer.withUnsafeBytes { send(UnsafeRawBufferPointer(rebasing: $0[...newline])) }
        buffer.removeSubrange(...newline)
    }

    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    mutating func flush() {
        var pending: [UInt8] = []
        swap(&pending, &buffer)
        pending.withUnsafeBytes { send($0) }
        pending.removeAll(keepingCapacity: true)
        buffer = pending
    }

    /// The last byte written, so output cut short can still end at a line boundary.
    private var lastByte: UInt8 = UInt8(ascii: "\n")

    /// Writes all of `bytes`; the `errno` of a failed write, nil when all went out.
    private mutating func writeAll(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        if let last = bytes.last { lastByte = last }
        return nil
    }

    /// Output stopped (Ctrl-C, `--timeout`) still ends at a line boundary: the line under way
    /// is finished from `rest` when its end is near (64 KiB), else cut with a newline, so the
    /// last line a script reads is never half a row without its end.
    private mutating func endLine(after rest: UnsafeRawBufferPointer) -> Int32? {
        guard lastByte != UInt8(ascii: "\n") else { return nil }
        if let newline = rest.prefix(1 << 16).firstIndex(of: UInt8(ascii: "\n")) {
            return writeAll(UnsafeRawBufferPointer(rebasing: rest[...newline]))
        }
        return withUnsafeBytes(of: UInt8(ascii: "\n")) { writeAll($0) }
    }

    /// Writes `bytes` unless an earlier write failed or was stopped; records a failure.
    private mutating func send(_ bytes: UnsafeRawBufferPointer) {
        // After a failed write (a closed pipe, a full disk) the output is already incomplete;
        // the caller learns of it from `failure`, and writing on would only fail again.
        guard failure == nil, !stopped, !bytes.isEmpty else { return }
        let stop = fileDescriptor == STDOUT_FILENO ? Console.stopWriting : nil
        var stopped = false
        let code: Int32? = {
            var offset = 0
            while offset < bytes.count {
                if let stop, stop() {
                    stopped = true
                    return endLine(after: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                }
                // At most 64 KiB a call, so a stop request is seen between pieces of a large value.
                if let error = writeAll(UnsafeRawBufferPointer(rebasing: bytes[offset..<min(bytes.count, offset + (1 << 16))])) {
                    return error
                }
                offset = min(bytes.count, offset + (1 << 16))
            }
            return nil
        }()
        self.stopped = stopped
        if let code {
            failure = code
            if fileDescriptor == STDOUT_FILENO { Console.whenOutputFails?() }
        }
    }
}
