import Foundation
import Testing
import TraceRules

/// The Swift reader behind `lint` on real-shaped files: cut anywhere, a file is still read
/// without a crash, with its problems named; whole, every corpus file reads cleanly.
@Suite struct SwiftReaderTests {
    static func corpus() throws -> [(path: String, bytes: [UInt8])] {
        try Linter.swiftFiles(in: [Fixture.path("sources-realworld"), Fixture.path("sources")]).map { path in
            (path, [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        }
    }

    @Test func wholeFilesReadCleanly() throws {
        let result = Linter().lint(files: try Self.corpus())
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.files == 30)
    }

    /// Every file cut at every 7th byte (unclosed brackets, strings, comments, half a UTF-8
    /// sequence): lint reads each prefix, reports what it can, and names the file when the cut
    /// leaves brackets open or bytes that are not UTF-8.
    @Test func truncatedFilesNeverStopTheRun() throws {
        for (path, bytes) in try Self.corpus() {
            var cut = 1
            while cut < bytes.count {
                let result = Linter().lint(files: [(path, Array(bytes[..<cut]))])
                for problem in result.problems { #expect(problem.hasPrefix(path), "\(problem)") }
                cut += 7
            }
        }
    }

    /// A file of bytes that happen to be Swift punctuation and words, in any order.
    @Test func scrambledTokensNeverCrash() {
        let pieces = ["{", "}", "(", ")", "[", "]", "if", "else", "switch", "case", ":", "@", "State", "ObservedObject", "var", "let",
                      "=", "Model", "(", ".", "id", "UUID", "NavigationLink", "destination", "ForEach", "0", "..<", "struct", "View",
                      "init", "_model", "StateObject", "wrappedValue", "label", "in", "\"", "#if", "#endif", "/*", "*/", "\n"]
        var generator = SplitMix(seed: 32)
        for _ in 0..<200 {
            let text = (0..<400).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: " ")
            let result = Linter().lint(files: [("Scrambled.swift", Array(text.utf8))])
            #expect(result.files == 1)
            // The sites `check --sources` links read the same file another way.
            _ = Linter.sites(in: [("Scrambled.swift", Array(text.utf8))])
        }
    }
}

/// A seeded generator, so the scrambled files are the same on every run.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
