import Foundation

/// Bytes set aside until the end of a trace, in a temporary file rather than in memory: what
/// rules hold for their findings, and the events `check` keeps for its report (`EventSpool`),
/// grow with the log, and a CI job over a long UI-test log should need no more memory than a
/// short one.
///
/// Append-only, with reads and small patches at known offsets. Appends go through a write
/// buffer; the file is unlinked as soon as it is made, so it goes when the process does, even
/// when killed. When no temporary file can be made or written (a read-only or full disk), the
/// bytes stay in memory instead: a run then needs more memory, never loses a line.
///
/// Written by one thread, with no overlapping accesses: its stored properties skip the
/// dynamic exclusivity check, which costs more than the work on the hot path.
package final class SpillFile {
    /// Bytes buffered before one `pwrite`.
    private static let bufferSize = 1 << 18

    /// The file, once the first bytes leave the buffer (a short trace never makes one); -1 when
    /// none could be made.
    @exclusivity(unchecked) private var descriptor: Int32 = -1
    @exclusivity(unchecked) private var isOpen = false
    private let directory: String?
    /// Bytes in the file (or in `memory`), not counting `buffer`.
    @exclusivity(unchecked) private var written: Int64 = 0
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    /// Everything written, when the file could not be made or written.
    @exclusivity(unchecked) private var memory: [UInt8]? = nil

    /// A spill file in `directory` (by default `$TMPDIR`, else `/tmp`).
    package init(directory: String? = nil) {
        self.directory = directory
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// True when the bytes are in a file, false when they had to stay in memory.
    package var isOnFile: Bool { memory == nil }

    /// Bytes appended so far: the offset the next append gets.
    package var size: Int64 { written + Int64(buffer.count) }

    /// Appends `bytes`; returns the offset they start at.
    @discardableResult
    package func append(_ bytes: UnsafeRawBufferPointer) -> Int64 {
        let offset = size
        if buffer.count + bytes.count > SpillFile.bufferSize { flush() }
        if buffer.capacity == 0 { buffer.reserveCapacity(min(SpillFile.bufferSize, max(bytes.count * 64, 4096))) }
        if bytes.count > SpillFile.bufferSize {
            store(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
        return offset
    }

    /// Overwrites bytes already appended, at `offset`.
    package func patch(at offset: Int64, with bytes: UnsafeRawBufferPointer) {
        precondition(offset >= 0 && offset + Int64(bytes.count) <= size, "patch outside the spilled bytes")
        var remaining = bytes
        var at = offset
        if at < written {
            let onDisk = min(Int(written - at), remaining.count)
            write(UnsafeRawBufferPointer(rebasing: remaining[..<onDisk]), at: at)
            remaining = UnsafeRawBufferPointer(rebasing: remaining[onDisk...])
            at += Int64(onDisk)
        }
        guard !remaining.isEmpty else { return }
        let start = Int(at - written)
        buffer.withUnsafeMutableBytes { target in
            target.baseAddress!.advanced(by: start).copyMemory(from: remaining.baseAddress!, byteCount: remaining.count)
        }
    }

    /// Copies `target.count` bytes from `offset` into `target`.
    package func read(at offset: Int64, into target: UnsafeMutableRawBufferPointer) {
        precondition(offset >= 0 && offset + Int64(target.count) <= size, "read outside the spilled bytes")
        var filled = 0
        if offset < written {
            let fromDisk = min(Int(written - offset), target.count)
            readStored(into: UnsafeMutableRawBufferPointer(rebasing: target[..<fromDisk]), at: offset)
            filled = fromDisk
        }
        guard filled < target.count else { return }
        let start = Int(offset + Int64(filled) - written)
        buffer.withUnsafeBytes { source in
            UnsafeMutableRawBufferPointer(rebasing: target[filled...])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start ..< start + target.count - filled]))
        }
    }

    /// Moves the buffered bytes to the file.
    private func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { store($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Adds `bytes` after everything written.
    private func store(_ bytes: UnsafeRawBufferPointer) {
        write(bytes, at: written)
        written += Int64(bytes.count)
    }

    private func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) {
        if !isOpen {
            isOpen = true
            descriptor = SpillFile.makeUnlinkedFile(in: directory)
            if descriptor < 0 { memory = [] }
        }
        if descriptor >= 0, SpillFile.writeFully(descriptor, bytes, at: offset) {
            return
        }
        // The disk failed us: carry on in memory with what the file holds so far.
        fallBackToMemory()
        let end = Int(offset) + bytes.count
        if memory!.count < end { memory!.append(contentsOf: repeatElement(0, count: end - memory!.count)) }
        memory!.withUnsafeMutableBytes { target in
            target.baseAddress!.advanced(by: Int(offset)).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        }
    }

    private func readStored(into target: UnsafeMutableRawBufferPointer, at offset: Int64) {
        if let memory {
            memory.withUnsafeBytes { source in
                target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[Int(offset) ..< Int(offset) + target.count]))
            }
            return
        }
        var done = 0
        while done < target.count {
            let got = pread(descriptor, target.baseAddress! + done, target.count - done, off_t(offset) + off_t(done))
            if got > 0 { done += got; continue }
            if got < 0 && errno == EINTR { continue }
            // A file we wrote cannot be read back: nothing sensible remains to be done.
            fatalError("trace-analyze: cannot read back its temporary file (errno \(errno))")
        }
    }

    /// Copies what the file holds into memory and stops using it.
    private func fallBackToMemory() {
        guard memory == nil else { return }
        var copy = [UInt8](repeating: 0, count: Int(written))
        copy.withUnsafeMutableBytes { readStored(into: $0, at: 0) }
        memory = copy
        close(descriptor)
        descriptor = -1
    }

    private static func writeFully(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Bool {
        var done = 0
        while done < bytes.count {
            let wrote = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            if wrote > 0 { done += wrote; continue }
            if wrote < 0 && errno == EINTR { continue }
            return false
        }
        return true
    }

    /// A new file in the temporary directory, already unlinked; -1 when none can be made.
    private static func makeUnlinkedFile(in chosen: String?) -> Int32 {
        var directory = chosen ?? ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        if directory.isEmpty { directory = "/tmp" }
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
        template += Array("trace-analyze-spill.XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return -1 }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        #if os(Linux)
        // Reads need not touch the file's access time: checking whether to costs the root causes'
        // thread a tenth of its time, one small read per evidence line. (O_NOATIME, which
        // Glibc's module does not export.)
        let noAccessTime: Int32 = 0o1000000
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | noAccessTime)
        #endif
        return descriptor
    }
}
