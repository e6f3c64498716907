import Testing
import TraceModel

/// What an input's first bytes say: text, UTF-16 (decoded chunk by chunk), or binary.
@Suite struct InputSniffTests {
    private func sniff(_ bytes: [UInt8]) -> InputSniff { bytes.withUnsafeBytes { InputSniff.classify($0) } }

    @Test func tellsTextUTF16AndBinaryApart() {
        let line = Array("FirstView init\nContentView: @self changed.\n".utf8)
        #expect(sniff(line) == .text)
        #expect(sniff([0xFF, 0xFE] + line.flatMap { [$0, 0] }) == .utf16(bigEndian: false))
        #expect(sniff([0xFE, 0xFF] + line.flatMap { [0, $0] }) == .utf16(bigEndian: true))
        // Without a byte-order mark: ASCII in UTF-16 leaves every other byte zero.
        #expect(sniff(line.flatMap { [$0, 0] }) == .utf16(bigEndian: false))
        #expect(sniff(line.flatMap { [0, $0] }) == .utf16(bigEndian: true))
        // A stray NUL in a log is still text (fixtures/bad/nul-bytes.log); an ELF header is not.
        #expect(sniff(Array("A: @self\0 changed.\n\0\0\0\nB: @self changed.\n".utf8)) == .text)
        let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1] + Array(repeating: 0, count: 57) + Array("GLIBC_2.2.5\0".utf8)
        guard case .binary(let percent) = sniff(elf) else { Issue.record("\(sniff(elf))"); return }
        #expect(percent >= InputSniff.binaryPercent)
    }

    /// Units and surrogate pairs split between chunks come out whole; a byte-order mark is dropped.
    /// Found by scripts/fault-injection.sh: a log of invalid UTF-8 whose first bytes happen to be
    /// `FF FE` was decoded as UTF-16 and its 20,000 lines became garbage. A byte-order mark counts
    /// only when the line feeds after it are whole UTF-16 units.
    @Test func aByteOrderMarkAloneDoesNotMakeUTF16() {
        let broken = Array(repeating: [0xFF, 0xFE, 0xC0, 0xAF] + Array(" View1 init\n".utf8), count: 50).flatMap { $0 }
        #expect(sniff(broken) == .text)
        let little: [UInt8] = [0xFF, 0xFE] + Array("A init\nB init\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(sniff(little) == .utf16(bigEndian: false))
        let big: [UInt8] = [0xFE, 0xFF] + Array("A init\nB init\n".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(sniff(big) == .utf16(bigEndian: true))
        // Text in another script has no zero bytes, but its line feeds are still whole units.
        let cyrillic: [UInt8] = [0xFF, 0xFE] + Array("Вид init\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(sniff(cyrillic) == .utf16(bigEndian: false))
    }

    @Test func decodesUTF16SplitAnywhere() {
        let text = "🚩 MyRootView appear\nÉcran init\n"
        let utf16: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for split in 1..<utf16.count {
            var transcoder = UTF16Transcoder(bigEndian: false)
            var output: [UInt8] = []
            utf16[..<split].withUnsafeBytes { transcoder.transcode($0, into: &output) }
            utf16[split...].withUnsafeBytes { transcoder.transcode($0, into: &output) }
            transcoder.finish(into: &output)
            #expect(String(decoding: output, as: UTF8.self) == text, "split at \(split)")
        }
        // An unpaired surrogate, and a last odd byte, become U+FFFD.
        var transcoder = UTF16Transcoder(bigEndian: true)
        var output: [UInt8] = []
        ([0xD8, 0x3D, 0x00, 0x41, 0x00] as [UInt8]).withUnsafeBytes { transcoder.transcode($0, into: &output) }
        transcoder.finish(into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "\u{FFFD}A\u{FFFD}")
    }

    /// The guess behind every "did you mean": by edits, then a longer name's start, then a part.
    @Test(arguments: [
        ("sraif", "sarif"), ("github", "github-actions-logging"), ("githib", "github-actions-logging"),
        ("actions", "github-actions-logging"), ("s", nil), ("xml", nil), ("json", "json"), ("JUNIT", "junit"),
    ] as [(String, String?)])
    func suggestsTheNameMeant(typed: String, meant: String?) {
        let formats = ["text", "json", "sarif", "junit", "github-actions-logging", "xcode", "markdown", "summary", "csv",
                       "checkstyle", "codeclimate", "sonarqube", "html"]
        #expect(Suggestion.closest(to: typed, in: formats) == meant)
    }
}
