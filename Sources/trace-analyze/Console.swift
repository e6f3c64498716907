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

    /// Sends buffered stdout to the terminal or pipe.
    static func flush() {
        output.flush()
    }

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
    static var width: Int {
        if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init), columns >= 20 { return columns }
        var size = winsize()
        if stdoutIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 { return Int(size.ws_col) }
        return 120
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
    private var failed = false

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        buffer.reserveCapacity(1 << 16)
    }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        // After a closed pipe (`| head`) there is no one left to read; drop output quietly.
        guard !failed else { return }
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                offset += written
            }
        }
    }
}
