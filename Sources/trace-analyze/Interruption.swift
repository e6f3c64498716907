import Foundation
import TraceStore

/// Lets Ctrl-C, SIGTERM and SIGHUP stop a running SQLite statement or an ingest instead of
/// killing the process mid-output or mid-batch.
///
/// The handler only notes the signal and calls `sqlite3_interrupt`, which sets a flag SQLite
/// polls: safe to do from a signal handler. The command then ends in good order and exits
/// 128 + the signal's number, as a shell reports it (130 for Ctrl-C, 143 for SIGTERM, 129 for
/// SIGHUP). A terminal closing (SIGHUP) and `kill` or a service manager stopping the tool
/// (SIGTERM) deserve what Ctrl-C gets: an ingest stores what it read and says so.
enum Interruption {
    /// The signals treated as a request to stop.
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    nonisolated(unsafe) private static var target: Interrupter?
    nonisolated(unsafe) private(set) static var signalled: sig_atomic_t = 0

    /// Routes the stop signals to `database` until the process ends.
    static func route(to database: Database) {
        target = database.interrupter
        catchSignal()
    }

    /// Catches the stop signals only to note them, for work that polls `wasSignalled` and ends
    /// in good order (an ingest stores what it read; `watch` restores the terminal and prints
    /// its report).
    static func catchSignal() {
        // A parent may have spawned us with these blocked (the mask survives exec); unblock them.
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
        for number in signals {
            signal(number) { number in
                Interruption.signalled = number
                Interruption.target?.interrupt()
            }
        }
    }

    /// True once a stop signal arrived.
    static var wasSignalled: Bool { signalled != 0 }

    /// The exit status for a stop: 128 + the signal, as a shell shows a process it ended.
    static var exitStatus: Int32 { wasSignalled ? 128 + Int32(signalled) : ExitCode.interrupted }
}
