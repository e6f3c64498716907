import Foundation
import Testing

/// Every command that writes a file writes it one way, whatever the path names: a regular file
/// replaced in one step with its mode kept, a link followed to its target, `/dev/null`,
/// `/dev/stdout`, `-`, a FIFO and a socket written in place, a directory refused by name; as
/// root and as another user. Nothing of the system changes: `/dev/null` stays a device.
@Suite struct OutputTargetTests {
    /// A command that writes a file: `{out}` is the path under test; `{log}`, `{db}` and `{src}`
    /// are a log, a database and a folder of Swift sources in the workspace. `marker` is text the
    /// output holds.
    struct Writer: Sendable, CustomTestStringConvertible {
        let command: [String]
        let option: String
        let marker: String
        var setup: [[String]] = []
        var testDescription: String { command.prefix { !$0.hasPrefix("{") && !$0.hasPrefix("-") }.joined(separator: " ") + " " + option }
    }

    static let writers: [Writer] = [
        Writer(command: ["check", "{log}", "--output", "{out}"], option: "--output", marker: "non_lazy_navigation_destination"),
        Writer(command: ["check", "{log}", "--write-baseline", "{out}"], option: "--write-baseline", marker: "\"findings\""),
        Writer(command: ["check", "{log}", "--timeline", "{out}"], option: "--timeline", marker: "</html>"),
        Writer(command: ["timeline", "{log}", "--output", "{out}"], option: "--output", marker: "</html>"),
        Writer(command: ["export", "{log}", "--format", "chrome-trace", "--output", "{out}"], option: "--output", marker: "traceEvents"),
        Writer(command: ["report", "--db", "{db}", "--output", "{out}"], option: "--output", marker: "non_lazy_navigation_destination",
               setup: [["ingest", "{log}", "--db", "{db}"]]),
        Writer(command: ["watch", "{log}", "--no-follow", "--output", "{out}"], option: "--output", marker: "non_lazy_navigation_destination"),
        Writer(command: ["diff", "1", "2", "--db", "{db}", "--output", "{out}"], option: "--output", marker: "unchanged",
               setup: [["ingest", "{log}", "--db", "{db}"], ["ingest", "{log}", "--db", "{db}"]]),
        Writer(command: ["lint", "{src}", "--output", "{out}"], option: "--output", marker: "eager_navigation_destination"),
    ]

    /// True when the tests can run the tool as another user (`nobody`, through setpriv).
    static let canSwitchUser = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    @Test(arguments: writers, [false, true])
    func everyKindOfTarget(writer: Writer, otherUser: Bool) throws {
        // Not root: the tool already runs as a user who is not root, the first case.
        guard !otherUser || Self.canSwitchUser else { return }
        let workspace = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        let kinds = OutputTargetKind.allCases.filter { $0 != .linkIntoLockedFolder || otherUser }
        for kind in kinds {
            try check(writer, kind, in: workspace, otherUser: otherUser)
        }
        #expect(Self.isCharacterDevice("/dev/null"), "/dev/null is still a character device")
    }

    private func check(_ writer: Writer, _ kind: OutputTargetKind, in root: String, otherUser: Bool) throws {
        let directory = (root as NSString).appendingPathComponent(kind.rawValue.filter { $0.isLetter })
        try Self.makeFolder(directory)
        let target = try PreparedTarget(kind, in: directory, otherUser: otherUser)
        let before = try Self.listing(directory)
        let place = [
            "{out}": target.path, "{log}": (root as NSString).appendingPathComponent("app.log"),
            "{db}": (root as NSString).appendingPathComponent("t.sqlite"), "{src}": (root as NSString).appendingPathComponent("src"),
        ]
        let fill = { (arguments: [String]) in arguments.map { place[$0] ?? $0 } }
        let result = try Self.run(fill(writer.command), in: directory, otherUser: otherUser)
        let received = target.finish()
        let label = "\(writer.testDescription) onto \(kind.rawValue)\(otherUser ? " as nobody" : ""): \(result.stderr)"
        switch kind {
        case .directory:
            #expect(result.status == 1, "\(label)")
            #expect(result.stderr == "trace-analyze: error: \(target.path): is a directory; \(writer.option) needs a file path\n", "\(label)")
        case .linkIntoLockedFolder:
            let folder = (target.file! as NSString).deletingLastPathComponent
            #expect(result.status == 1, "\(label)")
            #expect(result.stderr.contains("\(target.path): is a link to \(target.file!), but its folder \(folder) is not writable"), "\(label)")
            #expect(try String(contentsOfFile: target.file!, encoding: .utf8) == "old\n", "\(label): the target is left as it was")
        case .devNull, .linkToDevice:
            #expect([0, 2].contains(result.status), "\(label)")
            #expect(Self.isCharacterDevice("/dev/null"), "\(label)")
            if kind == .linkToDevice { #expect(Self.fileType(target.path) == S_IFLNK, "\(label): the link stays a link") }
        case .devStdout, .dash:
            #expect([0, 2].contains(result.status), "\(label)")
            #expect(result.stdout.contains(writer.marker), "\(label)")
        case .fifo, .socket:
            #expect([0, 2].contains(result.status), "\(label)")
            #expect(received.contains(writer.marker), "\(label): what the reader got")
            #expect(Self.fileType(target.path) == (kind == .fifo ? S_IFIFO : S_IFSOCK), "\(label): still a \(kind == .fifo ? "FIFO" : "socket")")
        case .newFile, .regularFile, .link, .danglingLink:
            #expect([0, 2].contains(result.status), "\(label)")
            let file = try #require(target.file)
            #expect(Self.fileType(file) == S_IFREG, "\(label)")
            #expect(((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").contains(writer.marker), "\(label)")
            if kind == .link || kind == .danglingLink {
                #expect(Self.fileType(target.path) == S_IFLNK, "\(label): the link stays a link")
            }
            if kind == .regularFile || kind == .link {
                let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
                #expect(mode == OutputTargetKind.existingMode(otherUser: otherUser), "\(label): its mode is kept")
            }
        }
        // Nothing else appears beside the target: no temporary file left, no file named `-`.
        var expected = before
        if kind == .newFile { expected.insert("new.out") }
        if kind == .danglingLink { expected.insert("later/first.out") }
        #expect(try Self.listing(directory) == expected, "\(label)")
    }

    /// `instrument` rewrites sources through the same writer: a file is replaced in one step
    /// with its mode kept, a link is followed and its target rewritten (the link stays a link),
    /// a link into a folder the user cannot write is refused by name; a dangling link, a FIFO
    /// and a link to /dev/null are not sources and are never opened. As root and as nobody.
    @Test(arguments: [false, true])
    func instrumentRewritesSourcesThroughTheOneWriter(otherUser: Bool) throws {
        guard !otherUser || Self.canSwitchUser else { return }
        let workspace = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        let view = "import SwiftUI\nstruct Card: View {\n    var body: some View {\n        Text(\"card\")\n    }\n}\n"
        let kinds: [OutputTargetKind] = [.regularFile, .link, .danglingLink, .linkToDevice, .fifo] + (otherUser ? [.linkIntoLockedFolder] : [])
        for kind in kinds {
            let directory = (workspace as NSString).appendingPathComponent("instrument-" + kind.rawValue.filter { $0.isLetter })
            try Self.makeFolder(directory)
            let target = try PreparedTarget(kind, in: directory, otherUser: otherUser)
            if let file = target.file, kind != .danglingLink {
                let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions]
                try Data(view.utf8).write(to: URL(fileURLWithPath: file))
                try FileManager.default.setAttributes([.posixPermissions: mode as Any], ofItemAtPath: file)
            }
            let before = try Self.listing(directory)
            let result = try Self.run(["instrument", target.path], in: directory, otherUser: otherUser)
            let received = target.finish()
            let label = "instrument \(kind.rawValue)\(otherUser ? " as nobody" : ""): \(result.stderr)"
            // A dangling link named on the command line is a path that is not there, as for any
            // command (in a folder, it is passed over with a warning: InstrumentSafetyTests).
            #expect(result.status == (kind == .danglingLink ? 1 : 0), "\(label)")
            switch kind {
            case .regularFile, .link:
                let file = try #require(target.file)
                #expect(try String(contentsOfFile: file, encoding: .utf8).contains("ViewProbe(Card.self)"), "\(label)")
                #expect(result.stderr.contains("instrument changed 1 of 1 Swift file"), "\(label)")
                let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
                #expect(mode == OutputTargetKind.existingMode(otherUser: otherUser), "\(label): its mode is kept")
                if kind == .link { #expect(Self.fileType(target.path) == S_IFLNK, "\(label): the link stays a link") }
            case .danglingLink:
                #expect(result.stderr == "trace-analyze: error: \(target.path): no such file or directory\n", "\(label)")
                #expect(!FileManager.default.fileExists(atPath: target.file!), "\(label): nothing is made")
            case .linkToDevice:
                #expect(result.stderr.contains("\(target.path): is a link to /dev/null, which is not a regular file"), "\(label)")
                #expect(Self.isCharacterDevice("/dev/null"), "\(label)")
            case .fifo:
                #expect(result.stderr.contains("\(target.path): is not a regular file"), "\(label)")
                #expect(received.isEmpty && Self.fileType(target.path) == S_IFIFO, "\(label): never opened, still a FIFO")
            case .linkIntoLockedFolder:
                let folder = (target.file! as NSString).deletingLastPathComponent
                #expect(result.stderr.contains("\(target.path): is a link to \(target.file!), but its folder \(folder) is not writable"), "\(label)")
                #expect(try String(contentsOfFile: target.file!, encoding: .utf8) == view, "\(label): the target is left as it was")
            default:
                break
            }
            #expect(try Self.listing(directory) == before, "\(label): no temporary file left, nothing made")
        }
        #expect(Self.isCharacterDevice("/dev/null"), "/dev/null is still a character device")
    }

    /// Commands that write a file per item into a folder: a folder is made or used, a link to a
    /// folder is used, a page that is a link is written through it, and a device or a file of
    /// the folder's name is an error naming what it is, left as it was.
    @Test(arguments: [["rules", "--markdown", "{dir}"], ["export", "--db", "{db}", "--format", "ndjson", "--output", "{dir}"]])
    func folderWriters(command: [String]) throws {
        let workspace = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        let option = command.contains("--markdown") ? "--markdown" : "--output"
        let page = option == "--markdown" ? "README.md" : "events.ndjson"
        func run(_ folder: String) throws -> Tool.Result {
            let place = ["{dir}": folder, "{db}": (workspace as NSString).appendingPathComponent("t.sqlite")]
            return try Tool.run(command.map { place[$0] ?? $0 }, in: URL(fileURLWithPath: workspace))
        }
        let manager = FileManager.default
        try manager.createDirectory(atPath: workspace + "/out", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: workspace + "/kept", withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: workspace + "/out/" + page, withDestinationPath: "../kept/page")
        try manager.createSymbolicLink(atPath: workspace + "/linked", withDestinationPath: "out")
        for folder in ["out", "linked", "new/deeper"] {
            let result = try run(folder)
            #expect(result.status == 0, "\(folder): \(result.stderr)")
        }
        #expect(Self.fileType(workspace + "/out/" + page) == S_IFLNK, "the page that is a link stays one")
        #expect(Self.fileType(workspace + "/kept/page") == S_IFREG)
        #expect(manager.fileExists(atPath: workspace + "/new/deeper/" + page))
        let device = try run("/dev/null")
        #expect(device.status == 1)
        #expect(device.stderr.contains("/dev/null") && device.stderr.contains("is a character device"), "got: \(device.stderr)")
        #expect(Self.isCharacterDevice("/dev/null"))
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: workspace + "/file"))
        let file = try run("file")
        #expect(file.status == 1)
        #expect(file.stderr.contains("is a file"), "got: \(file.stderr)")
        #expect(try String(contentsOfFile: workspace + "/file", encoding: .utf8) == "mine\n")
    }

    /// Commands that print only to stdout write wherever the shell points it, /dev/null or a
    /// FIFO, and change nothing there.
    @Test(arguments: [["schema"], ["completions", "bash"], ["man"], ["rules"]])
    func stdoutWritersIntoDevicesAndFIFOs(command: [String]) throws {
        let null = try #require(FileHandle(forWritingAtPath: "/dev/null"))
        let quiet = try Tool.run(command, standardOutput: null)
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(Self.isCharacterDevice("/dev/null"))
        let workspace = try Workspace()
        let fifo = try PreparedTarget(.fifo, in: workspace.url.path, otherUser: false)
        let handle = try #require(FileHandle(forWritingAtPath: fifo.path))
        let piped = try Tool.run(command, standardOutput: handle)
        try handle.close()
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(!fifo.finish().isEmpty, "the FIFO's reader got the output")
    }

    /// A workspace any user may write, holding the log, a database of it twice and Swift sources.
    private static func workspace() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("trace-analyze-targets-\(UUID().uuidString)").path
        try makeFolder(root)
        let log = (root as NSString).appendingPathComponent("app.log")
        try FileManager.default.copyItem(atPath: Tool.fixture("seeds/004-navigation-eager.log"), toPath: log)
        let db = (root as NSString).appendingPathComponent("t.sqlite")
        for _ in 0..<2 { try Tool.run(["ingest", log, "--db", db]) }
        try FileManager.default.copyItem(atPath: Tool.fixture("sources/004-navigation"), toPath: (root as NSString).appendingPathComponent("src"))
        return root
    }

    private static func makeFolder(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: path)
    }

    /// Runs the tool in `directory`, as `nobody` when `otherUser`.
    static func run(_ arguments: [String], in directory: String, otherUser: Bool) throws -> Tool.Result {
        let folder = URL(fileURLWithPath: directory)
        guard otherUser else { return try Tool.run(arguments, in: folder) }
        return try Tool.run(["--reuid=65534", "--regid=65534", "--clear-groups", Tool.executable.path] + arguments,
                            in: folder, program: URL(fileURLWithPath: "/usr/bin/setpriv"))
    }

    /// Every path below `directory`, relative to it.
    static func listing(_ directory: String) throws -> Set<String> {
        Set(FileManager.default.enumerator(atPath: directory).map { $0.compactMap { $0 as? String } } ?? [])
    }

    /// The S_IFMT bits of what `path` names, the link itself for a link.
    static func fileType(_ path: String) -> mode_t {
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        return status.st_mode & S_IFMT
    }

    static func isCharacterDevice(_ path: String) -> Bool { fileType(path) == S_IFCHR }
}
