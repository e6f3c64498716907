import Foundation

/// The end of the test run checks that the system's devices are still devices: a writer that
/// renamed a file over `/dev/null` (as root it can) would break every later program on the
/// machine, and no single test's assertion would say so after the fact.
enum SystemDevicesGuard {
    /// Registers the check, once; it runs as the test process exits and turns a passing run
    /// into a failing one (status 1, with a line on stderr) when `/dev/null` is not a character
    /// device any more.
    static let installed: Void = {
        atexit {
            var status = stat()
            if lstat("/dev/null", &status) == 0, status.st_mode & S_IFMT == S_IFCHR { return }
            let message = "trace-analyze tests: /dev/null is no longer a character device at the end of the run; a test replaced it (mknod -m 666 /dev/null c 1 3 restores it)\n"
            _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            _exit(1)
        }
    }()
}
