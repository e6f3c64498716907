import Foundation

/// The module a Swift file is compiled into, as far as the files around it tell: after
/// `instrument`, every module whose files import TraceProbe needs the library, and an app may
/// have many (isowords' views sit in 24 SwiftPM targets). SwiftPM's default layout names the
/// target (`Sources/<Target>/…` below a `Package.swift`); a target with a custom `path:`, and
/// Xcode's targets (the project file lists them, not the folders), are named by their package
/// or project only.
package enum ModuleOfFile: Hashable, Sendable, Comparable {
    /// A target of the SwiftPM package whose `Package.swift` is in `package`.
    case swiftPMTarget(package: String, target: String)
    /// Somewhere in the package at `package`, outside `Sources/<Target>/`.
    case swiftPMPackage(package: String)
    /// A file of the folder holding the Xcode project `project` (`App.xcodeproj`).
    case xcodeProject(project: String)
    /// No manifest or project above it.
    case unknown

    /// The module of the file at `path`: the nearest folder above it with a `Package.swift` or
    /// an `.xcodeproj`, the package first when one folder has both.
    package static func of(_ path: String) -> ModuleOfFile {
        var folder = (path as NSString).deletingLastPathComponent
        var below: [String] = [(path as NSString).lastPathComponent]
        while true {
            let name = folder.isEmpty ? "." : folder
            if FileManager.default.fileExists(atPath: (name as NSString).appendingPathComponent("Package.swift")) {
                if below.count >= 3, below[below.count - 1] == "Sources" { return .swiftPMTarget(package: name, target: below[below.count - 2]) }
                return .swiftPMPackage(package: name)
            }
            if let project = (try? FileManager.default.contentsOfDirectory(atPath: name))?.sorted().first(where: { $0.hasSuffix(".xcodeproj") }) {
                return .xcodeProject(project: (name as NSString).appendingPathComponent(project))
            }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || folder.isEmpty || folder == "/" || folder == "." { return .unknown }
            below.append((folder as NSString).lastPathComponent)
            folder = parent
        }
    }
}
