import Testing
import TraceModel

/// Reads `input` through a `LineReader` fed in chunks of `chunkSize` bytes.
func readLines(_ input: [UInt8], chunkSize: Int, maxLineLength: Int = LineReader.defaultMaxLineLength) -> [(Int, String, Bool)] {
    var reader = LineReader(maxLineLength: maxLineLength)
    var lines: [(Int, String, Bool)] = []
    let collect: (LineReader.Line) -> Void = { lines.append(($0.number, String(decoding: $0.bytes, as: UTF8.self), $0.truncated)) }
    var offset = 0
    while offset < input.count {
        let end = min(offset + chunkSize, input.count)
        input[offset..<end].withUnsafeBytes { reader.feed($0, collect) }
        offset = end
    }
    reader.finish(collect)
    return lines
}

@Suite struct LineReaderTests {
    @Test(arguments: [1, 2, 3, 5, 64])
    func splitsEveryLineEndingWhateverTheChunking(chunkSize: Int) {
        let input = Array("a\nb\r\nc\rd\n\ne".utf8)
        let lines = readLines(input, chunkSize: chunkSize)
        #expect(lines.map(\.1) == ["a", "b", "c", "d", "", "e"])
        #expect(lines.map(\.0) == [1, 2, 3, 4, 5, 6])
    }

    @Test func aFinalNewlineDoesNotAddAnEmptyLine() {
        #expect(readLines(Array("a\nb\n".utf8), chunkSize: 4).map(\.1) == ["a", "b"])
        #expect(readLines(Array("a\r\n".utf8), chunkSize: 2).map(\.1) == ["a"])
        #expect(readLines([], chunkSize: 4).isEmpty)
    }

    @Test(arguments: [1, 7, 100])
    func cutsOverLongLinesAndKeepsCounting(chunkSize: Int) {
        let input = Array((String(repeating: "x", count: 50) + "\nshort\n" + String(repeating: "y", count: 30)).utf8)
        let lines = readLines(input, chunkSize: chunkSize, maxLineLength: 10)
        #expect(lines.map(\.1) == [String(repeating: "x", count: 10), "short", String(repeating: "y", count: 10)])
        #expect(lines.map(\.2) == [true, false, true])
        #expect(lines.map(\.0) == [1, 2, 3])
    }

    @Test func keepsNULAndInvalidBytesInsideTheLine() {
        let input: [UInt8] = [0x61, 0x00, 0xFF, 0x62, 0x0A, 0x63]
        var reader = LineReader()
        var lengths: [Int] = []
        input.withUnsafeBytes { reader.feed($0) { lengths.append($0.bytes.count) } }
        reader.finish { lengths.append($0.bytes.count) }
        #expect(lengths == [4, 1])
    }
}
