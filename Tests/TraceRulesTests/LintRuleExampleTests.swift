import Testing
import TraceRules

/// One example of one lint rule, as a test argument.
struct LintExampleCase: Sendable, CustomTestStringConvertible {
    let rule: String
    let triggering: Bool
    let index: Int
    let example: LintExample

    var testDescription: String { "\(rule) \(triggering ? "triggering" : "non-triggering") #\(index + 1)" }

    /// Where the example was written, so failures point at it.
    var location: SourceLocation {
        let file = example.filePath.split(separator: "/").last.map(String.init) ?? example.filePath
        return SourceLocation(fileID: "TraceRules/\(file)", filePath: example.filePath, line: example.line, column: 1)
    }

    static let all: [LintExampleCase] = LintRegistry.builtIn.rules.flatMap { rule -> [LintExampleCase] in
        let description = rule.description
        return description.triggeringExamples.enumerated().map {
            LintExampleCase(rule: description.identifier, triggering: true, index: $0.offset, example: $0.element)
        } + description.nonTriggeringExamples.enumerated().map {
            LintExampleCase(rule: description.identifier, triggering: false, index: $0.offset, example: $0.element)
        }
    }
}

@Suite struct LintRuleExampleTests {
    /// Every example of every lint rule, through the real reader, with only its rule enabled:
    /// the findings' positions are the `↓` marks, exactly.
    @Test(arguments: LintExampleCase.all)
    func example(_ exampleCase: LintExampleCase) throws {
        let rule = try #require(LintRegistry.builtIn.rule(exampleCase.rule))
        let linter = Linter(configuration: LintConfiguration(registry: LintRegistry(rules: [rule])))
        let result = linter.lint(files: [("Example.swift", Array(exampleCase.example.code.utf8))])
        #expect(result.problems.isEmpty, "the example does not read cleanly: \(result.problems)", sourceLocation: exampleCase.location)
        let positions = result.findings.map(\.position)
        if exampleCase.triggering {
            #expect(!positions.isEmpty, "expected a finding of \(exampleCase.rule)", sourceLocation: exampleCase.location)
            #expect(positions == exampleCase.example.marks,
                    "found at \(positions) instead of the ↓ marks \(exampleCase.example.marks); messages: \(result.findings.map(\.message))",
                    sourceLocation: exampleCase.location)
        } else {
            #expect(positions.isEmpty, "unexpected: \(result.findings.map { "\($0.position) \($0.message)" })", sourceLocation: exampleCase.location)
        }
    }

    /// Ids are unique, snake_case, and never a runtime rule's (they share the configuration's sections).
    @Test func identifiers() {
        let ids = LintRegistry.builtIn.identifiers
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids).isDisjoint(with: RuleRegistry.builtIn.identifiers))
        for id in ids { #expect(id.allSatisfy { $0.isLowercase || $0 == "_" }, "\(id)") }
        for rule in LintRegistry.builtIn.rules {
            let description = rule.description
            #expect(!description.triggeringExamples.isEmpty && !description.nonTriggeringExamples.isEmpty, "\(description.identifier)")
            if let runtime = description.runtimeRule {
                #expect(RuleRegistry.builtIn.rule(runtime) != nil, "\(description.identifier) names an unknown runtime rule \(runtime)")
            }
        }
    }
}
