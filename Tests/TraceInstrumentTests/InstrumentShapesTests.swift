import Testing
@testable import TraceInstrument

/// What instrument inserts into the shapes real SwiftUI code has, line for line, and that
/// `--remove` gives each back byte for byte.
@Suite struct InstrumentShapesTests {
    static let m = " // trace-analyze:instrument"

    @Test func aViewGetsItsTokenAMeasuredBodyAndTheImport() throws {
        let source = """
        import SwiftUI

        struct Card: View {
            let title: String

            var body: some View {
                Text(title)
                    .padding()
            }
        }

        """
        let m = Self.m
        #expect(try instrumented(source) == """
        import SwiftUI
        #if DEBUG\(m)
        import TraceProbe\(m)
        #endif\(m)

        struct Card: View {
            let title: String

            var body: some View {
                #if DEBUG\(m)
                let _ = traceProbe.bodyBegins()\(m)
                #endif\(m)
                Text(title)
                    .padding()
                #if DEBUG\(m)
                .probeBodyEnds(traceProbe)\(m)
                #endif\(m)
            }
            #if DEBUG\(m)
            @State private var traceProbe = ViewProbe(Card.self)\(m)
            #endif\(m)
        }

        """)
    }

    @Test func aOneLineBodyIsCutAndJoinedAgainByRemove() throws {
        let source = "import SwiftUI\nstruct Tag: View { var body: some View { Text(\"a\") } }"
        let result = try instrumented(source)
        // The code after each cut is indented as code there would be, by blanks --remove takes off.
        #expect(result.contains("var body: some View { // trace-analyze:instrument:split:3\n"))
        #expect(result.contains("\n    Text(\"a\")  // trace-analyze:instrument:split\n"))
        #expect(String(decoding: InstrumentMarker.removed(from: Array(result.utf8)), as: UTF8.self) == source)
    }

    @Test func aBodyWithReturnWritesItsLineFirstWithoutADuration() throws {
        let source = """
        struct Gate: View {
            let open: Bool
            var body: some View {
                if open { return AnyView(Text("open")) }
                return AnyView(EmptyView())
            }
        }

        """
        let result = try instrumented(source)
        #expect(result.contains("let _ = traceProbe.bodyEnds()"))
        #expect(!result.contains("bodyBegins"))
        // Two returns: a modifier on one would give the body two types.
        #expect(!result.contains("probeLifecycle") && !result.contains("probeBodyEnds"))
        let single = "struct One: View {\n    var body: some View {\n        let text = Text(\"one\")\n        return text\n    }\n}\n"
        // One `return`, last: the modifier follows its expression.
        #expect(try instrumented(single).contains("        return text\n        #if DEBUG\(Self.m)\n        .probeLifecycle(traceProbe)\(Self.m)"))
        let concrete = "struct Named: View {\n    var body: Text {\n        Text(\"named\")\n    }\n}\n"
        let named = try instrumented(concrete)
        #expect(!named.contains("probeLifecycle") && !named.contains("probeBodyEnds"), "a body typed Text cannot become some View")
    }

    /// A `return` in a closure the body passes on is the closure's, and a postfix `#if`
    /// continues the expression before it: the body is still a builder ending in one expression.
    @Test func closureReturnsAndPostfixConditionalsKeepTheBodyMeasured() throws {
        let source = """
        struct Links: View {
            let open: (URL) -> Bool
            var body: some View {
                List {
                    Text("a")
                }
                #if !os(visionOS)
                .listRowBackground(Color.clear)
                #endif
                .environment(\\.openURL, OpenURLAction { url in
                    guard open(url) else { return .discarded }
                    return .handled
                })
            }
        }

        """
        let result = try instrumented(source)
        #expect(result.contains("let _ = traceProbe.bodyBegins()"))
        #expect(result.contains("        })\n        #if DEBUG\(Self.m)\n        .probeBodyEnds(traceProbe)\(Self.m)"))
        let guarded = "struct G: View {\n    let ok: Bool\n    var body: some View {\n        if ok { return Text(\"a\") } else { return Text(\"b\") }\n    }\n}\n"
        #expect(try instrumented(guarded).contains("let _ = traceProbe.bodyEnds()"))
        #expect(!(try instrumented(guarded).contains("bodyBegins")), "returns in an if's blocks make it no builder")
    }

    /// Every view a body can show reports to the token, which counts those on screen: the view
    /// appears once, whichever of them shows first; an `if`'s views report from its branches.
    @Test func eachTopLevelViewOfABodyReportsToTheToken() throws {
        let source = """
        struct Pair: View {
            let more: Bool
            var body: some View {
                Text("a")
                    .padding()
                if more {
                    Text("more")
                }
                Text("b")
            }
        }

        """
        let m = Self.m
        #expect(try instrumented(source).hasSuffix("""
                Text("a")
                    .padding()
                #if DEBUG\(m)
                .probeLifecycle(traceProbe)\(m)
                #endif\(m)
                if more {
                    Text("more")
                    #if DEBUG\(m)
                    .probeLifecycle(traceProbe)\(m)
                    #endif\(m)
                }
                Text("b")
                #if DEBUG\(m)
                .probeBodyEnds(traceProbe)\(m)
                #endif\(m)
            }
            #if DEBUG\(m)
            @State private var traceProbe = ViewProbe(Pair.self)\(m)
            #endif\(m)
        }

        """))
    }

    /// A body that is an `if` or a `switch` takes no modifier after it: each branch's views do.
    @Test func aBodyThatIsAnIfOrASwitchReportsFromEachBranch() throws {
        let source = """
        struct Switcher: View {
            @State private var on = false
            let pick: Int
            var body: some View {
                if on {
                    Text("on")
                } else if pick > 2 { Text("many") } else {
                    Text("off")
                        .padding()
                }
                switch pick {
                case 0: Text("zero")
                case 1:
                    Text("one")
                default:
                    EmptyView()
                }
            }
        }

        """
        let result = try instrumented(source)
        let m = Self.m
        for view in ["Text(\"on\")", "    .padding()", "case 0: Text(\"zero\")", "Text(\"one\")", "EmptyView()"] {
            #expect(result.contains("\(view)\n" + String(repeating: " ", count: view.hasPrefix("case") ? 8 : view.hasPrefix(" ") ? 12 : 12) + "#if DEBUG\(m)\n"), "\(view)")
        }
        #expect(result.contains("} else if pick > 2 { Text(\"many\")  // trace-analyze:instrument:split:8\n"))
        #expect(result.contains("#endif // trace-analyze:instrument\n        } else {\n"), "the `}` after the cut lines up with its line")
        #expect(result.components(separatedBy: ".probeLifecycle(traceProbe)").count - 1 == 6)
        #expect(result.contains("let _ = traceProbe.bodyEnds()") && !result.contains("probeBodyEnds"))
        #expect(String(decoding: InstrumentMarker.removed(from: Array(result.utf8)), as: UTF8.self) == source)
    }

    @Test func viewsDeclaredInExtensionsModifiersGenericsNestedAndPrivateTypesAreFound() throws {
        let source = """
        import SwiftUI

        struct Outer {
            private struct Inner: View {
                var body: some View { Text("inner") }
            }
        }

        struct Plain {
            let n: Int
        }

        extension Plain: View {
            @ViewBuilder var body: some View {
                Text("\\(n)")
            }
        }

        @MainActor
        struct Row<Item: Identifiable>: View where Item: Hashable {
            let item: Item
            var body: some View { Text("row") }
        }

        struct Bordered: ViewModifier {
            func body(content: Content) -> some View {
                content.border(.red)
            }
        }

        """
        let result = try instrumented(source)
        for name in ["Inner", "Plain", "Row", "Bordered"] {
            #expect(result.contains("@State private var traceProbe = ViewProbe(\(name).self)"), "\(name)")
        }
        #expect(result.components(separatedBy: "bodyBegins").count - 1 == 4)
        #expect(result.components(separatedBy: "probeBodyEnds").count - 1 == 4)
        #expect(String(decoding: InstrumentMarker.removed(from: Array(result.utf8)), as: UTF8.self) == source)
    }

    @Test func appsScenesPreviewsAndTestFilesAreLeftAlone() throws {
        let source = """
        import SwiftUI

        @main
        struct DemoApp: App {
            var body: some Scene { WindowGroup { Text("x") } }
        }

        struct Window: Scene {
            var body: some Scene { WindowGroup { Text("y") } }
        }

        struct Other_Previews: PreviewProvider {
            static var previews: some View { Text("z") }
        }

        #Preview {
            Text("p")
        }

        #Preview("Wrapped") {
            struct Wrapper: View {
                @State var on = false
                var body: some View { Text("w") }
            }
            return Wrapper()
        }

        struct Card_Previews: PreviewProvider {
            struct Harness: View {
                var body: some View { Text("h") }
            }
            static var previews: some View { Harness() }
        }

        """
        #expect(try instrumented(source) == source)
        let test = "import XCTest\nimport SwiftUI\nstruct Probe: View { var body: some View { Text(\"t\") } }\n"
        #expect(try instrumented(test) == test)
        let view = "import SwiftUI\nstruct Probe: View { var body: some View { Text(\"t\") } }\n"
        #expect(try instrumented(view, path: "AppTests/ProbeTests.swift") == view)
        #expect(try instrumented(view, path: "Package.swift") == view)
    }

    @Test func observableModelsGetAProbeReadyAtTheEndOfEachDesignatedInit() throws {
        let source = """
        import SwiftUI
        import Observation

        struct Player: View {
            @State private var model = PlayerModel()
            @StateObject private var store = Store()
            var body: some View { Text(model.name) }
        }

        @Observable
        final class PlayerModel {
            var name = ""
            init() {
                name = "x"
            }
            convenience init(name: String) {
                self.init()
            }
        }

        @MainActor final class Store: ObservableObject {
            @Published var items: [Int] = []
        }

        class Shared: ObservableObject {}

        final class Special: Shared {}

        """
        let result = try instrumented(source)
        #expect(result.contains("let traceProbe = ModelProbe(PlayerModel.self, owner: \"Player\")"))
        #expect(result.contains("let traceProbe = ModelProbe.announcing(Store.self, owner: \"Player\")"))
        #expect(result.contains("let traceProbe = ModelProbe.announcing(Shared.self)"))
        #expect(!result.contains("ModelProbe.announcing(Special.self)"), "Special has Shared's probe")
        // One ready() for the designated init, none for the convenience one.
        #expect(result.components(separatedBy: "traceProbe.ready()").count - 1 == 1)
        #expect(result.contains("        name = \"x\"\n        #if DEBUG\(Self.m)\n        traceProbe.ready()\(Self.m)"))
        #expect(String(decoding: InstrumentMarker.removed(from: Array(result.utf8)), as: UTF8.self) == source)
    }

    @Test func crlfBomAndTabsAreKept() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let text = "struct Tabbed: View {\r\n\tvar body: some View {\r\n\t\tText(\"t\")\r\n\t}\r\n}\r\n"
        let source = bom + Array(text.utf8)
        let result = try instrumented(bytes: source)
        #expect(Array(result.prefix(3)) == bom)
        let lines = String(decoding: result.dropFirst(3), as: UTF8.self).components(separatedBy: "\n").dropLast()
        #expect(lines.allSatisfy { $0.hasSuffix("\r") }, "every line keeps its CRLF")
        #expect(String(decoding: result.dropFirst(3), as: UTF8.self).hasPrefix("#if DEBUG\(Self.m)\r\nimport TraceProbe\(Self.m)\r\n"))
        #expect(String(decoding: result, as: UTF8.self).contains("\t}\r\n\t#if DEBUG\(Self.m)\r\n\t@State private var traceProbe = ViewProbe(Tabbed.self)\(Self.m)\r\n"))
        #expect(String(decoding: result, as: UTF8.self).contains("\t\tlet _ = traceProbe.bodyBegins()\(Self.m)\r\n"))
        #expect(InstrumentMarker.removed(from: result) == source)
    }

    @Test func conditionalsInsideAndAroundDeclarationsKeepTheirPlace() throws {
        let source = """
        import SwiftUI
        #if canImport(UIKit)
        import UIKit
        #endif

        #if os(iOS)
        struct Phone: View {
            #if DEBUG
            let debug = true
            #endif
            var body: some View {
                #if os(iOS)
                Text("phone")
                #else
                Text("other")
                #endif
            }
        }
        #endif

        """
        let result = try instrumented(source)
        // The import goes after the last import outside any #if.
        #expect(result.hasPrefix("import SwiftUI\n#if DEBUG\(Self.m)\nimport TraceProbe\(Self.m)\n#endif\(Self.m)\n#if canImport(UIKit)\n"))
        #expect(result.contains("ViewProbe(Phone.self)"))
        // The body ends in an #if: no modifier can follow it.
        #expect(!result.contains("probeLifecycle") && !result.contains("probeBodyEnds"))
        #expect(String(decoding: InstrumentMarker.removed(from: Array(result.utf8)), as: UTF8.self) == source)
    }

    @Test func printChangesInsertsSwiftUIsOwnLineOnlyAndNoImport() throws {
        let source = """
        import SwiftUI
        struct Card: View {
            var body: some View {
                Text("card")
            }
        }
        struct Bordered: ViewModifier {
            func body(content: Content) -> some View { content }
        }

        """
        let result = try instrumented(source, options: InstrumentOptions(mode: .printChanges, condition: "TRACE_VIEWS"))
        #expect(result == """
        import SwiftUI
        struct Card: View {
            var body: some View {
                #if TRACE_VIEWS\(Self.m)
                let _ = Self._printChanges()\(Self.m)
                #endif\(Self.m)
                Text("card")
            }
        }
        struct Bordered: ViewModifier {
            func body(content: Content) -> some View { content }
        }

        """)
    }

    /// `Equatable` the compiler writes from the stored properties would fail on the token;
    /// an `==` of the view's own does not care.
    @Test func viewsWhoseEquatableIsSynthesizedAreLeftAlone() throws {
        let source = """
        struct Row: View, Equatable {
            let title: String
            var body: some View { Text(title) }
        }
        struct Cell: View, Equatable {
            let title: String
            static func == (lhs: Cell, rhs: Cell) -> Bool { lhs.title == rhs.title }
            var body: some View { Text(title) }
        }
        struct Tagged: View {
            let id: Int
            var body: some View { Text("\\(id)") }
        }
        extension Tagged: Hashable {}

        """
        let result = try instrumented(source)
        #expect(!result.contains("ViewProbe(Row.self)") && !result.contains("ViewProbe(Tagged.self)"))
        #expect(result.contains("ViewProbe(Cell.self)"))
        #expect(result.components(separatedBy: "bodyBegins").count - 1 == 1, "only Cell's body is measured")
    }

    @Test func aFileThatAlreadyUsesTheProbesNameIsLeftAlone() throws {
        let source = "struct A: View {\n    let traceProbe = 1\n    var body: some View { Text(\"a\") }\n}\n"
        #expect(try instrumented(source) == source)
    }
}

/// Inserted lines keep within the file's own width, or 120 columns when all its lines are
/// narrower (SwiftLint's `line_length` error, which apps run as a build phase).
@Suite struct InstrumentLineWidthTests {
    static let name = "SettingsNotificationPreferencesDetailRowWithToggle"

    @Test func aLineThatWouldPassTheWidthIsCutAsACall() throws {
        let source = "enum Settings {\n    enum Notifications {\n        struct \(Self.name): View {\n            var body: some View { Text(\"x\") }\n        }\n    }\n}\n"
        let result = try instrumented(source)
        let lines = result.components(separatedBy: "\n")
        #expect(lines.allSatisfy { $0.count <= 120 }, "\(lines.filter { $0.count > 120 })")
        #expect(result.contains("""
                    @State private var traceProbe = ViewProbe( // trace-analyze:instrument
                        \(Self.name).self // trace-analyze:instrument
                    ) // trace-analyze:instrument
        """))
        #expect(String(decoding: InstrumentMarker.removed(from: Array(result.utf8)), as: UTF8.self) == source)
    }

    @Test func aFileWithWiderLinesKeepsTheLineWhole() throws {
        let wide = "// " + String(repeating: "x", count: 150) + "\n"
        let source = wide + "enum Settings {\n    enum Notifications {\n        struct \(Self.name): View {\n            var body: some View { Text(\"x\") }\n        }\n    }\n}\n"
        #expect(try instrumented(source).contains("@State private var traceProbe = ViewProbe(\(Self.name).self) // trace-analyze:instrument\n"))
    }
}
