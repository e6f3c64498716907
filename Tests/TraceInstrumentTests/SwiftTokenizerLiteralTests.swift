import Foundation
import SwiftSource
import Testing

/// The shared reader's literals are Swift's: a literal misread hides code (the rest of a file
/// taken for a string) or invents brackets (`'(' is never closed` on a valid file). Each sample
/// is checked against the reader's own verdict and, where swiftc is at hand, against
/// `swiftc -parse`'s: valid Swift that the reader must read, brackets and all.
@Suite struct SwiftTokenizerLiteralTests {
    /// Valid Swift 6 sources whose code after a tricky literal must be read: each ends in a
    /// struct that the scanner must find.
    static let samples: [String] = [
        // A raw string holding one quote, not the start of a multi-line raw string.
        ##"let quote = #"""#"## + "\nstruct After {}\n",
        ###"let two = ##"a"#b"##"### + "\nstruct After {}\n",
        ###"let multi = #"""\###n  raw " and "# inside\###n  """#"### + "\nstruct After {}\n",
        "let plain = \"\"\"\n  \"quoted\" (\n  \"\"\"\nstruct After {}\n",
        // Regex literals holding brackets.
        #"let open = /\(/"# + "\nstruct After {}\n",
        #"let either = #/[{(]/#"# + "\nstruct After {}\n",
        #"let paren = /[(]x/"# + "\nstruct After {}\n",
        "let lines = #/\n  a ( b\n/#\nstruct After {}\n",
        #"func f(_ s: String) -> Bool { s.contains(/\)/) }"# + "\nstruct After {}\n",
        // Division, which is no regex.
        "let a = 6, b = 3\nlet q = a / b / (a)\nlet r = (a) / 2 / b\nstruct After {}\n",
        "let ops: [(Int, Int) -> Int] = [(/), (+)]\nlet x = [1].reduce(1, /)\nstruct After {}\n",
    ]

    @Test(arguments: samples)
    func codeAfterALiteralIsRead(_ source: String) throws {
        let tokens = SwiftTokenizer.tokens(Array(source.utf8))
        _ = try SwiftBrackets(tokens)
        let found = SwiftDeclarationScanner.scan(tokens: tokens, file: "Sample.swift")
        #expect(found.declarations.map(\.declaration.name) == ["After"], "\(tokens.map(\.text))")
    }

    @Test func divisionStaysAnOperatorAndARegexIsOneLiteral() {
        let division = SwiftTokenizer.tokens(Array("let q = a / b / c".utf8)).map(\.text)
        #expect(division == ["let", "q", "=", "a", "/", "b", "/", "c"])
        let regex = SwiftTokenizer.tokens(Array("let r = /a(b)/\nlet s = #/x/y/#".utf8)).map(\.text)
        #expect(regex == ["let", "r", "=", "\"", "let", "s", "=", "\""])
        // A `/` followed by a space is an operator, as Swift reads `x = / y/`.
        #expect(SwiftTokenizer.tokens(Array("f(/ 2/)".utf8)).map(\.text) == ["f", "(", "/", "0", "/", ")"])
    }

    /// swiftc agrees that every sample is valid Swift (Swift 6 mode, where bare regex literals
    /// are on), so the reader is held to the compiler's reading, not to ours.
    @Test func swiftcParsesEverySample() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tokenizer-literals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (number, sample) in Self.samples.enumerated() {
            let file = directory.appendingPathComponent("Sample\(number).swift")
            try Data(sample.utf8).write(to: file)
            let result = TypeCheckHarness.swiftc(["-parse", "-swift-version", "6", file.path])
            #expect(result.status == 0, "sample \(number) is not valid Swift:\n\(sample)\n\(result.output)")
        }
    }
}
