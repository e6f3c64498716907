import Foundation

/// A folder a command writes a file per item into (`rules --markdown DIR`, `export --output DIR`
/// for ndjson and parquet): made when missing; anything else of that name (a file, a device, a
/// FIFO) is an error naming it, never replaced. The files inside are written by `FileOutput`.
enum OutputDirectory {
    /// Makes `path` a directory if it is not one yet (a link to a directory is used as it is);
    /// `option` and `usage` (what the option wants) are named in errors.
    static func prepare(_ path: String, for option: String) throws {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw ToolError("\(path): is \(kind(status.st_mode)), not a directory; \(option) needs a directory (created when missing)")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].map { ($0 as? NSError)?.localizedDescription ?? "\($0)" } ?? error.localizedDescription
            throw ToolError("\(path): cannot create the directory for \(option): \(reason)")
        }
    }

    /// What a path that is not a directory is, in a user's words.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a file"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "something else"
        }
    }
}
