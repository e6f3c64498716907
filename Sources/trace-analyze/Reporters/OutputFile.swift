import TraceStore

/// The command line's side of the one output writer (`FileOutput`): paths checked before any
/// input is read, and small outputs written whole.
enum OutputFile {
    /// Fails early, naming `path` and `option`, when `path` cannot be written: a directory, a
    /// missing folder, a folder where a file cannot be replaced.
    static func check(_ path: String, for option: String) throws -> String {
        _ = try target(path, for: option)
        return path
    }

    /// What `path` names (`OutputTarget`), as a `ToolError` when it cannot be written.
    static func target(_ path: String, for option: String) throws -> OutputTarget {
        do {
            return try OutputTarget.resolve(path, option: option)
        } catch {
            throw ToolError(error.description)
        }
    }

    /// True for a path that names stdout (`-`, `/dev/stdout`): no "wrote" line is said for it.
    static func isStandardOutput(_ path: String) -> Bool {
        (try? OutputTarget.resolve(path)) == .standardOutput
    }

    /// Writes `text` to `path` as `FileOutput` writes (a regular file replaced in one step, a
    /// device or FIFO in place, `-` to stdout); `what` names it in errors.
    static func write(_ text: String, to path: String, what: String) throws {
        let sink = try ByteSink(path: path, what: what)
        sink.write(text)
        do { try sink.finish() } catch { sink.abandon(); throw error }
    }
}
