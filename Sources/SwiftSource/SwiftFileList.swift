import Foundation

/// The Swift files a command reads: the files named, and the `.swift` files below each
/// directory named, in path order so that every run and every machine sees them alike.
/// Hidden directories (`.build`, `.git`) and Xcode's `DerivedData` are not entered, nor folders
/// of third-party code checked out by a dependency manager (`vendoredFolders`): `instrument`
/// must not rewrite a pod, and `lint` has nothing to say to its author. A folder named on the
/// command line is always read, whatever its name.
package enum SwiftFileList {
    /// Folder names that hold other people's code: CocoaPods' `Pods`, Carthage's `Carthage`
    /// (its `Checkouts`), Xcode's `SourcePackages` (packages checked out with
    /// `-clonedSourcePackagesDirPath`) and npm's `node_modules` (React Native apps).
    package static let vendoredFolders: Set<String> = ["Pods", "Carthage", "SourcePackages", "node_modules"]

    /// What a listing found: the files, and the vendored folders it did not enter.
    package struct Listing: Sendable, Equatable {
        package var files: [String] = []
        package var vendored: [String] = []
    }

    /// The files at or below `paths`; throws with `path: why` for a path that is not there.
    package static func paths(in paths: [String]) throws(SwiftFileListError) -> [String] {
        try listing(in: paths).files
    }

    /// The files at or below `paths` and the vendored folders passed over, each in path order.
    /// With `enteringVendored`, vendored folders are read like any other (`instrument --remove`
    /// takes out what any run inserted, wherever an older run put it).
    package static func listing(in paths: [String], enteringVendored: Bool = false) throws(SwiftFileListError) -> Listing {
        var listing = Listing()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw SwiftFileListError(description: "\(path): no such file or directory")
            }
            guard isDirectory.boolValue else {
                listing.files.append(path)
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: path) else {
                throw SwiftFileListError(description: "\(path): cannot list the directory")
            }
            var below: [String] = []
            var vendored: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || name == "DerivedData" {
                    enumerator.skipDescendants()
                    continue
                }
                if !enteringVendored, vendoredFolders.contains(name), isFolder((path as NSString).appendingPathComponent(relative)) {
                    vendored.append(relative)
                    enumerator.skipDescendants()
                    continue
                }
                if name.hasSuffix(".swift") { below.append(relative) }
            }
            let prefix = path == "." ? "" : (path.hasSuffix("/") ? path : path + "/")
            listing.files += below.sorted().map { prefix + $0 }
            listing.vendored += vendored.sorted().map { prefix + $0 }
        }
        return listing
    }
}

private func isFolder(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
}

/// A path that cannot be listed, as `path: why`.
package struct SwiftFileListError: Error, CustomStringConvertible {
    package let description: String
}
