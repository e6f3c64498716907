import Foundation

/// The module a Swift file is compiled into, as far as the files around it tell: after
/// `instrument`, every module whose files import TraceProbe needs the library, and an app may
/// have many (isowords' views sit in 24 SwiftPM targets). SwiftPM's default layout names the
/// target (`Sources/<Target>/…` below a `Package.swift`); Xcode's targets are read from the
/// project file, which lists each target's sources (`XcodeProjectTargets`). A SwiftPM target
/// with a custom `path:`, and a file the project file does not list, are named by their package
/// or project only.
package enum ModuleOfFile: Hashable, Sendable, Comparable {
    /// A target of the SwiftPM package whose `Package.swift` is in `package`.
    case swiftPMTarget(package: String, target: String)
    /// Somewhere in the package at `package`, outside `Sources/<Target>/`.
    case swiftPMPackage(package: String)
    /// A target of the Xcode project `project` (`App.xcodeproj`) whose sources include the file.
    case xcodeTarget(project: String, target: String)
    /// A file of the folder holding the Xcode project `project` that its project file does not
    /// name as any target's source.
    case xcodeProject(project: String)
    /// No manifest or project above it.
    case unknown

    /// The modules of the file at `path`: for a file of an Xcode project, every target that
    /// compiles it (an app and its widget may share a file); `projects` keeps each project file
    /// read once in a run.
    package static func modules(of path: String, projects: XcodeProjects) -> [ModuleOfFile] {
        let module = of(path)
        guard case .xcodeProject(let project) = module else { return [module] }
        let targets = projects.targets(of: project).targets(of: path)
        return targets.isEmpty ? [module] : targets.map { .xcodeTarget(project: project, target: $0) }
    }

    /// The module of the file at `path`: the nearest folder above it with a `Package.swift` or
    /// an `.xcodeproj`, the package first when one folder has both; the project, not its target.
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

/// The Xcode projects read in one run, each project file parsed once.
package final class XcodeProjects {
    private var read: [String: XcodeProjectTargets] = [:]

    package init() {}

    func targets(of project: String) -> XcodeProjectTargets {
        if let known = read[project] { return known }
        let targets = XcodeProjectTargets(project: project)
        read[project] = targets
        return targets
    }
}
