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
