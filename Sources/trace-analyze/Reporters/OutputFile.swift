import Foundation

/// A file a command writes its report to (`--output`, `--write-baseline`): checked before any
/// input is read, and replaced in one step so a reader never sees half of it.
enum OutputFile {
    /// Fails early when `path` cannot become a file: a directory, or in a missing directory.
    static func check(_ path: String, for option: String) throws -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ToolError("\(path): is a directory; \(option) needs a file path")
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) || !isDirectory.boolValue {
            throw ToolError("\(path): no such directory \(parent) for \(option)")
        }
        return path
    }

    /// Replaces `path` with `text` (written to a temporary file, then renamed).
    static func write(_ text: String, to path: String, what: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ToolError("\(path): cannot write the \(what) (\(error.localizedDescription))")
        }
    }
}
