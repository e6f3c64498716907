import Testing
import TraceModel

/// The envelope and message text `EnvelopeParser` makes of one line.
func splitLine(_ text: String) -> (envelope: Envelope, message: String, malformed: Bool) {
    var parser = EnvelopeParser(undatedYear: 2024)
    return Array(text.utf8).withUnsafeBytes { bytes in
        let split = parser.split(bytes)
        let message = split.decodedMessage.map { String(decoding: $0, as: UTF8.self) }
            ?? String(decoding: UnsafeRawBufferPointer(rebasing: bytes[split.message]), as: UTF8.self)
        return (split.envelope, message, split.malformed)
    }
}

func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 0.000_001 } ?? false }

@Suite struct NSLogEnvelopeTests {
    @Test func splitsTheSeedLine() {
        let split = splitLine("2020-03-23 01:10:46.546218+0800 ZegoExpressExample-iOS-Swift[76375:18919854] 🚩 MyRootView appear")
        #expect(split.envelope.format == .nslog)
        #expect(close(split.envelope.timestamp, 1_584_897_046.546218))
        #expect(split.envelope.process == "ZegoExpressExample-iOS-Swift")
        #expect(split.envelope.pid == 76375)
        #expect(split.envelope.tid == 18_919_854)
        #expect(split.message == "🚩 MyRootView appear")
    }

    @Test func readsHexThreadsSpacesInProcessNamesAndOldTimes() {
        let split = splitLine("2016-09-14 12:00:00.123 My App[1234:1a2b] FirstView init")
        #expect(split.envelope.format == .nslog)
        #expect(split.envelope.process == "My App")
        #expect(split.envelope.tid == 0x1a2b)
        #expect(close(split.envelope.timestamp, 1_473_854_400.123))
        #expect(split.message == "FirstView init")
    }

    @Test func takesADottedSubsystemBeforeTheMessage() {
        let split = splitLine("2024-01-01 10:00:00.000000+0000 MyApp[1:2] [com.apple.SwiftUI:Changed Body Properties] A: @self changed.")
        #expect(split.envelope.subsystem == "com.apple.SwiftUI")
        #expect(split.envelope.category == "Changed Body Properties")
        #expect(split.message == "A: @self changed.")
        let tag = splitLine("2024-01-01 10:00:00.000000+0000 MyApp[1:2] [Net:retry] giving up")
        #expect(tag.envelope.subsystem == nil)
        #expect(tag.message == "[Net:retry] giving up")
    }

    @Test func anEmptyMessageIsStillNSLog() {
        let split = splitLine("2020-03-23 01:10:46.546218+0800 App[1:2]")
        #expect(split.envelope.format == .nslog)
        #expect(split.message == "")
    }

    @Test func aDateWithoutAKnownWrapperKeepsItsTime() {
        let split = splitLine("2024-05-01 10:00:00 [INFO] FirstView init")
        #expect(split.envelope.format == .plain)
        #expect(close(split.envelope.timestamp, 1_714_557_600))
        #expect(split.message == "[INFO] FirstView init")
    }

    @Test(arguments: ["2020 was a year", "12 monkeys", "2020-03-23 is a date"])
    func digitsThatAreNotADateArePlain(line: String) {
        let split = splitLine(line)
        #expect(split.envelope == .plain)
        #expect(split.message == line)
    }
}
