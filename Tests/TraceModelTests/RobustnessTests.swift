import Testing
import TraceModel

/// Damaged and hostile input: never a crash, and every line accounted for exactly once.
@Suite struct RobustnessTests {
    /// A deterministic generator, so a failure reproduces.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    static let fragments: [String] = [
        "2020-03-23 01:10:46.546218+0800 App[76375:18919854] 🚩 MyRootView appear",
        "2024-10-06 00:31:18.068529+0900 0x13983  Info  0x0  5224  0  MyApp: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed.",
        "2026-08-11 17:15:22.031 I  MyApp[80328:9875ec] [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed.",
        "2022-08-25 15:22:01.008417+0100 localhost MyApp[1766]: (SwiftUI) [x.y:z] A init",
        #"{"timestamp":"2025-07-27 15:41:33.057177-0400","processID":5224,"eventMessage":"ContentView: @self changed."}"#,
        "Jun  3 09:51:55.123456 MyApp(SwiftUI)[1234] <Info>: ContentView: @self changed.",
        "2024-01-01T00:00:00+0000 info my.label: k=v [MyModule] FirstView init",
        "[{", "},{", "}]", "[", "]", "{", "\t  continued", "  \"eventMessage\" : \"X init\",",
        "DataModel address: 0x0000600000c435d0", "PlayButton DataModel init",
        "trace-analyze: kind=init view=A ms=1", "trace-analyze: kind=", "() $R6 = {}",
    ]

    @Test(arguments: 0..<20)
    func damagedInputIsAccountedForLineByLine(seed: Int) {
        var random = SplitMix(state: UInt64(seed))
        var bytes: [UInt8] = []
        var lineCount = 0
        for _ in 0..<300 {
            var line = Array(Self.fragments[random.below(Self.fragments.count)].utf8)
            switch random.below(6) {
            case 0: line = Array(line.prefix(random.below(line.count + 1)))          // truncated
            case 1: line.insert(UInt8(random.below(256)), at: random.below(line.count + 1))  // a stray byte
            case 2: line = (0..<random.below(40)).map { _ in UInt8(random.below(256)) }     // garbage, NULs
            default: break
            }
            // A stray byte may be a line end itself; count what the reader will see.
            bytes += line.map { $0 == 0x0D ? 0x20 : $0 } + [0x0A]
            lineCount += 1 + line.filter { $0 == 0x0A }.count
        }
        let (events, stats) = parseEvents(bytes, chunkSize: 1 + random.below(64))
        #expect(stats.lines == lineCount)
        #expect(stats.events == events.count)
        #expect(stats.linesByEnvelope.reduce(0, +) == stats.lines)
        #expect(stats.events + stats.continuations == stats.lines)
        #expect(events.map(\.line) == events.map(\.line).sorted())
        #expect(Set(events.map(\.line)).count == events.count)
    }

    @Test func anEndlessArrayElementIsHandedBackInBoundedPieces() {
        let text = "[\n" + String(repeating: "{\n", count: 25_000)
        let (events, stats) = parseEvents(text)
        #expect(stats.lines == 25_001)
        #expect(events.count == stats.lines)
        #expect(stats.linesByEnvelope.reduce(0, +) == stats.lines)
    }
}
