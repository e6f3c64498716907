import Testing
import TraceRules

/// One example of one rule, as a test argument.
struct ExampleCase: Sendable, CustomTestStringConvertible {
    let rule: String
    let triggering: Bool
    let index: Int
    let example: Example

    var testDescription: String { "\(rule) \(triggering ? "triggering" : "non-triggering") #\(index + 1)" }

    /// Where the example was written, so failures point at it.
    var location: SourceLocation {
        let file = example.filePath.split(separator: "/").last.map(String.init) ?? example.filePath
        return SourceLocation(fileID: "TraceRules/\(file)", filePath: example.filePath, line: example.line, column: 1)
    }

    static let all: [ExampleCase] = RuleRegistry.builtIn.rules.flatMap { rule -> [ExampleCase] in
        let description = rule.description
        return description.triggeringExamples.enumerated().map {
            ExampleCase(rule: description.identifier, triggering: true, index: $0.offset, example: $0.element)
        } + description.nonTriggeringExamples.enumerated().map {
            ExampleCase(rule: description.identifier, triggering: false, index: $0.offset, example: $0.element)
        }
    }
}

@Suite struct RuleExampleTests {
    /// Every example of every registered rule, through the real parser and store.
    @Test(arguments: ExampleCase.all)
    func example(_ exampleCase: ExampleCase) throws {
        let rule = try #require(RuleRegistry.builtIn.rule(exampleCase.rule))
        let configuration = RuleConfiguration()
            .restricted(to: [exampleCase.rule])
            .with(thresholds: exampleCase.example.thresholds, for: rule)
        let pipeline = try Pipeline(log: exampleCase.example.log)
        let findings = try pipeline.analyze(configuration)
        let cited = Set(findings.flatMap(\.lines)).sorted()
        if exampleCase.triggering {
            #expect(!findings.isEmpty, "expected a finding of \(exampleCase.rule)", sourceLocation: exampleCase.location)
            #expect(cited == exampleCase.example.markedLines,
                    "cited lines differ from the ↓ markers; messages: \(findings.map(\.message))",
                    sourceLocation: exampleCase.location)
        } else {
            #expect(findings.isEmpty, "unexpected: \(findings.map(\.message)) citing \(cited)", sourceLocation: exampleCase.location)
        }
    }
}
