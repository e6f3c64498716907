import Foundation

/// The one writer of every file the tool makes: reports, baselines, pages, exports, rule pages.
///
/// What is written depends on what the path names (`OutputTarget`): a regular file is replaced
/// in one step (a temporary file beside it, the old file's permissions kept, a rename when
/// `finish` is called), so a reader never sees half of it and a failed write leaves it as it
/// was; a symbolic link is followed and its target replaced the same way; a device, a FIFO, a
/// socket or a descriptor (`/dev/stdout`) is opened and written in place, never renamed over.
public final class FileOutput {
    /// The path as the user named it, for messages.
    public let path: String
    /// What the path named when it was opened.
    public let target: OutputTarget
    private let descriptor: Int32
    /// The temporary file being written, for a regular file; nil for a target written in place.
    private let temporaryPath: String?
    /// The descriptor is the process's own (stdout, `/dev/fd/N`): never closed here.
    private let borrowed: Bool
    private var buffer: [UInt8] = []
    /// Bytes written so far, buffered ones included: the offset of the next byte.
    public private(set) var offset = 0
    private var open = true

    private static let flushSize = 1 << 20

    /// Opens `path` for writing as its kind asks; `option` (`--output`) is named in errors.
    ///
    /// Opening a FIFO waits for its reader, as a shell's `>` does.
    public convenience init(path: String, option: String = "--output") throws {
        try self.init(path: path, target: OutputTarget.resolve(path, option: option))
    }

    /// Opens `target`, which `path` (as the user named it) resolved to.
    public init(path: String, target: OutputTarget) throws {
        self.path = path
        self.target = target
        switch target {
        case .standardOutput:
            (descriptor, temporaryPath, borrowed) = (STDOUT_FILENO, nil, true)
        case .descriptor(let number):
            (descriptor, temporaryPath, borrowed) = (number, nil, true)
        case .device(let device):
            let opened = Foundation.open(device, O_WRONLY | O_CLOEXEC)
            guard opened >= 0 else { throw InputError(path: path, errno: errno) }
            (descriptor, temporaryPath, borrowed) = (opened, nil, false)
        case .socket(let socket):
            let connected = try Self.connect(socket, named: path)
            (descriptor, temporaryPath, borrowed) = (connected, nil, false)
        case .file(let file, let exists):
            let (opened, temporary) = try Self.createTemporary(beside: file, named: path)
            if exists { Self.keepPermissions(of: file, on: opened) }
            (descriptor, temporaryPath, borrowed) = (opened, temporary, false)
        }
        buffer.reserveCapacity(Self.flushSize + 65536)
    }

    deinit { if open { abandon() } }

    /// Appends bytes.
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Appends raw bytes.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        offset += bytes.count
        // A piece larger than the buffer goes straight out: the buffer keeps its size.
        if bytes.count >= Self.flushSize {
            try flush()
            try writeAll(bytes)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushSize { try flush() }
    }

    /// Appends one byte.
    @inline(__always) public func write(byte: UInt8) {
        buffer.append(byte)
        offset += 1
    }

    /// Appends UTF-8 text.
    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes the buffer out when it is large; call between rows.
    @inline(__always) public func flushIfFull() throws {
        if buffer.count >= Self.flushSize { try flush() }
    }

    private func flush() throws {
        var pending: [UInt8] = []
        swap(&pending, &buffer)
        defer {
            pending.removeAll(keepingCapacity: true)
            buffer = pending
        }
        try pending.withUnsafeBytes { try writeAll($0) }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var written = 0
        while written < bytes.count {
            let result = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw InputError(path: path, errno: errno)
            }
            written += result
        }
    }

    /// Writes what is left and ends the output: a regular file takes its place under its name.
    public func finish() throws {
        do { try flush() } catch { abandon(); throw error }
        open = false
        if borrowed { return }
        guard close(descriptor) == 0 else {
            let code = errno
            if let temporaryPath { unlink(temporaryPath) }
            throw InputError(path: path, errno: code)
        }
        guard let temporaryPath, case .file(let file, _) = target else { return }
        guard rename(temporaryPath, file) == 0 else {
            let code = errno
            unlink(temporaryPath)
            throw InputError(path: path, errno: code)
        }
    }

    /// Stops without finishing: a regular file is left as it was (the temporary file removed);
    /// what went in place into a device or FIFO cannot be taken back.
    public func abandon() {
        guard open else { return }
        open = false
        if !borrowed { close(descriptor) }
        if let temporaryPath { unlink(temporaryPath) }
    }

    /// A new file beside `file`, `.<name>.partial-<pid>-<n>`, created with mode 0666 less the
    /// umask as any new file would be (O_EXCL: never someone else's file of that name).
    private static func createTemporary(beside file: String, named path: String) throws -> (Int32, String) {
        let folder = (file as NSString).deletingLastPathComponent
        let name = (file as NSString).lastPathComponent
        for _ in 0..<100 {
            let temporary = (folder.isEmpty ? "" : folder + "/") + ".\(name).partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let opened = Foundation.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if opened >= 0 { return (opened, temporary) }
            let code = errno
            guard code == EEXIST else {
                throw InputError(path: path, reason: "cannot write beside it in \(folder.isEmpty ? "." : folder): \(String(cString: strerror(code)).lowercased())")
            }
        }
        throw InputError(path: path, errno: EEXIST)
    }

    /// The replaced file keeps its mode, and (where the process may, as root) its owner.
    private static func keepPermissions(of file: String, on descriptor: Int32) {
        var status = stat()
        guard stat(file, &status) == 0 else { return }
        fchmod(descriptor, status.st_mode & 0o7777)
        if status.st_uid != geteuid() || status.st_gid != getegid() {
            // Only root may give a file away; for anyone else the new file is theirs, as an editor's save makes it.
            _ = fchown(descriptor, status.st_uid, status.st_gid)
            // chown clears set-id bits: put the mode back.
            fchmod(descriptor, status.st_mode & 0o7777)
        }
    }

    /// A stream connection to the Unix socket at `socketPath`.
    private static func connect(_ socketPath: String, named path: String) throws -> Int32 {
        #if canImport(Glibc) || canImport(Musl)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw InputError(path: path, errno: errno) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(socketPath.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            close(descriptor)
            throw InputError(path: path, reason: "a socket path longer than \(capacity - 1) bytes cannot be connected to")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            throw InputError(path: path, reason: "a socket that takes no connection: \(String(cString: strerror(code)).lowercased())")
        }
        return descriptor
    }
}
