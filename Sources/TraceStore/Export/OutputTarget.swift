import Foundation

/// What an output path names, and so how it may be written.
///
/// Only a regular file is ours to replace: anything else (a device, a FIFO, a socket, the
/// process's own stdout) belongs to someone else and is opened and written where it is. Renaming
/// a temporary file over `/dev/null` as root replaces the system's device with a page; as any
/// other user the rename in `/dev` fails. Symbolic links are followed, as a shell's `>` follows
/// them, so the link stays a link and its target gets the output.
public enum OutputTarget: Equatable, Sendable {
    /// The process's stdout (`-`, `/dev/stdout`, `/dev/fd/1`): the caller's own stream.
    case standardOutput
    /// Another descriptor the process holds (`/dev/stderr`, `/dev/fd/N`), written in place.
    case descriptor(Int32)
    /// A regular file at `path` (links followed), replaced in one step through a temporary file
    /// beside it; `exists` is false for a file to be created (a new name, or a dangling link).
    case file(path: String, exists: Bool)
    /// A character or block device or a FIFO at `path`: opened and written in place.
    case device(path: String)
    /// A Unix domain socket at `path`: connected to and written.
    case socket(path: String)

    /// What `path` names; `option` (`--output`) is named in errors.
    ///
    /// Throws, naming `path`, for a directory, a missing folder, a folder in which a file cannot
    /// be replaced (it must be writable for the temporary file), a loop of links, and a
    /// `/dev/fd/N` whose descriptor is not open.
    public static func resolve(_ path: String, option: String = "--output") throws(InputError) -> OutputTarget {
        if path == StandardInput.argument { return .standardOutput }
        var current = path
        var linked = false
        // 40 links, as the kernel allows (ELOOP past it).
        for _ in 0...40 {
            if let descriptor = descriptorNamed(current) {
                guard fcntl(descriptor, F_GETFD) != -1 else {
                    throw InputError(path: path, reason: "names descriptor \(descriptor), which is not open")
                }
                return descriptor == STDOUT_FILENO ? .standardOutput : .descriptor(descriptor)
            }
            var status = stat()
            guard lstat(current, &status) == 0 else {
                let code = errno
                guard code == ENOENT else { throw InputError(path: path, errno: code) }
                try requireWritableFolder(of: current, named: path, linked: linked, option: option)
                return .file(path: current, exists: false)
            }
            switch status.st_mode & S_IFMT {
            case S_IFLNK:
                current = try destination(of: current, named: path)
                linked = true
            case S_IFREG:
                try requireWritableFolder(of: current, named: path, linked: linked, option: option)
                return .file(path: current, exists: true)
            case S_IFDIR:
                throw InputError(path: path, reason: linked ? "is a link to the directory \(current); \(option) needs a file path" : "is a directory; \(option) needs a file path")
            case S_IFSOCK:
                return .socket(path: current)
            default:
                return .device(path: current)
            }
        }
        throw InputError(path: path, errno: ELOOP)
    }

    /// True for a target written where it is (nothing renamed over it).
    public var isWrittenInPlace: Bool {
        if case .file = self { return false }
        return true
    }

    /// The descriptor that `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N` name.
    ///
    /// Checked before the link is read: on Linux these lead through `/proc`, whose links name
    /// `pipe:[1234]` or `socket:[…]` rather than a path, and writing the descriptor itself keeps
    /// the shell's own offset and append mode (`>>`) rather than reopening the file at its start.
    static func descriptorNamed(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdin": return STDIN_FILENO
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
                return Int32(path.dropFirst(prefix.count))
            }
            return nil
        }
    }

    /// Where the link at `link` points, made absolute against the link's folder.
    private static func destination(of link: String, named path: String) throws(InputError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else { throw InputError(path: path, errno: errno) }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let folder = (link as NSString).deletingLastPathComponent
        if target.hasPrefix("/") || folder.isEmpty { return target }
        return (folder as NSString).appendingPathComponent(target)
    }

    private static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// A file is replaced by renaming a temporary file made beside it: its folder must exist and
    /// be writable, which is said here, before any work, rather than after it.
    private static func requireWritableFolder(of file: String, named path: String, linked: Bool, option: String) throws(InputError) {
        let folder = folder(of: file)
        let through = linked ? "is a link to \(file), but " : ""
        var status = stat()
        guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw InputError(path: path, reason: linked ? "\(through)no such directory \(folder) for \(option)" : "no such directory \(folder) for \(option)")
        }
        guard access(folder, W_OK) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            throw InputError(path: path, reason: "\(through)its folder \(folder) is not writable (\(reason)); a file is replaced through a temporary file beside it")
        }
    }
}
