import Foundation
import TraceStore

/// Lets Ctrl-C stop a running SQLite statement instead of killing the process mid-output.
///
/// The handler only calls `sqlite3_interrupt`, which sets a flag SQLite polls: safe to do from a
/// signal handler. The command then sees `SQLITE_INTERRUPT` and exits 130, like a shell does.
enum Interruption {
    nonisolated(unsafe) private static var target: Interrupter?
    nonisolated(unsafe) private(set) static var signalled: sig_atomic_t = 0

    /// Routes SIGINT to `database` until the process ends.
    static func route(to database: Database) {
        target = database.interrupter
        catchSignal()
    }

    /// Catches SIGINT only to note it, for work that polls `wasSignalled` and ends in good order
    /// (an ingest stores what it read; `watch` restores the terminal and prints its report).
    static func catchSignal() {
        // A parent may have spawned us with SIGINT blocked (the mask survives exec); unblock it.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        signal(SIGINT) { _ in
            Interruption.signalled = 1
            Interruption.target?.interrupt()
        }
    }

    /// True once Ctrl-C was pressed.
    static var wasSignalled: Bool { signalled != 0 }
}
