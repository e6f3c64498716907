import Foundation
import RequiredTools
import Testing

/// A tmux server of its own with one detached session, for tests that read the screen as a
/// person sees it: `capture-pane` gives the pane's text, `send-keys` types into it.
final class Tmux {
    let socket = "trace-analyze-test-\(UUID().uuidString.prefix(8))"
    let session = "watch"

    /// The tmux binary, or nil when it is not installed (the suites using it are then skipped
    /// or, in CI, failed: `RequiredTool.tmux`).
    static var executable: URL? { try? RequiredTool.tmux.url() }

    /// Starts `command` (run by the shell) in a detached pane of `width` × `height` cells.
    init(command: String, width: Int = 120, height: Int = 50) throws {
        _ = try RequiredTool.tmux.url()
        try spawn(["new-session", "-d", "-s", session, "-x", String(width), "-y", String(height), command])
    }

    /// Ends the server and removes its socket, which `kill-server` leaves behind.
    deinit {
        let path = try? display("#{socket_path}")
        _ = try? run(["kill-server"])
        if let path, !path.isEmpty { unlink(path) }
    }

    /// The pane's text now, wrapped lines joined.
    func screen() throws -> String { try run(["capture-pane", "-p", "-J", "-t", session]) }

    /// The pane's rows now, as the terminal shows them: a line wider than the pane is two rows.
    func rows() throws -> [String] {
        try run(["capture-pane", "-p", "-t", session]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Presses `keys` (tmux names: `C-c`).
    func send(_ keys: String) throws { _ = try run(["send-keys", "-t", session, keys]) }

    /// Types `text` as it is, even when it starts with `-` or spells a key name.
    func type(_ text: String) throws { _ = try run(["send-keys", "-t", session, "-l", "--", text]) }

    /// A pane format value, such as `#{cursor_flag}`.
    func display(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", session, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Looks at the screen up to `tries` times, 0.1 s apart, until `condition` holds; the last
    /// screen seen, and whether it held.
    func waitForScreen(tries: Int = 300, _ condition: (String) -> Bool) throws -> (screen: String, held: Bool) {
        var text = ""
        for _ in 0..<tries {
            text = try screen()
            if condition(text) { return (text, true) }
            usleep(100_000)
        }
        return (text, false)
    }

    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["-L", socket, "-f", "/dev/null"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs tmux without Foundation's `Process`, whose wait for a child's end hangs when the
    /// child leaves a daemon behind (the tmux server keeps a descriptor `Process` waits on).
    ///
    /// The server and the panes get the signals a terminal's processes get: the test runner's
    /// threads block SIGINT and others, and a blocked mask survives `exec`, so Ctrl-C in the
    /// pane would reach no one.
    private func spawn(_ arguments: [String]) throws {
        let path = Self.executable!.path
        let argv = ([path, "-L", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        #if canImport(Glibc)
        var attributes = posix_spawnattr_t()
        #else
        var attributes: posix_spawnattr_t?
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGTTIN, SIGTTOU] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, nil, &attributes, argv, environ)
        guard spawned == 0 else { throw CocoaError(.executableLoad, userInfo: ["errno": spawned]) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}
