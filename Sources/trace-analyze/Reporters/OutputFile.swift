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

    /// The file `path` names once symbolic links are followed, also to a target not yet created
    /// (Foundation's `resolvingSymlinksInPath` stops at a dangling link).
    static func followingLinks(_ path: String) -> String {
        var current = path
        // A loop of links ends here too: the last path is used and the write then fails on it.
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { break }
            current = destination.hasPrefix("/")
                ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }

    /// Replaces `path` with `text` (written to a temporary file, then renamed).
    ///
    /// A symbolic link is followed, as a shell's `>` would: its target gets the text and the link
    /// stays a link (renaming onto the link itself would replace it with a plain file).
    static func write(_ text: String, to path: String, what: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: followingLinks(path)), options: .atomic)
        } catch {
            throw ToolError("\(path): cannot write the \(what) (\(error.localizedDescription))")
        }
    }
}
