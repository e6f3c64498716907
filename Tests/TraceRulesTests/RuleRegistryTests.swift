import Foundation
import Testing
import TraceRules

@Suite struct RuleRegistryTests {
    let rules = RuleRegistry.builtIn.rules.map { $0.description }

    @Test func identifiersAreUniqueSnakeCase() {
        let identifiers = rules.map(\.identifier)
        #expect(Set(identifiers).count == identifiers.count)
        for identifier in identifiers {
            #expect(identifier.wholeMatch(of: /[a-z]+(_[a-z]+)*/) != nil, "\(identifier) is not snake_case")
        }
    }

    @Test func everyRuleFileIsRegistered() throws {
        let directory = Fixture.root.appendingPathComponent("Sources/TraceRules/Rules")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
        // `FooRule+Queries.swift` extends `FooRule`; the type is what must be registered.
        let types = Set(files.map { String($0.dropLast(".swift".count).split(separator: "+")[0]) })
        let registered = Set(RuleRegistry.builtIn.rules.map { String(describing: $0) })
        #expect(types == registered)
    }

    @Test func everyRuleIsDocumentedAndHasBothKindsOfExample() {
        for rule in rules {
            #expect(!rule.title.isEmpty && !rule.summary.isEmpty && !rule.rationale.isEmpty && !rule.fix.isEmpty, "\(rule.identifier)")
            #expect(!rule.triggeringExamples.isEmpty, "\(rule.identifier) has no triggering example")
            #expect(!rule.nonTriggeringExamples.isEmpty, "\(rule.identifier) has no non-triggering example")
            for example in rule.triggeringExamples {
                #expect(!example.markedLines.isEmpty, "\(rule.identifier): a triggering example marks no line")
            }
            for example in rule.triggeringExamples + rule.nonTriggeringExamples {
                #expect(example.note?.isEmpty == false, "\(rule.identifier): the example at line \(example.line) has no note")
            }
        }
    }

    @Test func thresholdsHaveUniqueSnakeCaseKeysAndValidDefaults() {
        for rule in rules {
            let keys = rule.thresholds.map(\.key)
            #expect(Set(keys).count == keys.count, "\(rule.identifier)")
            for threshold in rule.thresholds {
                #expect(threshold.key.wholeMatch(of: /[a-z]+(_[a-z]+)*/) != nil, "\(threshold.key)")
                #expect(threshold.key != "severity")
                #expect(threshold.problem(with: threshold.defaultValue) == nil, "\(rule.identifier).\(threshold.key)")
            }
            for example in rule.triggeringExamples + rule.nonTriggeringExamples {
                for key in example.thresholds.keys {
                    #expect(rule.threshold(key) != nil, "\(rule.identifier): an example sets unknown threshold \(key)")
                }
            }
        }
    }

    @Test func markersAreStrippedAndCounted() {
        let example = Example("a\n↓b\nc\n↓d")
        #expect(example.log == "a\nb\nc\nd\n")
        #expect(example.markedLines == [2, 4])
    }
}
