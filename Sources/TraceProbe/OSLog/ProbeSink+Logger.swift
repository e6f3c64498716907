#if canImport(os)
import os

extension ProbeSink {
    /// The unified log (`Logger`), at debug level, public: `log stream` and Console show the
    /// lines with their wall-clock time, and trace-analyze reads them from either.
    ///
    /// Type-checked on Linux against `Tests/SwiftUIStandIn/os.swift`, like the SwiftUI layer.
    @available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
    public static func logger(subsystem: String, category: String = "TraceProbe") -> ProbeSink {
        let logger = Logger(subsystem: subsystem, category: category)
        return ProbeSink { bytes in
            let line = String(decoding: bytes, as: UTF8.self)
            logger.debug("\(line, privacy: .public)")
        }
    }
}
#endif
