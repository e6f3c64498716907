#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where probe lines go: one finished line at a time, without its newline.
///
/// The default is standard output, the stream `Self._printChanges()` writes to, so probe lines
/// and SwiftUI's own interleave in the order they happened.
public struct ProbeSink: Sendable {
    /// Takes one line's UTF-8 bytes (no newline). Called with the output's lock held, so lines
    /// never interleave mid-line and arrive in the order they were made.
    let write: @Sendable (UnsafeRawBufferPointer) -> Void

    /// A sink that hands each line's bytes to `write`.
    public init(write: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
        self.write = write
    }

    /// Standard output through Swift's `print`, the call `_printChanges()` makes: a probe line
    /// lands between the SwiftUI lines around it in the same buffer, never before or after the lot.
    public static let standardOutput = ProbeSink { bytes in
        print(String(decoding: bytes, as: UTF8.self))
    }

    /// Standard error, unbuffered (one `write(2)` per line): for apps whose stdout is taken.
    public static let standardError = ProbeSink { bytes in
        var line = [UInt8](bytes)
        line.append(0x0A)
        line.withUnsafeBytes { whole in
            var offset = 0
            while offset < whole.count {
                let written = systemWrite(2, whole.baseAddress! + offset, whole.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// POSIX `write`, named apart from the `write` property.
    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(descriptor, bytes, count)
        #elseif canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Musl.write(descriptor, bytes, count)
        #endif
    }

    /// Each line as a `String`, for a logger of the app's own (swift-log, a file, a test).
    public static func lines(_ body: @escaping @Sendable (String) -> Void) -> ProbeSink {
        ProbeSink { body(String(decoding: $0, as: UTF8.self)) }
    }

    /// Makes every line and drops it: what the probe costs without any I/O.
    public static let discard = ProbeSink { _ in }
}
