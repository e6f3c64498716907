import Foundation
import Testing
import SwiftSource
@testable import TraceInstrument

/// instrument is as careful with files as a formatter: what it cannot follow it leaves as it is
/// with one line saying why, it follows a link to the file it names, never writes a read-only
/// file, and what it writes keeps the file's permissions.
@Suite struct InstrumentSafetyTests {
    static let view = "import SwiftUI\nstruct Card: View {\n    var body: some View {\n        Text(\"card\")\n    }\n}\n"

    /// Each hostile file: left byte for byte as it was, one reason, and the good file beside it
    /// still instrumented.
    @Test func hostileSourcesGiveOneLineEachAndNoChange() throws {
        var latin1 = Array(Self.view.utf8)
        latin1.insert(0xE9, at: 40)  // `é` in Latin-1: not UTF-8
        let hostile: [String: [UInt8]] = [
            "Unbalanced.swift": Array("struct Open: View {\n    var body: some View {\n        Text(\"x\")\n    }\n".utf8),
            "Closing.swift": Array("struct Shut: View { var body: some View { Text(\"x\") } } }\n".utf8),
            "Nested.swift": Array("let x = ".utf8) + Array(repeating: UInt8(ascii: "("), count: 100_000) + Array(repeating: UInt8(ascii: ")"), count: 100_000) + [10],
            "Binary.swift": (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) },
            "Latin1.swift": latin1,
            "LongLine.swift": Array(Self.view.utf8) + Array("let s = \"".utf8) + Array(repeating: UInt8(ascii: "a"), count: 50 << 20) + Array("\"\n".utf8),
            "LoneCR.swift": Array(Self.view.replacingOccurrences(of: "\n", with: "\r").utf8),
        ]
        let scratch = try Scratch([:])
        defer { scratch.remove() }
        for (path, bytes) in hostile { try scratch.write(path, bytes) }
        try scratch.write("Good.swift", Array(Self.view.utf8))
        let report = try scratch.run()
        let reasons = Dictionary(grouping: report.skipped, by: { ($0.path as NSString).lastPathComponent })
        #expect(Set(reasons.keys) == Set(hostile.keys), "\(report.skipped)")
        for (name, skipped) in reasons {
            #expect(skipped.count == 1, "\(name): \(skipped)")
            #expect(!(skipped.first?.reason.contains("\n") ?? true), "\(name): one line")
            #expect(try scratch.bytes(name) == hostile[name], "\(name) changed")
        }
        #expect(reasons["Unbalanced.swift"]?.first?.reason == "1:19: '{' is never closed; brackets must pair up to rewrite a file")
        #expect(reasons["Closing.swift"]?.first?.reason == "1:57: '}' closes nothing; brackets must pair up to rewrite a file")
        #expect(reasons["Nested.swift"]?.first?.reason == "1:1009: brackets nest more than 1000 deep; brackets must pair up to rewrite a file")
        #expect(reasons["Binary.swift"]?.first?.reason == "holds NUL bytes: binary, not Swift text")
        #expect(reasons["Latin1.swift"]?.first?.reason == "byte 40 is not UTF-8: Swift sources are UTF-8 text")
        #expect(reasons["LongLine.swift"]?.first?.reason.hasPrefix("line 7 is 52428810 bytes long (over 1048576)") == true)
        #expect(reasons["LoneCR.swift"]?.first?.reason == "line 1 ends in a lone CR: only LF and CRLF line ends are rewritten")
        #expect(report.changed.map { ($0 as NSString).lastPathComponent } == ["Good.swift"])
        #expect(try scratch.text("Good.swift").contains("ViewProbe(Card.self)"))
    }

    /// A link is followed, as every writer of the tool follows one: the file it names is
    /// rewritten in one step with its permissions kept and the link stays a link. A file reached
    /// under two names is changed once, under its own; a dangling link, a FIFO and a read-only
    /// file are left as they are, each with its reason.
    @Test func linksAreFollowedAndReadOnlyFilesLeftAlone() throws {
        let scratch = try Scratch(["App/Target.swift": Self.view, "App/ReadOnly.swift": Self.view, "App/Nothing.swift": "let answer = 42\n",
                                   "Shared/Outside.swift": Self.view.replacingOccurrences(of: "Card", with: "Outside")])
        defer { scratch.remove() }
        let app = scratch.url.appendingPathComponent("App").path
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: app + "/Link.swift", withDestinationPath: "Target.swift")
        try manager.createSymbolicLink(atPath: app + "/Shared.swift", withDestinationPath: "../Shared/Outside.swift")
        try manager.createSymbolicLink(atPath: app + "/Dangling.swift", withDestinationPath: "Gone.swift")
        #expect(mkfifo(app + "/Pipe.swift", 0o644) == 0)
        try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: app + "/ReadOnly.swift")
        try manager.setAttributes([.posixPermissions: 0o640], ofItemAtPath: app + "/Target.swift")
        try manager.setAttributes([.posixPermissions: 0o604], ofItemAtPath: scratch.url.appendingPathComponent("Shared/Outside.swift").path)
        let report = try Instrumenter().run(paths: [app])
        #expect(report.skipped.map { "\(($0.path as NSString).lastPathComponent): \($0.reason)" }.sorted() == [
            "Dangling.swift: is a link to Gone.swift, which does not exist",
            "Link.swift: is a link to \(app)/Target.swift, which is read under its own name",
            "Pipe.swift: is not a regular file (a device, FIFO, socket or folder); only source files are rewritten",
            "ReadOnly.swift: is read-only; left as it was (it would have changed)",
        ])
        #expect(try scratch.text("App/ReadOnly.swift") == Self.view)
        #expect(report.changed.map { ($0 as NSString).lastPathComponent } == ["Shared.swift", "Target.swift"])
        // Written through a temporary file and a rename: the permissions are the file's own,
        // and no temporary file is left beside it.
        for (file, mode) in [("App/Target.swift", 0o640), ("Shared/Outside.swift", 0o604)] {
            let attributes = try manager.attributesOfItem(atPath: scratch.url.appendingPathComponent(file).path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == mode, "\(file)")
            #expect(try scratch.text(file).contains("ViewProbe("), "\(file) is instrumented")
        }
        #expect(try manager.contentsOfDirectory(atPath: app).sorted() == ["Dangling.swift", "Link.swift", "Nothing.swift", "Pipe.swift", "ReadOnly.swift", "Shared.swift", "Target.swift"])
        #expect(try manager.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("Shared").path) == ["Outside.swift"])
        // The links still point where they did, as links, and the FIFO is still a FIFO.
        #expect(try manager.destinationOfSymbolicLink(atPath: app + "/Link.swift") == "Target.swift")
        #expect(try manager.destinationOfSymbolicLink(atPath: app + "/Shared.swift") == "../Shared/Outside.swift")
        var status = stat()
        #expect(lstat(app + "/Pipe.swift", &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        // --remove gives the link's target back, through the link.
        try Instrumenter(action: .remove).run(paths: [app])
        #expect(try scratch.text("Shared/Outside.swift") == Self.view.replacingOccurrences(of: "Card", with: "Outside"))
        #expect(try scratch.text("App/Target.swift") == Self.view)
    }

    /// A name in backticks that is not a plain identifier (a raw identifier such as `{`, or a
    /// backtick never closed) is never read as the punctuation inside it: the swift fuzz target
    /// found `struct d: View`{` (a struct whose "opening brace" was that name) crashing
    /// instrument. Such a struct has no body to instrument; `default` in backticks is still a name.
    @Test func aBacktickedBraceIsANameNotABrace() throws {
        for source in ["{struct d:View`{\n{{{{}}}}}", "struct E: View`{`\n{ }\n", "struct F: View `{` { var body: some View { Text(\"f\") } }\n"] {
            let tokens = SwiftTokenizer.tokens(Array(source.utf8))
            #expect(!tokens.contains { $0.isIdentifier && ["{", "}", "(", ")", "[", "]", ":"].contains($0.text) }, "\(source)")
            #expect(try instrumented(source) == source, "\(source)")
        }
        #expect(SwiftTokenizer.tokens(Array("case `default`:".utf8)).map(\.text) == ["case", "default", ":"])
    }

    /// Third-party code a dependency manager checked out (a pod, a Carthage checkout, Xcode's
    /// package checkouts) is not the user's to instrument: those folders are named and not
    /// entered, unless named on the command line; `--remove` still enters them, to take out what
    /// an older run may have put there. A folder of the user's own named like them (`MyPods`) is read.
    @Test func foldersOfThirdPartyCodeAreNotEntered() throws {
        let scratch = try Scratch([
            "App/Card.swift": Self.view,
            "Pods/Alamofire/Source/Card.swift": Self.view,
            "Carthage/Checkouts/Lib/Card.swift": Self.view,
            "DerivedData/SourcePackages/checkouts/Lib/Card.swift": Self.view,
            "build/SourcePackages/checkouts/Lib/Card.swift": Self.view,
            "MyPods/Card.swift": Self.view,
        ])
        defer { scratch.remove() }
        let report = try scratch.run()
        #expect(report.changed.map { String($0.dropFirst(scratch.url.path.count + 1)) } == ["App/Card.swift", "MyPods/Card.swift"])
        #expect(report.vendored.map { String($0.dropFirst(scratch.url.path.count + 1)) } == ["Carthage", "Pods", "build/SourcePackages"])
        #expect(try scratch.text("Pods/Alamofire/Source/Card.swift") == Self.view)
        // Named, a vendored folder is read like any other.
        let named = try Instrumenter().run(paths: [scratch.url.appendingPathComponent("Pods").path])
        #expect(named.changed.count == 1 && named.vendored.isEmpty)
        // --remove enters every folder and gives every file back.
        let removed = try scratch.run(.remove)
        #expect(removed.vendored.isEmpty)
        #expect(try scratch.text("Pods/Alamofire/Source/Card.swift") == Self.view)
        #expect(try scratch.text("App/Card.swift") == Self.view)
    }

    /// A view whose struct is in a read-only file keeps its body in another file unmeasured:
    /// the token it would read cannot be added.
    @Test func aBodyWhoseStructCannotHoldTheTokenIsLeftAlone() throws {
        let scratch = try Scratch([
            "Locked.swift": "struct Locked {\n    let title: String\n}\n",
            "Locked+View.swift": "import SwiftUI\nextension Locked: View {\n    var body: some View {\n        Text(title)\n    }\n}\n",
        ])
        defer { scratch.remove() }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: scratch.url.appendingPathComponent("Locked.swift").path)
        let report = try scratch.run()
        #expect(report.changed.isEmpty && report.skipped.isEmpty, "\(report)")
        #expect(try scratch.text("Locked+View.swift").contains("traceProbe") == false)
    }

    @Test func aDryRunChangesNothingAndPrintsAUnifiedDiff() throws {
        let scratch = try Scratch(["Card.swift": Self.view])
        defer { scratch.remove() }
        let report = try scratch.run(dryRun: true)
        #expect(try scratch.text("Card.swift") == Self.view)
        let path = scratch.url.appendingPathComponent("Card.swift").path
        let m = " // trace-analyze:instrument"
        #expect(report.diff == """
        --- \(path)
        +++ \(path)
        @@ -1,6 +1,18 @@
         import SwiftUI
        +#if DEBUG\(m)
        +import TraceProbe\(m)
        +#endif\(m)
         struct Card: View {
             var body: some View {
        +        #if DEBUG\(m)
        +        let _ = traceProbe.bodyBegins()\(m)
        +        #endif\(m)
                 Text("card")
        +        #if DEBUG\(m)
        +        .probeBodyEnds(traceProbe)\(m)
        +        #endif\(m)
             }
        +    #if DEBUG\(m)
        +    @State private var traceProbe = ViewProbe(Card.self)\(m)
        +    #endif\(m)
         }

        """)
        #expect(report.changed == [path])
        // Applied with patch, the diff gives what instrument writes.
        try scratch.run()
        let written = try scratch.text("Card.swift")
        #expect(written.components(separatedBy: "\n").count == 19)
        let back = try scratch.run(.remove, dryRun: true)
        #expect(back.diff.contains("-    @State private var traceProbe = ViewProbe(Card.self)\(m)\n"))
    }

    @Test func aPathThatIsNotThereIsAnError() {
        #expect(throws: InstrumentRefusal("/no/such/place: no such file or directory")) {
            try Instrumenter().run(paths: ["/no/such/place"])
        }
    }
}
