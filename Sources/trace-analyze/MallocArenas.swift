#if canImport(Glibc)
import Glibc
#endif

/// How the C allocator shares memory between threads, set before a command starts any.
enum MallocArenas {
    /// Makes every thread allocate from one arena (glibc only; elsewhere nothing to do).
    ///
    /// The commands that read a stored trace (`diff --db`, and `views`, `why` and `report`
    /// through `StoredTrace.open`) scan it on two or three threads that each free what another
    /// allocated. glibc gives each thread an arena of its own and never returns an arena's freed holes while a live
    /// allocation pins them, so their peak RSS grew with the trace though their heap did not:
    /// `diff` of a 10M-line trace against itself held 53.7 MB against 44.7 MB at 1M (1.20×), and
    /// 48.9 MB (1.10×) with one arena, in no more time (30.8 s against 33.6 s). Commands that parse
    /// a log keep the default: their parser and writer allocate at full speed side by side, and
    /// with one arena `diff` of two 1M-line logs took 5.6-6.6 s instead of 5.4 s.
    static func shareOne() {
        #if canImport(Glibc)
        // Swift's Glibc module exports neither `mallopt` nor `M_ARENA_MAX` (-8 in <malloc.h>).
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let arenaMax: Int32 = -8
        _ = unsafeBitCast(symbol, to: Mallopt.self)(arenaMax, 1)
        #endif
    }
}
