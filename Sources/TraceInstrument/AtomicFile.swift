import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Files on disk as a formatter treats them: looked at without following links, and replaced
/// whole, by writing a temporary file beside the original and renaming it over, so a file is
/// always either as it was or fully rewritten, with its permissions kept.
enum AtomicFile {
    /// What is at a path, seen without following a symbolic link.
    enum Kind: Equatable {
        case file(mode: mode_t)
        case directory
        case symbolicLink
        case other
        case missing
    }

    static func kind(of path: String) -> Kind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file(mode: status.st_mode & 0o7777)
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// The file's bytes; throws with why it cannot be read.
    static func read(_ path: String) throws(InstrumentRefusal) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw InstrumentRefusal("cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw InstrumentRefusal("cannot be read: \(error.localizedDescription)")
        }
    }

    /// Replaces the file at `path` with `bytes`, keeping `mode`.
    static func replace(_ path: String, with bytes: [UInt8], mode: mode_t) throws(InstrumentRefusal) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        // mkstemp(3) replaces the six trailing X's with a unique suffix and creates the file.
        var template = Array(((directory.isEmpty ? "." : directory) + "/.\(name).trace-analyze-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw InstrumentRefusal("cannot write beside it: \(String(cString: strerror(errno)))")
        }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += result
            }
        }
        // No fsync: the rename is what makes a run that is interrupted (Ctrl-C, a kill) leave each
        // file whole, old or new; syncing every file cost 100 ms each on a busy disk (10 s for the
        // benchmark's 100 files) against a power cut in the middle of a run, which the sources'
        // version control covers.
        if failure == 0, fchmod(descriptor, mode) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw InstrumentRefusal("cannot be rewritten: \(String(cString: strerror(failure))); left as it was")
        }
    }
}
