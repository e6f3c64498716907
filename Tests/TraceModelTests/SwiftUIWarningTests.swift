import Foundation
import Testing
import TraceModel

/// One sample of the table of known warning texts, as a test argument.
struct WarningSample: Sendable, CustomTestStringConvertible {
    let line: String
    let warning: SwiftUIWarning

    var testDescription: String { "\(warning.identifier.rawValue): \(line.prefix(50))" }

    static let all: [WarningSample] = SwiftUIWarning.known.flatMap { known in
        known.samples.map { WarningSample(line: $0.line, warning: $0.warning) }
    }
}

/// Every wrapper a warning arrives in, each as a function from the bare text to the whole line.
enum WarningWrapper: String, CaseIterable, Sendable {
    case plain, nslog, oslog, oslogCompact, syslog, ndjson, idevicesyslog, runtimeIssue, runtimeIssueNoColon, runtimeIssueHome

    func wrap(_ text: String) -> String {
        switch self {
        case .plain: text
        case .nslog: "2022-05-30 10:15:07.466884+0100 TicTacToe[27079:549918] [SwiftUI] " + text
        case .oslog: "2024-10-06 00:31:18.068529+0900 0x13983    Fault       0x0                  5224   0    MyApp: (SwiftUI) [com.apple.SwiftUI:Invalid Configuration] " + text
        case .oslogCompact: "2026-08-11 17:15:22.031 F  MyApp[80328:9875ec] [com.apple.SwiftUI:Invalid Configuration] " + text
        case .syslog: "2022-08-25 15:22:01.008417+0100 localhost MyApp[1766]: (SwiftUI) [com.apple.SwiftUI:Invalid Configuration] " + text
        case .ndjson:
            "{\"eventMessage\":\(Self.jsonString(text)),\"subsystem\":\"com.apple.SwiftUI\",\"category\":\"Invalid Configuration\",\"messageType\":\"Fault\",\"processID\":5224,\"timestamp\":\"2025-07-27 15:41:33.057177-0400\"}"
        case .idevicesyslog: "Jun  3 09:51:55.123456 MyApp(SwiftUI)[1234] <Fault>: " + text
        case .runtimeIssue: "/SourcePackages/checkouts/Lib/Sources/Lib/ImageManager.swift:63: warning run: " + text
        case .runtimeIssueNoColon: "/Users/me/Library/Developer/Xcode/DerivedData/App/Sources/Injections.swift:381 " + text
        case .runtimeIssueHome: "~/Library/Developer/Xcode/DerivedData/App/SourcePackages/checkouts/Lib/Sources/Lib/Store.swift:209: warning run: " + text
        }
    }

    private static func jsonString(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }
}

@Suite struct SwiftUIWarningTests {
    /// Every sample of the table, in every wrapper, through the real parser.
    @Test(arguments: WarningSample.all, WarningWrapper.allCases)
    func sampleIsRecognisedInEveryWrapper(_ sample: WarningSample, _ wrapper: WarningWrapper) throws {
        let (events, _) = parseEvents(wrapper.wrap(sample.line) + "\n")
        let event = try #require(events.first)
        #expect(events.count == 1)
        #expect(event.kind == .warning, "\(wrapper): \(event.message)")
        #expect(event.origin == .swiftUIWarning)
        #expect(event.warning == sample.warning)
        #expect(event.view == nil)
    }

    @Test func aWarningInsideALogShowJSONArrayIsRecognised() throws {
        let object = WarningWrapper.ndjson.wrap("=== AttributeGraph: cycle detected through attribute 278848 ===")
        let (events, _) = parseEvents("[\n" + object + ",\n" + WarningWrapper.ndjson.wrap("FirstView init") + "\n]\n")
        #expect(events.map(\.kind) == [.warning, .`init`])
        #expect(events.first?.warning == SwiftUIWarning(.attributeGraphCycle, attribute: 278848))
        #expect(events.first?.envelope.format == .json)
    }

    @Test func theWrapperFieldsAreKept() throws {
        let line = WarningWrapper.oslog.wrap("Modifying state during view update, this will cause undefined behavior.")
        let event = try #require(parseEvents(line + "\n").events.first)
        #expect(event.envelope.subsystem == "com.apple.SwiftUI")
        #expect(event.envelope.category == "Invalid Configuration")
        #expect(event.message == "Modifying state during view update, this will cause undefined behavior.")
    }

    @Test func everyIdentifierHasAKnownTextWithSamples() {
        for identifier in SwiftUIWarning.Identifier.allCases {
            let texts = SwiftUIWarning.known.filter { $0.identifier == identifier }
            #expect(!texts.isEmpty, "\(identifier) has no known text")
            #expect(texts.allSatisfy { !$0.samples.isEmpty }, "\(identifier) has a text without samples")
        }
    }

    @Test(arguments: [
        // IDs with spaces, quotes and colons, and row types with parentheses (real lines).
        ("ForEach<Array<FileItem>, String, Button<TupleView<(ModifiedContent<Image, _EnvironmentKeyWritingModifier<Optional<Color>>>, Text)>>>: the ID /Users/wesley/Documents/Aurora Editor/EditorTests/\"0 occurs multiple times within the collection, this will give undefined results!",
         SwiftUIWarning(.duplicateForEachID,
                        type: "ForEach<Array<FileItem>, String, Button<TupleView<(ModifiedContent<Image, _EnvironmentKeyWritingModifier<Optional<Color>>>, Text)>>>",
                        elementID: "/Users/wesley/Documents/Aurora Editor/EditorTests/\"0")),
        ("ForEach<_StoreCollection<String, State, Action>, ObjectIdentifier, SingleTaskView>: the ID ObjectIdentifier(0x0000600003fe8b40) occurs multiple times within the collection, this will give undefined results!",
         SwiftUIWarning(.duplicateForEachID, type: "ForEach<_StoreCollection<String, State, Action>, ObjectIdentifier, SingleTaskView>",
                        elementID: "ObjectIdentifier(0x0000600003fe8b40)")),
        ("LazyVStackLayout: the ID Thinkertoys is used by multiple child views, this will give undefined results!",
         SwiftUIWarning(.duplicateForEachID, type: "LazyVStackLayout", elementID: "Thinkertoys")),
        ("onChange(of: (Int, Int)) action tried to update multiple times per frame.",
         SwiftUIWarning(.updateMultipleTimesPerFrame, type: "(Int, Int)")),
        ("=== AttributeGraph: cycle detected through attribute ===", SwiftUIWarning(.attributeGraphCycle)),
        ("A NavigationLink is presenting a value of type “Route” but there is no matching navigationDestination declaration visible from the location of the link. The link cannot be activated",
         SwiftUIWarning(.missingNavigationDestination, type: "Route")),
    ] as [(String, SwiftUIWarning)])
    func parametersOfHarderLines(_ line: String, _ expected: SwiftUIWarning) {
        let warning = Array(line.utf8).withUnsafeBytes { SwiftUIWarning.parse($0) }
        #expect(warning == expected)
    }

    /// A text whose value is left out, so that its prefix's last space is its tail's first (found
    /// by fuzzing: the navigation warning without a type crashed the parser), is the warning
    /// without the value.
    @Test(arguments: [
        ("A NavigationLink is presenting a value of type but there is no matching navigationDestination declaration visible from the location of the link.",
         SwiftUIWarning(.missingNavigationDestination)),
        ("Bound preference tried to update multiple times per frame.", SwiftUIWarning(.updateMultipleTimesPerFrame)),
        ("Update tried to update multiple times per frame.", SwiftUIWarning(.updateMultipleTimesPerFrame)),
        ("onChange(of: ) action tried to update multiple times per frame.", SwiftUIWarning(.updateMultipleTimesPerFrame)),
        ("<> tried to update multiple times per frame.", SwiftUIWarning(.updateMultipleTimesPerFrame)),
    ] as [(String, SwiftUIWarning)])
    func aTextWithoutItsValueIsTheWarningWithoutIt(_ line: String, _ expected: SwiftUIWarning) {
        let warning = Array(line.utf8).withUnsafeBytes { SwiftUIWarning.parse($0) }
        #expect(warning == expected)
    }

    @Test(arguments: [
        // Ordinary lines whose first bytes a known text shares.
        "ForEachRow init",
        "FirstView init",
        "PlayButton: @self changed.",
        "Publishing done",
        "AttributeGraphView appear",
        "Accessing StateObject somewhere else entirely",
        "LazyGrid: @self changed.",
        "onChange(of: value) fired",
        "[SwiftUI] something SwiftUI said that we do not know",
        "/Users/me/App/ContentView.swift:12: warning: unused variable",
        "/Users/me/App/ContentView.swift",
        // A sentence that ends in the words of a warning is not the warning.
        "I get NavigationRequestObserver tried to update multiple times per frame",
        "and then it tried to update multiple times per frame.",
        // Variants not in the table stay text.
        "Publishing changes from background threads is not allowed; make sure to publish values from the main thread.",
        "ForEach<Array<Int>, Int, Text>: the ID 1 is used twice",
        "",
    ])
    func otherLinesAreNotWarnings(_ line: String) {
        let warning = Array(line.utf8).withUnsafeBytes { SwiftUIWarning.parse($0) }
        #expect(warning == nil)
    }

    /// A runtime issue pasted into a bug report as a quote (`> `), its path shortened to `~`
    /// (the real line is in `fixtures/realworld/warnings/020-…`); the quoted lines around it
    /// that are not SwiftUI's text stay text.
    @Test func aQuotedRuntimeIssueWithAHomePathIsAWarning() throws {
        let log = """
            > SwiftUI
            > ~/Library/Developer/Xcode/DerivedData/App/SourcePackages/checkouts/Lib/Sources/Lib/Store.swift:209: warning run: Modifying state during view update, this will cause undefined behavior.
            > ~/Documents/notes.swift
            """ + "\n"
        let events = parseEvents(log).events
        #expect(events.map(\.kind) == [.text, .warning, .text])
        #expect(events[1].warning == SwiftUIWarning(.stateModifiedDuringUpdate))
    }

    /// `Update <Type> tried to update multiple times per frame` as people quote it: without
    /// `Update`, in backticks, after an emoji (real: `fixtures/realworld/warnings/022-…`).
    @Test(arguments: [
        ("NavigationRequestObserver tried to update multiple times per frame", "NavigationRequestObserver"),
        ("`NavigationRequestObserver tried to update multiple times per frame.`", "NavigationRequestObserver"),
        ("⚠️ NavigationAuthority bound path tried to update multiple times per frame.", "NavigationAuthority bound path"),
        ("> *Update AccessibilityFocusStore tried to update multiple times per frame.*", "AccessibilityFocusStore"),
    ])
    func theWarningIsReadFromItsEnd(_ line: String, _ type: String) throws {
        let event = try #require(parseEvents(line + "\n").events.first)
        #expect(event.kind == .warning)
        #expect(event.warning == SwiftUIWarning(.updateMultipleTimesPerFrame, type: type))
    }

    @Test func aLogOfOnlyWarningsHasLifecycleEvidence() {
        let log = [
            "Publishing changes from within view updates is not allowed, this will cause undefined behavior.",
            "some unrelated text",
        ].joined(separator: "\n") + "\n"
        let stats = parseEvents(log).stats
        #expect(stats.lifecycleEvidence == 1)
        #expect(stats.unrecognized == 1)
        #expect(stats.named.contains { $0.name == "events_warning" && $0.value == 1 })
        #expect(!EventKind.text.isLifecycleEvidence && EventKind.warning.isLifecycleEvidence)
    }
}
