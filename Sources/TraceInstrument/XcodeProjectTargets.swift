import Foundation

/// Which targets of an Xcode project compile which files, read from its `project.pbxproj`: as
/// much of the project file as that takes, and no more. Each target's sources are the files of
/// its Sources build phase (file references resolved through their groups to paths), and, in
/// Xcode 16's folder-synchronised projects, every file below its synchronised folders but the
/// ones an exception set takes out of it.
///
/// A project file that cannot be read names no target; the caller then names the project only.
struct XcodeProjectTargets {
    /// Target names by the absolute, standardised path of each source file listed.
    private var filesTargets: [String: [String]] = [:]
    /// Synchronised folders (absolute, standardised) with the target they feed and the paths
    /// below them that the target leaves out.
    private var folders: [(folder: String, target: String, excluded: Set<String>)] = []

    /// The targets of the project at `project` (`App.xcodeproj`); empty when its file is unreadable.
    init(project: String) {
        let file = (project as NSString).appendingPathComponent("project.pbxproj")
        guard let data = FileManager.default.contents(atPath: file),
              case .dictionary(let top)? = OldStylePlist.parse(Array(data)),
              case .dictionary(let objects)? = top["objects"],
              let rootID = top["rootObject"]?.string,
              let root = objects[rootID]?.dictionary
        else { return }
        let projectFolder = Self.standard((project as NSString).deletingLastPathComponent)
        let base = root["projectDirPath"]?.string.map { $0.isEmpty ? projectFolder : Self.join(projectFolder, $0) } ?? projectFolder
        // Every file reference's and group's path, walking the groups from the main group.
        var paths: [String: String] = [:]
        func walk(_ id: String, parent: String) {
            guard let object = objects[id]?.dictionary else { return }
            let path = Self.path(of: object, parent: parent, base: base)
            if let path { paths[id] = path }
            for child in object["children"]?.array ?? [] {
                if let child = child.string { walk(child, parent: path ?? parent) }
            }
        }
        if let main = root["mainGroup"]?.string { walk(main, parent: base) }
        for case .string(let targetID) in root["targets"]?.array ?? [] {
            guard let target = objects[targetID]?.dictionary, let name = target["name"]?.string else { continue }
            for case .string(let phaseID) in target["buildPhases"]?.array ?? [] {
                guard let phase = objects[phaseID]?.dictionary, phase["isa"]?.string == "PBXSourcesBuildPhase" else { continue }
                for case .string(let buildFileID) in phase["files"]?.array ?? [] {
                    guard let reference = objects[buildFileID]?.dictionary?["fileRef"]?.string, let path = paths[reference] else { continue }
                    filesTargets[path, default: []].append(name)
                }
            }
            for case .string(let groupID) in target["fileSystemSynchronizedGroups"]?.array ?? [] {
                guard let folder = paths[groupID], let group = objects[groupID]?.dictionary else { continue }
                var excluded: Set<String> = []
                for case .string(let exceptionID) in group["exceptions"]?.array ?? [] {
                    guard let exception = objects[exceptionID]?.dictionary, exception["target"]?.string == targetID else { continue }
                    for case .string(let relative) in exception["membershipExceptions"]?.array ?? [] {
                        excluded.insert(Self.join(folder, relative))
                    }
                }
                folders.append((folder, name, excluded))
            }
        }
    }

    /// The targets whose sources include the file at `path`, in the project's order; empty when
    /// the project does not list it.
    func targets(of path: String) -> [String] {
        let file = Self.standard(path)
        var names = filesTargets[file] ?? []
        for entry in folders where file.hasPrefix(entry.folder + "/") && !entry.excluded.contains(file) && !names.contains(entry.target) {
            names.append(entry.target)
        }
        return names
    }

    /// Where a group or file reference is, by its `sourceTree`; nil for one that names no folder
    /// of the project (a group without a path, a built product, an SDK's file).
    private static func path(of object: [String: OldStylePlist], parent: String, base: String) -> String? {
        let path = object["path"]?.string
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>": return path.map { join(parent, $0) }
        case "SOURCE_ROOT": return path.map { join(base, $0) }
        case "<absolute>": return path.map(standard)
        default: return nil
        }
    }

    private static func join(_ folder: String, _ path: String) -> String {
        standard(path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path))
    }

    static func standard(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}

/// A value of an old-style (NeXTSTEP) property list, the format of `project.pbxproj`:
/// `{ key = value; }`, `( a, b, )`, quoted or bare strings, `/* comments */`.
enum OldStylePlist: Equatable {
    case string(String)
    case array([OldStylePlist])
    case dictionary([String: OldStylePlist])

    var string: String? { if case .string(let value) = self { value } else { nil } }
    var array: [OldStylePlist]? { if case .array(let value) = self { value } else { nil } }
    var dictionary: [String: OldStylePlist]? { if case .dictionary(let value) = self { value } else { nil } }

    /// The value `bytes` hold, or nil where they are not an old-style property list.
    static func parse(_ bytes: [UInt8]) -> OldStylePlist? {
        var reader = Reader(bytes: bytes)
        // A project file nests a few levels; a hostile one gets no further than this.
        return reader.value(depth: 0)
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 32 || byte == 9 || byte == 10 || byte == 13 {
                    index += 1
                } else if byte == 47, index + 1 < bytes.count, bytes[index + 1] == 42 {  // /*
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == 42 && bytes[index + 1] == 47) { index += 1 }
                    index = min(index + 2, bytes.count)
                } else if byte == 47, index + 1 < bytes.count, bytes[index + 1] == 47 {  // //
                    while index < bytes.count, bytes[index] != 10 { index += 1 }
                } else {
                    return
                }
            }
        }

        mutating func value(depth: Int) -> OldStylePlist? {
            guard depth < 64 else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case 123:  // {
                index += 1
                var members: [String: OldStylePlist] = [:]
                while true {
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == 125 { index += 1; return .dictionary(members) }
                    guard case .string(let key)? = value(depth: depth + 1) else { return nil }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == 61 else { return nil }  // =
                    index += 1
                    guard let member = value(depth: depth + 1) else { return nil }
                    members[key] = member
                    skipSpace()
                    guard index < bytes.count, bytes[index] == 59 else { return nil }  // ;
                    index += 1
                }
            case 40:  // (
                index += 1
                var items: [OldStylePlist] = []
                while true {
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == 41 { index += 1; return .array(items) }
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipSpace()
                    if index < bytes.count, bytes[index] == 44 { index += 1 }  // ,
                }
            case 34:  // "
                index += 1
                var text: [UInt8] = []
                while index < bytes.count, bytes[index] != 34 {
                    if bytes[index] == 92, index + 1 < bytes.count {
                        index += 1
                        switch bytes[index] {
                        case 110: text.append(10)
                        case 116: text.append(9)
                        default: text.append(bytes[index])
                        }
                    } else {
                        text.append(bytes[index])
                    }
                    index += 1
                }
                guard index < bytes.count else { return nil }
                index += 1
                return .string(String(decoding: text, as: UTF8.self))
            default:
                let start = index
                while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
                guard index > start else { return nil }
                return .string(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }

        /// A byte of an unquoted string: letters, digits and `_$+/:.-`.
        static func isBare(_ byte: UInt8) -> Bool {
            switch byte {
            case 48...57, 65...90, 97...122, 95, 36, 43, 47, 58, 46, 45: true
            default: false
            }
        }
    }
}
