import Testing
@testable import TraceInstrument

/// Where a model's `ready()` goes: at the end of each designated init it declares, found as a
/// declaration and not as a `.init(` call, and never where it would be dead code or a value.
/// Type-checking alone cannot tell (a `ready()` in a getter or a method compiles, and runs on
/// every call), so these read what was inserted.
@Suite struct InstrumentInitTests {
    static let m = " // trace-analyze:instrument"

    /// The line after each inserted `traceProbe.ready()`'s marked block, and the line before it.
    func readyPlaces(_ text: String) -> [(before: String, after: String)] {
        let lines = text.components(separatedBy: "\n")
        return lines.indices.compactMap { index in
            guard lines[index].hasSuffix("traceProbe.ready()\(Self.m)"), index >= 2, index + 2 < lines.count else { return nil }
            return (lines[index - 2].trimmingCharacters(in: .whitespaces), lines[index + 2].trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func aDotInitInAnInitialValueIsACallNotAnInit() throws {
        let source = """
        final class Store: ObservableObject {
            var rows: [Int] = .init()
            static let current: Store = .init()
            var count: Int {
                rows.count
            }
            var query = "" {
                didSet { rows = .init() }
            }
            lazy var copy: [Int] = { Array.init(rows) }()
            func reload() {
                rows = .init(repeating: 0, count: 2)
            }
        }

        """
        let result = try instrumented(source)
        #expect(!result.contains("ready()"), "no init is declared: \(result)")
        #expect(result.contains("let traceProbe = ModelProbe.announcing(Store.self)"))
        #expect(String(decoding: InstrumentMarker.removed(from: Array(result.utf8)), as: UTF8.self) == source)
    }

    @Test func aRealInitAfterADotInitGetsOneReadyAtItsEnd() throws {
        let source = """
        final class Library: ObservableObject {
            var cache: [String] = .init()
            let name: String
            init(name: String) {
                self.name = name
                cache = .init(arrayLiteral: name)
            }
            required init?(code: Int) where Int: Equatable {
                name = "\\(code)"
            }
            init<T>(_ value: T) { name = "\\(value)" }
        }

        """
        let result = try instrumented(source)
        #expect(result.contains("let traceProbe = ModelProbe(Library.self)"))
        #expect(readyPlaces(result).map(\.before) == ["cache = .init(arrayLiteral: name)", "name = \"\\(code)\"", "init<T>(_ value: T) { name = \"\\(value)\"  // trace-analyze:instrument:split:4"])
    }

    @Test func anInitEndingInReturnGetsReadyBeforeItAndOneThatNeverReturnsNone() throws {
        let source = """
        final class Account: ObservableObject {
            let id: Int
            init(id: Int) {
                self.id = id
                return
            }
            init(never: Void) {
                fatalError("not supported")
            }
            init(failing: Void) throws {
                throw CancellationError()
            }
        }

        """
        let result = try instrumented(source)
        #expect(readyPlaces(result).map(\.after) == ["return"])
        #expect(result.components(separatedBy: "ready()").count - 1 == 1)
    }

    /// A model's one-line `init() {}` is cut once, where `ready()` must go, and its `}` stays
    /// under its `init`, not at the margin; a view's is not cut at all (it needs nothing).
    @Test func aOneLineInitIsCutOnceAndJoinedByRemove() throws {
        let source = "final class Feed: ObservableObject {\n    init() {}\n}\n\nstruct FeedView: View {\n    init() {}\n    var body: some View { Text(\"feed\") }\n}\n"
        let result = try instrumented(source)
        #expect(result.contains("""
                init() { // trace-analyze:instrument:split:4
                    #if DEBUG // trace-analyze:instrument
                    traceProbe.ready() // trace-analyze:instrument
                    #endif // trace-analyze:instrument
                }
            }

            """), "\(result)")
        #expect(result.contains("""
                var body: some View { // trace-analyze:instrument:split:7
                    #if DEBUG // trace-analyze:instrument
                    let _ = traceProbe.bodyBegins() // trace-analyze:instrument
                    #endif // trace-analyze:instrument
                    Text("feed")  // trace-analyze:instrument:split:4
            """), "\(result)")
        #expect(result.contains("    init() {}\n    var body"), "the view's init is not cut")
        #expect(result.components(separatedBy: "instrument:split").count - 1 == 3, "\(result)")
        #expect(String(decoding: InstrumentMarker.removed(from: Array(result.utf8)), as: UTF8.self) == source)
        // A file cut by an earlier version (a bare `split`, the code after it at the margin) is
        // still given back whole.
        let older = "struct A: View {\n    var body: some View { // trace-analyze:instrument:split\n        let _ = 1 // trace-analyze:instrument\n Text(\"a\") }\n}\n"
        #expect(String(decoding: InstrumentMarker.removed(from: Array(older.utf8)), as: UTF8.self) == "struct A: View {\n    var body: some View { Text(\"a\") }\n}\n")
    }
}
