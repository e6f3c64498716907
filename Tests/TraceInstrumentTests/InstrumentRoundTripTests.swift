import Foundation
import SwiftSource
import Testing
@testable import TraceInstrument

/// On every Swift file under `fixtures/`: instrumenting and removing gives the file back byte
/// for byte, instrumenting twice changes nothing the second time, and what is inserted still
/// reads as Swift whose brackets pair.
@Suite struct InstrumentRoundTripTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures").path

    static func swiftFiles() throws -> [String] {
        try SwiftFileList.paths(in: [fixtures])
    }

    @Test func everyFixtureComesBackByteForByteAndASecondRunChangesNothing() throws {
        let paths = try Self.swiftFiles()
        #expect(paths.count >= 30, "\(paths.count) Swift files under fixtures/")
        var instrumentedFiles = 0
        for options in [InstrumentOptions(), InstrumentOptions(mode: .printChanges)] {
            for path in paths {
                let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                let once = try instrumented(bytes: original, path: path, options: options)
                if once != original { instrumentedFiles += 1 }
                #expect(InstrumentMarker.removed(from: once) == original, "\(path): --remove does not give the file back")
                #expect(try instrumented(bytes: once, path: path, options: options) == once, "\(path): a second run changed it")
                // What was inserted pairs its brackets too.
                #expect(throws: Never.self) { try SwiftBrackets(SwiftTokenizer.tokens(once)) }
            }
        }
        #expect(instrumentedFiles >= 30, "\(instrumentedFiles) instrumented in the two modes")
    }

    /// The whole tree through the instrumenter, as the command runs it: files changed and
    /// removed on disk, every one back as it was.
    /// A stop request (a signal) between files: the files written before it are whole, those
    /// after it untouched, nothing else lies beside them, and a second run finishes the job.
    @Test func aRunStoppedBetweenFilesLeavesEachFileWholeOrAsItWas() throws {
        var files: [String: String] = [:]
        for index in 0..<6 {
            files["App/Screen\(index).swift"] = "import SwiftUI\n\nstruct Screen\(index): View {\n    var body: some View {\n        Text(\"\(index)\")\n    }\n}\n"
        }
        let scratch = try Scratch(files)
        defer { scratch.remove() }
        let whole = try Scratch(files)
        defer { whole.remove() }
        try whole.run()
        var asked = 0
        let stopped = try Instrumenter().run(paths: [scratch.url.path]) {
            asked += 1
            return asked > 3
        }
        #expect(stopped.changed.count == 3)
        #expect(stopped.stoppedBefore != nil)
        var written = 0
        for path in files.keys {
            let now = try scratch.bytes(path)
            if now == (try whole.bytes(path)) { written += 1 } else { #expect(now == Array(files[path]!.utf8), "\(path) is half-written") }
        }
        #expect(written == 3)
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("App").path)
        #expect(left.sorted() == files.keys.map { String($0.dropFirst(4)) }.sorted())
        let finished = try scratch.run()
        #expect(finished.changed.count == 3)
        for path in files.keys { #expect(try scratch.bytes(path) == (try whole.bytes(path))) }
    }

    @Test func aTreeInstrumentedAndRemovedOnDiskIsAsItWas() throws {
        let paths = try Self.swiftFiles()
        var files: [String: String] = [:]
        for path in paths { files[String(path.dropFirst(Self.fixtures.count + 1))] = try String(contentsOfFile: path, encoding: .utf8) }
        let scratch = try Scratch(files)
        defer { scratch.remove() }
        let report = try scratch.run()
        #expect(report.files == paths.count)
        #expect(report.skipped.isEmpty, "\(report.skipped)")
        #expect(report.counts.views > 40 && report.counts.models > 0, "\(report.counts)")
        let removed = try scratch.run(.remove)
        #expect(removed.changed.sorted() == report.changed.sorted())
        for (path, text) in files { #expect(try scratch.text(path) == text, "\(path)") }
    }
}
