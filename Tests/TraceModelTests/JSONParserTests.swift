import Testing
import TraceModel

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#"{"a": [1, -2.5e1, true, false, null], "b": "x\"\u00e9\ud83d\ude00\n", "a2": {}}"#)
        #expect(value == .object([
            "a": .array([.number(1), .number(-25), .bool(true), .bool(false), .null]),
            "b": .string("x\"é😀\n"),
            "a2": .object([:], order: []),
        ], order: ["a", "b", "a2"]))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9),
        ("{\n  \"a\" 1\n}", 2, 7),
        ("[1, 2", 1, 6),
        ("\"open", 1, 6),
        ("{} x", 1, 4),
    ])
    func namesWhereItFailed(text: String, line: Int, column: Int) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
        do { _ = try JSONParser.parse(text) } catch {
            #expect(error.line == line)
            #expect(error.column == column)
        }
    }

    @Test func boundsNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(deep) }
    }
}
