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

@Suite struct OSLogEnvelopeTests {
    @Test func splitsTheDefaultStyle() {
        let split = splitLine("2024-10-06 00:31:18.068529+0900 0x13983  Info  0x0  5224  0  MyApp: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed.")
        #expect(split.envelope == Envelope(
            format: .oslog, timestamp: split.envelope.timestamp, process: "MyApp", pid: 5224, tid: 0x13983,
            subsystem: "com.apple.SwiftUI", category: "Changed Body Properties", level: "Info"
        ))
        #expect(close(split.envelope.timestamp, 1_728_142_278.068529))
        #expect(split.message == "ContentView: @self changed.")
    }

    @Test func theLibraryAndTheSubsystemAreOptional() {
        let bare = splitLine("2024-10-06 00:31:18.068529+0900 0x13983    Default     0x0                  5224   0    My App: hello there")
        #expect(bare.envelope.format == .oslog)
        #expect(bare.envelope.process == "My App")
        #expect(bare.envelope.subsystem == nil)
        #expect(bare.message == "hello there")
        let library = splitLine("2024-10-06 00:31:18.068529+0900 0x1 Error 0x0 1 0 MyApp: (libnetwork.dylib) nw_path failed")
        #expect(library.envelope.level == "Error")
        #expect(library.message == "nw_path failed")
    }

    @Test func splitsTheCompactStyle() {
        let split = splitLine("2026-08-11 17:15:22.031 I  MyApp[80328:9875ec] [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed.")
        #expect(split.envelope.format == .oslogCompact)
        #expect(close(split.envelope.timestamp, 1_786_468_522.031))
        #expect(split.envelope.process == "MyApp")
        #expect(split.envelope.pid == 80328)
        #expect(split.envelope.tid == 0x9875EC)
        #expect(split.envelope.level == "I")
        #expect(split.envelope.subsystem == "com.apple.SwiftUI")
        #expect(split.envelope.category == "Changed Body Properties")
        #expect(split.message == "ContentView: @self changed.")
        let debug = splitLine("2026-08-11 17:15:22.051 Db MyApp[80328:9876a1] (CFNetwork) [com.apple.CFNetwork:Summary] Task done")
        #expect(debug.envelope.level == "Db")
        #expect(debug.message == "Task done")
    }

    @Test func splitsTheSyslogStyle() {
        let split = splitLine("2022-08-25 15:22:01.008417+0100 localhost MyApp[1766]: (SwiftUI) [com.apple.SwiftUI:Changed Body Properties] ContentView: @self changed.")
        #expect(split.envelope.format == .syslog)
        #expect(close(split.envelope.timestamp, 1_661_437_321.008417))
        #expect(split.envelope.process == "MyApp")
        #expect(split.envelope.pid == 1766)
        #expect(split.envelope.tid == nil)
        #expect(split.envelope.subsystem == "com.apple.SwiftUI")
        #expect(split.message == "ContentView: @self changed.")
    }

    @Test(arguments: [
        "Filtering the log data using \"process == \"MyApp\"\"",
        "Timestamp                       Thread     Type        Activity             PID    TTL  ",
        "Timestamp               Ty Process[PID:TID]",
        "Timestamp                       (process)[PID]",
        "Log      - Default:          4, Info:                2, Debug:             0, Error:          1, Fault:          0",
        "Activity - Create:          0, Transition:          0, Actions:          0",
        "(lldb) po model",
        "() $R6 = {}",
        "(Int) $R0 = 5",
    ])
    func toolChatterIsNoise(line: String) {
        let split = splitLine(line)
        #expect(split.envelope.format == .noise)
        #expect(split.message == line)
    }

    @Test(arguments: ["Timestamps are hard", "Filtering is fun", "(see above)", "Log in", "Activity view init"])
    func proseThatStartsLikeNoiseIsPlain(line: String) {
        #expect(splitLine(line).envelope.format == .plain)
    }
}

@Suite struct LogObjectEnvelopeTests {
    static let ndjson = #"{"traceID":1,"eventMessage":"ContentView: @self changed.","eventType":"logEvent","subsystem":"com.apple.SwiftUI","category":"Changed Body Properties","threadID":2311396,"backtrace":{"frames":[{"imageOffset":1,"imageUUID":"X"}]},"processImagePath":"\/private\/var\/MyApp.app\/MyApp","timestamp":"2025-07-27 15:41:33.057177-0400","messageType":"Info","processID":5224}"#

    @Test func splitsAnNDJSONLine() {
        let split = splitLine(Self.ndjson)
        #expect(split.envelope.format == .ndjson)
        #expect(close(split.envelope.timestamp, 1_753_645_293.057177))
        #expect(split.envelope.process == "MyApp")
        #expect(split.envelope.pid == 5224)
        #expect(split.envelope.tid == 2_311_396)
        #expect(split.envelope.subsystem == "com.apple.SwiftUI")
        #expect(split.envelope.category == "Changed Body Properties")
        #expect(split.envelope.level == "Info")
        #expect(split.message == "ContentView: @self changed.")
        #expect(!split.malformed)
    }

    @Test func unescapesTheMessage() {
        let split = splitLine(#"{"eventMessage":"a\n\"b\" \u00e9 \ud83d\ude00 \/","processID":1}"#)
        #expect(split.message == "a\n\"b\" é 😀 /")
    }

    @Test func aTruncatedObjectIsMalformedPlainText() {
        let line = String(Self.ndjson.prefix(120))
        let split = splitLine(line)
        #expect(split.envelope == .plain)
        #expect(split.message == line)
        #expect(split.malformed)
    }

    @Test func otherJSONIsPlainAndNotMalformed() {
        for line in [#"{"app":"MyApp","build":42}"#, "{", "{ not json"] {
            let split = splitLine(line)
            #expect(split.envelope == .plain)
            #expect(!split.malformed)
        }
    }

    @Test func aJSONArrayIsStreamedObjectByObject() {
        let text = """
            [{
              "eventMessage" : "ListView init",
              "nested" : { "a" : [1, {"b" : "}"}] },
              "processID" : 7,
              "timestamp" : "2025-01-02 03:04:05.000000+0000"
            },{
              "eventMessage" : "ListView: @self changed.",
              "processID" : 7
            }]
            after the array

            """
        // Chunks of 7 bytes: objects and lines cross every chunk boundary.
        let (events, stats) = parseEvents(text, chunkSize: 7)
        #expect(events.map(\.line) == [1, 6, 10])
        #expect(events.map(\.kind) == [.`init`, .body, .text])
        #expect(events[0].envelope.format == .json)
        #expect(events[0].envelope.pid == 7)
        #expect(close(events[0].envelope.timestamp, 1_735_787_045))
        #expect(stats.linesByEnvelope[EnvelopeFormat.json.index] == 9)
        #expect(stats.linesByEnvelope[EnvelopeFormat.plain.index] == 1)
        #expect(stats.malformedEnvelopes == 0)
    }

    @Test func aTruncatedArrayKeepsEveryLine() {
        let text = "[{\n\"eventMessage\" : \"Alpha init\"\n},{\n\"eventMessage\" : \"Beta init\",\n\"proc"
        let (events, stats) = parseEvents(text)
        #expect(events.map(\.line) == [1, 4, 5])
        #expect(events.map(\.kind) == [.`init`, .text, .text])
        #expect(events[1].message == "\"eventMessage\" : \"Beta init\",")
        #expect(stats.malformedEnvelopes == 1)
        #expect(stats.lines == 5)
    }

    @Test func aBracketThatOpensNoArrayIsAnOrdinaryLine() {
        let (events, stats) = parseEvents("[\nFirstView init\n[]\n[{\"a\": 1}]\n")
        #expect(events.map(\.kind) == [.text, .`init`, .text, .text])
        #expect(events.map(\.message) == ["[", "FirstView init", "[]", "[{\"a\": 1}]"])
        #expect(stats.malformedEnvelopes == 0)
    }
}

@Suite struct DeviceAndSwiftLogEnvelopeTests {
    @Test func splitsIDeviceSyslogUsingTheGivenYear() {
        let split = splitLine("Jun  3 09:51:55.123456 MyApp(SwiftUI)[1234] <Info>: ContentView: @self changed.")
        #expect(split.envelope.format == .idevicesyslog)
        #expect(close(split.envelope.timestamp, 1_717_408_315.123456))  // 2024-06-03 09:51:55.123456 UTC
        #expect(split.envelope.process == "MyApp")
        #expect(split.envelope.pid == 1234)
        #expect(split.envelope.level == "Info")
        #expect(split.message == "ContentView: @self changed.")
        let device = splitLine("Jun 13 10:02:11 Johns-iPhone MyApp[1234] <Notice>: CartView onDisappear")
        #expect(device.envelope.process == "MyApp")
        #expect(device.message == "CartView onDisappear")
    }

    @Test func splitsSwiftLogLines() {
        let split = splitLine("2024-01-01T00:00:00+0000 info my.label: k=v [MyModule] FirstView init")
        #expect(split.envelope.format == .swiftlog)
        #expect(close(split.envelope.timestamp, 1_704_067_200))
        #expect(split.envelope.level == "info")
        #expect(split.envelope.subsystem == "my.label")
        #expect(split.envelope.category == "MyModule")
        #expect(split.message == "FirstView init")
        let spaced = splitLine("2024-01-01T00:00:00+0000 warning app.views : [Views] DetailView deinit")
        #expect(spaced.envelope.subsystem == "app.views")
        #expect(spaced.message == "DetailView deinit")
        let old = splitLine("2024-01-01T00:00:00+0000 notice app : FirstView init")
        #expect(old.envelope.category == nil)
        #expect(old.message == "FirstView init")
        let oldest = splitLine("2019-03-13T15:46:38+0000 info: Hello World!")
        #expect(oldest.envelope.format == .swiftlog)
        #expect(oldest.message == "Hello World!")
    }

    @Test func monthNamesWithoutATimeArePlain() {
        #expect(splitLine("Jun 3 was a Monday and nothing happened").envelope == .plain)
        #expect(splitLine("March madness").envelope == .plain)
    }
}

@Suite struct ContinuationTests {
    @Test func tabIndentedLinesContinueALogMessage() {
        let (events, stats) = parseEvents("""
            2024-10-06 00:31:19.500000+0900 0x13983 Default 0x0 5224 0 MyApp: request failed:
            \tstatus 503
            \tretry in 2s
            2024-10-06 00:31:20.000000+0900 0x13983 Default 0x0 5224 0 MyApp: FeedView init
            \tnot after a plain line:
            hello
            \tkept apart

            """)
        #expect(events.map(\.line) == [1, 4, 6, 7])
        #expect(events[0].message == "request failed:\n\tstatus 503\n\tretry in 2s")
        #expect(events[1].kind == .`init`)
        #expect(events[1].message == "FeedView init\n\tnot after a plain line:")
        #expect(events[3].message == "\tkept apart")
        #expect(stats.continuations == 3)
        #expect(stats.lines == 7)
        #expect(stats.linesByEnvelope[EnvelopeFormat.oslog.index] == 5)
    }
}
