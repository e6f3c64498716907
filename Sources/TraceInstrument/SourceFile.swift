import Foundation
import TraceStore
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A Swift file as `instrument` reads and rewrites it: a link is followed to the file it names
/// (as an editor opening it would), and the file is written back through the tool's one writer,
/// `FileOutput`: replaced in one step with its permissions kept, the link left a link.
enum SourceFile {
    /// What a listed path is, links followed.
    enum Kind: Equatable {
        /// A regular file (or a link to one): `identity` tells two names of one file apart.
        case file(mode: mode_t, identity: Identity)
        /// Anything else, with why it is left alone.
        case leftAlone(reason: String)
    }

    /// Device and inode: two paths with the same identity are one file.
    struct Identity: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    static func kind(of path: String) -> Kind {
        var own = stat()
        guard lstat(path, &own) == 0 else { return .leftAlone(reason: "cannot be read: \(String(cString: strerror(errno)).lowercased())") }
        let linked = own.st_mode & S_IFMT == S_IFLNK
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ELOOP { return .leftAlone(reason: "is a loop of symbolic links") }
            return .leftAlone(reason: "is a link to \(destination(of: path)), which \(code == ENOENT ? "does not exist" : String(cString: strerror(code)).lowercased())")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            // A FIFO would be drained (or block) by reading it and a device has no source to give
            // back: neither is a Swift file to rewrite, so neither is opened.
            let what = linked ? "is a link to \(destination(of: path)), which is not a regular file" : "is not a regular file"
            return .leftAlone(reason: "\(what) (a device, FIFO, socket or folder); only source files are rewritten")
        }
        return .file(mode: status.st_mode & 0o7777, identity: Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
    }

    /// The file's bytes (through a link); throws with why it cannot be read.
    static func read(_ path: String) throws(InstrumentRefusal) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw InstrumentRefusal("cannot be read: \(String(cString: strerror(errno)).lowercased())")
        }
        defer { try? handle.close() }
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw InstrumentRefusal("cannot be read: \(error.localizedDescription)")
        }
    }

    /// Replaces the file `path` names (a link's target) with `bytes`, as every output is written.
    ///
    /// No fsync (nor does `FileOutput` make one): the rename is what makes an interrupted run
    /// (Ctrl-C, a kill) leave each file whole, old or new; the sources' version control covers a
    /// power cut in the middle of a run.
    static func replace(_ path: String, with bytes: [UInt8]) throws(InstrumentRefusal) {
        do {
            let output = try FileOutput(path: path, option: "instrument")
            do {
                try output.write(bytes)
                try output.finish()
            } catch {
                output.abandon()
                throw error
            }
        } catch let error as InputError {
            throw InstrumentRefusal("\(error.reason); left as it was")
        } catch {
            throw InstrumentRefusal("cannot be rewritten: \(error); left as it was")
        }
    }

    /// Where the link at `path` points, as it is written in the link.
    private static func destination(of path: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
    }
}
