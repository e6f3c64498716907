import Foundation
import Testing
@testable import TraceModel

/// The MetricKit reader on the fixture files, fed whole and in chunks that cut strings,
/// escapes and payloads anywhere: a streaming reader must read the same payloads either way.
@Suite struct MetricKitReaderTests {
    private func payloads(_ bytes: [UInt8], chunk: Int) throws -> [MetricKitPayload] {
        var reader = MetricKitReader()
        var read: [MetricKitPayload] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            try bytes[start..<end].withUnsafeBytes { try reader.consume($0) { read.append($0) } }
            start = end
        }
        try reader.finish()
        return read
    }

    private func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtureURL("metrickit/" + name)))
    }

    @Test(arguments: ["synthetic-fleet.ndjson", "synthetic-array.json", "xcode-simulated-metric-payload.json", "synthetic-hang-diagnostic-sentry-stack.json"])
    func chunksReadTheSamePayloadsAsTheWholeFile(_ name: String) throws {
        let file = try bytes(name)
        let whole = try payloads(file, chunk: file.count)
        #expect(!whole.isEmpty)
        for chunk in [1, 7, 4096] {
            let pieces = try payloads(file, chunk: chunk)
            #expect(pieces.map(\.json) == whole.map(\.json), "\(name) in chunks of \(chunk)")
            #expect(pieces.map(\.line) == whole.map(\.line))
        }
    }

    @Test func aByteOrderMarkAndPrettyPayloadsBackToBackAreRead() throws {
        let one = try bytes("xcode-simulated-metric-payload.json")
        let read = try payloads([0xEF, 0xBB, 0xBF] + one + Array("\n".utf8) + one, chunk: 1000)
        #expect(read.count == 2)
        #expect(read.map(\.line) == [1, 277])
        #expect(read[1].scrollHitchMsPerS == 1000)
    }

    @Test func recognisesPayloadsButNotLogsOrLogShowArrays() {
        func sniff(_ text: String) -> Bool { Array(text.utf8).withUnsafeBytes { MetricKitReader.recognises($0) } }
        #expect(sniff(#"{"metaData":{"appBuildVersion":"1"}}"#))
        #expect(sniff("[\n  {\n    \"timeStampBegin\" : \"2022-11-14 00:00:00\""))
        #expect(!sniff(#"[{"eventMessage" : "ContentView: @self changed."}]"#))
        #expect(!sniff(#"{"level":"info","msg":"ContentView body"}"#))
        #expect(!sniff("ContentView: @self changed."))
    }
}
