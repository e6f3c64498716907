import Foundation
import Testing

/// The README's `why` and `views` examples are the tool's real output: each block marked for
/// this test is run as written, from the package root, and must print exactly what it shows.
@Suite struct ExplainReadmeTests {
    @Test func theExplainExamplesAreRealOutput() throws {
        let text = try String(contentsOf: ReadmeWorkflowTests.readme, encoding: .utf8)
        let marker = "<!-- example: kept in sync by ExplainReadmeTests -->\n```\n$ trace-analyze "
        let examples = text.components(separatedBy: marker).dropFirst()
        #expect(examples.count == 5)
        var commands: [String] = []
        for example in examples {
            let commandLine = String(example.prefix { $0 != "\n" })
            let body = example.dropFirst(commandLine.count + 1)
            let output = String(body[..<(try #require(body.range(of: "```\n"))).lowerBound])
            let result = try Tool.run(commandLine.split(separator: " ").map(String.init), in: Tool.packageRoot)
            #expect(result.status == 0)
            #expect(result.stdout == output, "README example `trace-analyze \(commandLine)` is out of date")
            commands.append(String(commandLine.prefix { $0 != " " }))
        }
        #expect(Set(commands) == ["why", "views"])
    }
}
