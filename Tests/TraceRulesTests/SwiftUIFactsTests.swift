import Foundation
import Testing
import TraceRules

/// Every text a user reads about SwiftUI states only what `SwiftUIFacts` says.
@Suite struct SwiftUIFactsTests {
    /// Each fact has a source, names known rules, and its patterns catch its wrong sentences
    /// (so the check below can fail) but not its own statement.
    @Test func factsAreSourcedAndTheirPatternsBite() throws {
        let known = Set(RuleRegistry.builtIn.identifiers + LintRegistry.builtIn.identifiers)
        #expect(Set(SwiftUIFacts.all.map(\.identifier)).count == SwiftUIFacts.all.count)
        for fact in SwiftUIFacts.all {
            #expect(!fact.sources.isEmpty && fact.sources.allSatisfy { $0.contains("https://developer.apple.com/") }, "\(fact.identifier)")
            for rule in fact.rules { #expect(known.contains(rule), "\(fact.identifier) names unknown rule \(rule)") }
            #expect(!fact.wrongExamples.isEmpty, "\(fact.identifier)")
            for wrong in fact.wrongExamples {
                #expect(SwiftUIFacts.contradiction(in: wrong)?.fact.identifier == fact.identifier, "\(fact.identifier) misses: \(wrong)")
            }
            #expect(SwiftUIFacts.contradiction(in: fact.statement) == nil, "\(fact.identifier)'s statement contradicts a fact")
        }
    }

    /// The issue's own example: the old advice for `heavy_initializer` is caught.
    @Test func theOldStateAdviceIsCaught() {
        let old = "Keep view inits to storing their arguments. Create objects in `@StateObject`/`@State` (made once per identity), in `.task`/`.onAppear`."
        #expect(SwiftUIFacts.contradiction(in: old)?.fact.identifier == "state_initial_value")
        #expect(SwiftUIFacts.contradiction(in: "`@StateObject` (its autoclosure runs once per identity)") == nil)
    }

    /// Every runtime and lint rule's summary, rationale and fix, and their Swift pairs.
    @Test func ruleTexts() {
        var texts: [(String, String)] = []
        for rule in RuleRegistry.builtIn.rules {
            let d = rule.description
            texts += [("\(d.identifier) summary", d.summary), ("\(d.identifier) rationale", d.rationale), ("\(d.identifier) fix", d.fix)]
            for (index, pair) in d.swiftFix.enumerated() {
                texts += [("\(d.identifier) Swift pair #\(index + 1)", pair.note + "\n" + pair.before + "\n" + pair.after)]
            }
        }
        for rule in LintRegistry.builtIn.rules {
            let d = rule.description
            texts += [("\(d.identifier) summary", d.summary), ("\(d.identifier) rationale", d.rationale), ("\(d.identifier) fix", d.fix)]
            for (index, pair) in d.swiftFix.enumerated() {
                texts += [("\(d.identifier) Swift pair #\(index + 1)", pair.note + "\n" + pair.before + "\n" + pair.after)]
            }
        }
        for (name, text) in texts {
            if let found = SwiftUIFacts.contradiction(in: text) {
                Issue.record("\(name) contradicts \(found.fact.identifier): “\(found.match)”")
            }
        }
    }

    /// Every lint message (with its concrete fix) from every triggering example, and every
    /// runtime finding's message from every triggering example.
    @Test func findingMessages() throws {
        for exampleCase in LintExampleCase.all where exampleCase.triggering {
            let rule = try #require(LintRegistry.builtIn.rule(exampleCase.rule))
            let linter = Linter(configuration: LintConfiguration(registry: LintRegistry(rules: [rule])))
            let result = linter.lint(files: [("Example.swift", Array(exampleCase.example.code.utf8))])
            for finding in result.findings {
                if let found = SwiftUIFacts.contradiction(in: finding.message + " " + (finding.fix ?? "")) {
                    Issue.record("\(exampleCase.testDescription) contradicts \(found.fact.identifier): “\(found.match)”", sourceLocation: exampleCase.location)
                }
            }
        }
        for exampleCase in ExampleCase.all where exampleCase.triggering {
            let findings = try Pipeline.findings(exampleCase.rule, exampleCase.example.log)
            for finding in findings {
                if let found = SwiftUIFacts.contradiction(in: finding.message) {
                    Issue.record("\(exampleCase.testDescription) contradicts \(found.fact.identifier): “\(found.match)”", sourceLocation: exampleCase.location)
                }
            }
        }
    }

    /// Every page in docs/ and the README.
    @Test func documentation() throws {
        let root = Fixture.root
        var pages = [root.appendingPathComponent("README.md").path]
        let docs = root.appendingPathComponent("docs")
        let enumerator = try #require(FileManager.default.enumerator(atPath: docs.path))
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".md") else { continue }
            pages.append(docs.appendingPathComponent(relative).path)
        }
        #expect(pages.count > 20, "docs/ not found at \(docs.path)")
        for page in pages {
            let text = try String(contentsOfFile: page, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if let found = SwiftUIFacts.contradiction(in: String(line)) {
                    Issue.record("\(page):\(number + 1) contradicts \(found.fact.identifier): “\(found.match)”")
                }
            }
        }
    }
}
