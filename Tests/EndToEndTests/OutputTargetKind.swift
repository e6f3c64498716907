import Foundation

/// A kind of place an output path can name, made for real in a workspace: the files, links,
/// FIFOs and sockets a user might hand to `--output`, and the system's own devices.
enum OutputTargetKind: String, CaseIterable, Sendable {
    case newFile = "a new file"
    case regularFile = "an existing file"
    case link = "a link to a file"
    case danglingLink = "a dangling link"
    case devNull = "/dev/null"
    case linkToDevice = "a link to /dev/null"
    case devStdout = "/dev/stdout"
    case dash = "-"
    case fifo = "a FIFO read by another process"
    case socket = "a Unix socket"
    case directory = "a directory"
    /// A link whose target's folder the user may not write (made only for a user who is not root).
    case linkIntoLockedFolder = "a link into a folder the user cannot write"

    /// The mode an existing file is made with; a replaced file must keep it. Writable by all
    /// when another user runs the tool, so that user may replace it.
    static func existingMode(otherUser: Bool) -> Int { otherUser ? 0o666 : 0o640 }
}

/// One kind of target set up in `directory`, with what reads it (a FIFO's reader, a socket's
/// listener) running; `finish` releases a reader the tool never wrote to and returns what it read.
final class PreparedTarget {
    let kind: OutputTargetKind
    /// The path handed to the tool.
    let path: String
    /// Where the output must land for kinds that are files (the link's target for links).
    let file: String?
    private var reader: Process?
    private var readerOutput: ReadAll?
    private var listener: SocketListener?

    init(_ kind: OutputTargetKind, in directory: String, otherUser: Bool) throws {
        self.kind = kind
        let manager = FileManager.default
        func at(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }
        switch kind {
        case .newFile:
            path = at("new.out")
            file = path
        case .regularFile:
            path = at("existing.out")
            file = path
            try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
            try manager.setAttributes([.posixPermissions: OutputTargetKind.existingMode(otherUser: otherUser)], ofItemAtPath: path)
        case .link:
            try manager.createDirectory(atPath: at("reports"), withIntermediateDirectories: true)
            try manager.setAttributes([.posixPermissions: 0o777], ofItemAtPath: at("reports"))
            file = at("reports/latest.out")
            try Data("old\n".utf8).write(to: URL(fileURLWithPath: file!))
            try manager.setAttributes([.posixPermissions: OutputTargetKind.existingMode(otherUser: otherUser)], ofItemAtPath: file!)
            path = at("link.out")
            try manager.createSymbolicLink(atPath: path, withDestinationPath: "reports/latest.out")
        case .danglingLink:
            try manager.createDirectory(atPath: at("later"), withIntermediateDirectories: true)
            try manager.setAttributes([.posixPermissions: 0o777], ofItemAtPath: at("later"))
            file = at("later/first.out")
            path = at("dangling.out")
            try manager.createSymbolicLink(atPath: path, withDestinationPath: "later/first.out")
        case .devNull:
            path = "/dev/null"
            file = nil
        case .linkToDevice:
            path = at("null-link.out")
            file = nil
            try manager.createSymbolicLink(atPath: path, withDestinationPath: "/dev/null")
        case .devStdout:
            path = "/dev/stdout"
            file = nil
        case .dash:
            path = "-"
            file = nil
        case .fifo:
            path = at("pipe.out")
            file = nil
            guard mkfifo(path, 0o666) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            // mkfifo's mode is cut by the umask; another user must be able to open it.
            chmod(path, 0o666)
            let cat = Process()
            cat.executableURL = URL(fileURLWithPath: "/bin/cat")
            cat.arguments = [path]
            let pipe = Pipe()
            cat.standardOutput = pipe
            try cat.run()
            reader = cat
            readerOutput = ReadAll(pipe.fileHandleForReading)
        case .socket:
            path = at("listen.sock")
            file = nil
            listener = try SocketListener(path: path)
        case .directory:
            path = at("folder")
            file = nil
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        case .linkIntoLockedFolder:
            try manager.createDirectory(atPath: at("locked"), withIntermediateDirectories: true)
            file = at("locked/kept.out")
            try Data("old\n".utf8).write(to: URL(fileURLWithPath: file!))
            try manager.setAttributes([.posixPermissions: 0o666], ofItemAtPath: file!)
            try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: at("locked"))
            path = at("locked-link.out")
            try manager.createSymbolicLink(atPath: path, withDestinationPath: "locked/kept.out")
        }
    }

    /// What the FIFO's reader or the socket's listener received; "" for other kinds.
    func finish() -> String {
        if let reader, let readerOutput {
            // A tool that never opened the FIFO leaves its reader waiting: a writer that opens
            // and closes it at once ends the reader's read.
            let release = open(path, O_WRONLY | O_NONBLOCK)
            if release >= 0 { close(release) }
            reader.waitUntilExit()
            return String(decoding: readerOutput.wait(), as: UTF8.self)
        }
        if let listener { return listener.finish() }
        return ""
    }
}

/// A Unix stream socket that accepts one connection and reads it to its end.
final class SocketListener: @unchecked Sendable {
    private let descriptor: Int32
    private let path: String
    private var received = Data()
    private let done = DispatchSemaphore(value: 0)

    init(path: String) throws {
        self.path = path
        #if canImport(Glibc)
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        var address = Self.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 1) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        chmod(path, 0o777)
        Thread.detachNewThread { [self] in
            let connection = accept(descriptor, nil, nil)
            if connection >= 0 {
                var chunk = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = read(connection, &chunk, chunk.count)
                    if count <= 0 { break }
                    received.append(contentsOf: chunk[..<count])
                }
                close(connection)
            }
            done.signal()
        }
    }

    static func address(_ path: String) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8)
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    /// Waits for the connection to end (connecting once itself if the tool never did) and
    /// returns what was read.
    func finish() -> String {
        if done.wait(timeout: .now() + 0.2) == .timedOut {
            #if canImport(Glibc)
            let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            #else
            let client = socket(AF_UNIX, SOCK_STREAM, 0)
            #endif
            var address = Self.address(path)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            close(client)
            done.wait()
        }
        close(descriptor)
        return String(decoding: received, as: UTF8.self)
    }
}
