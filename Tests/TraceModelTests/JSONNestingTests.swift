import Testing
@testable import TraceModel

/// The nesting walk the streaming readers share to find where a JSON value ends.
@Suite struct JSONNestingTests {
    /// The offsets of the bytes `step` says end a top-level value, and the walk after the last byte.
    private func walk(_ text: String, lineFeedEndsString: Bool = false) -> (ends: [Int], after: JSONNesting) {
        var nesting = JSONNesting(lineFeedEndsString: lineFeedEndsString)
        var ends: [Int] = []
        for (offset, byte) in text.utf8.enumerated() where nesting.step(byte) { ends.append(offset) }
        return (ends, nesting)
    }

    @Test func nestedObjectsAndArraysEndAtTheOutermostBracket() {
        let text = #"{"a":[1,{"b":[]}],"c":{"d":{}}}"#
        var nesting = JSONNesting()
        var depths: [Int] = []
        for byte in text.utf8 { _ = nesting.step(byte); depths.append(nesting.depth) }
        #expect(depths.max() == 4)
        #expect(walk(text).ends == [text.utf8.count - 1])
        #expect(walk("[[],[[]],{}]").ends == [11])
        #expect(!walk(text).after.isOpen)
    }

    @Test func valuesOneAfterAnotherEachEnd() {
        #expect(walk("{}[]\n{\"a\":[]} [1]").ends == [1, 3, 12, 16])
    }

    @Test(arguments: [
        #"{"a":"x\"}"}"#,  // an escaped quote does not close the string
        #"{"a":"x\\"}"#,  // an escaped backslash does not escape the quote after it
        #"{"a":"\\\"}]"}"#,  // a backslash, then an escaped quote
        #"{"a\"}":"\u005d"}"#,  // in a key too
    ])
    func escapesInStringsAreStepped(_ text: String) {
        #expect(walk(text).ends == [text.utf8.count - 1])
    }

    @Test func bracketsInsideStringsDoNotCount() {
        let text = #"{"open":"{[[{","close":"}]]}"}"#
        var nesting = JSONNesting()
        var deepest = 0
        for byte in text.utf8 { _ = nesting.step(byte); deepest = max(deepest, nesting.depth) }
        #expect(deepest == 1)
        #expect(walk(text).ends == [text.utf8.count - 1])
    }

    @Test func aStringAtTheTopLevelEndsAtItsClosingQuote() {
        let text = #""a [ \" { \\""#
        #expect(walk(text).ends == [text.utf8.count - 1])
        #expect(walk(text).after.depth == 0)
        #expect(!walk(text).after.inString)
    }

    @Test func scalarsAtTheTopLevelChangeNothing() {
        let scalars = walk("42 -1.5e3 true false null\t,:")
        #expect(scalars.ends.isEmpty)
        #expect(scalars.after.depth == 0)
        #expect(!scalars.after.inString)
        #expect(walk("7 {\"a\":7} 7").ends == [8])
    }

    @Test func aClosingBracketWithNothingOpenIsIgnored() {
        let stray = walk("]}")
        #expect(stray.ends.isEmpty)
        #expect(stray.after.depth == 0)
        #expect(walk("]}[]").ends == [3])
    }

    @Test func truncatedInputLeavesTheValueOpen() {
        let inArray = walk(#"{"a":[1,2"#)
        #expect(inArray.ends.isEmpty)
        #expect(inArray.after.isOpen)
        #expect(inArray.after.depth == 2)
        #expect(!inArray.after.inString)

        let inString = walk(#"{"a":"b}]"#)
        #expect(inString.ends.isEmpty)
        #expect(inString.after.inString)

        // Cut right after a backslash: the quote the next chunk starts with is escaped.
        var cut = walk(#"{"a":"b\"#).after
        #expect(cut.inString)
        var ends: [Bool] = []
        for byte in #""}"#.utf8 { ends.append(cut.step(byte)) }
        #expect(ends == [false, false])
        #expect(cut.inString)
        ends = []
        for byte in #""}"#.utf8 { ends.append(cut.step(byte)) }
        #expect(ends == [false, true])
    }

    @Test func aLineFeedEndsAStringOnlyWhenAsked() {
        let text = "{\"a\":\"x\n}"
        #expect(walk(text).ends.isEmpty)
        #expect(walk(text).after.inString)
        #expect(walk(text, lineFeedEndsString: true).ends == [8])
        // The line feed closes the string, not the value, even at the top level.
        let top = walk("\"x\n", lineFeedEndsString: true)
        #expect(top.ends.isEmpty)
        #expect(!top.after.inString)
        // An escaped line feed is taken as it is.
        #expect(walk("{\"a\":\"x\\\n}", lineFeedEndsString: true).after.inString)
    }

    /// Every value JSONParser reads whole ends, by the walk, at its last byte and nowhere before.
    @Test(arguments: [
        #"{"a": [1, -2.5e1, true, false, null], "b": "x\"\u00e9\n", "a2": {}}"#,
        #"[{"eventMessage" : "}\\", "x": [[], {}]}, "]", "\\\\"]"#,
        "\"é 😀 [\"",
    ])
    func agreesWithTheParserOnWhereAValueEnds(_ text: String) throws {
        _ = try JSONParser.parse(text)
        #expect(walk(text).ends == [text.utf8.count - 1])
    }
}
