import Foundation

/// The Swift files a command reads: the files named, and the `.swift` files below each
/// directory named, in path order so that every run and every machine sees them alike.
/// Hidden directories (`.build`, `.git`) and Xcode's `DerivedData` are not entered.
package enum SwiftFileList {
    /// The files at or below `paths`; throws with `path: why` for a path that is not there.
    package static func paths(in paths: [String]) throws(SwiftFileListError) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SwiftFileListError(description: "\(path): no such file or directory")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: path) else {
                throw SwiftFileListError(description: "\(path): cannot list the directory")
            }
            var below: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || name == "DerivedData" {
                    enumerator.skipDescendants()
                    continue
                }
                if name.hasSuffix(".swift") { below.append(relative) }
            }
            let prefix = path == "." ? "" : (path.hasSuffix("/") ? path : path + "/")
            files += below.sorted().map { prefix + $0 }
        }
        return files
    }
}

/// A path that cannot be listed, as `path: why`.
package struct SwiftFileListError: Error, CustomStringConvertible {
    package let description: String
}
