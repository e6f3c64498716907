import Foundation
import Testing
import TraceRules

/// One runtime or lint rule's Swift before/after pair, as a test argument.
struct SwiftPairCase: Sendable, CustomTestStringConvertible {
    let rule: String
    let index: Int
    let pair: SwiftPair
    /// True for a lint rule's pair, whose `before` that rule must flag.
    var isLint: Bool = false

    var testDescription: String { "\(rule) Swift pair #\(index + 1)" }

    /// Where the pair was written, so failures point at it.
    var location: SourceLocation {
        let file = pair.filePath.split(separator: "/").last.map(String.init) ?? pair.filePath
        return SourceLocation(fileID: "TraceRules/\(file)", filePath: pair.filePath, line: pair.line, column: 1)
    }

    static let all: [SwiftPairCase] = RuleRegistry.builtIn.rules.flatMap { rule -> [SwiftPairCase] in
        let description = rule.description
        return description.swiftFix.enumerated().map { SwiftPairCase(rule: description.identifier, index: $0.offset, pair: $0.element) }
    } + LintRegistry.builtIn.rules.flatMap { rule -> [SwiftPairCase] in
        let description = rule.description
        return description.swiftFix.enumerated().map { SwiftPairCase(rule: description.identifier, index: $0.offset, pair: $0.element, isLint: true) }
    }
}

/// The rules' Swift pairs are real code: each file type-checks against the SwiftUI
/// stand-in in both language modes, and lint sees in it what the pair says it sees.
@Suite struct RuleSwiftPairTests {
    /// `before` and `after` each type-check on their own, in Swift 6 and Swift 5 mode, and differ.
    @Test(arguments: SwiftPairCase.all)
    func typeChecks(_ pairCase: SwiftPairCase) throws {
        let standIn = try StandInModule.shared.get()
        #expect(pairCase.pair.before != pairCase.pair.after, sourceLocation: pairCase.location)
        for (name, code) in [("before", pairCase.pair.before), ("after", pairCase.pair.after)] {
            for version in [6, 5] {
                let result = try standIn.typeCheck(code, swiftVersion: version)
                #expect(result.status == 0, "\(name) does not type-check in Swift \(version):\n\(result.output)", sourceLocation: pairCase.location)
            }
        }
    }

    /// Lint flags `before` with exactly the rules the pair names (a lint rule's pair names that
    /// rule), and finds nothing in `after`.
    @Test(arguments: SwiftPairCase.all)
    func lintSeesTheShape(_ pairCase: SwiftPairCase) {
        if pairCase.isLint {
            #expect(pairCase.pair.lintRules.contains(pairCase.rule), "a lint rule's pair must name the rule itself", sourceLocation: pairCase.location)
        }
        let linter = Linter(configuration: LintConfiguration(registry: .builtIn))
        let before = linter.lint(files: [("Before.swift", Array(pairCase.pair.before.utf8))]).findings
        let after = linter.lint(files: [("After.swift", Array(pairCase.pair.after.utf8))]).findings
        #expect(Set(before.map(\.rule)) == Set(pairCase.pair.lintRules), "lint on before: \(before.map(\.message))", sourceLocation: pairCase.location)
        #expect(after.isEmpty, "lint on after: \(after.map { "\($0.rule): \($0.message)" })", sourceLocation: pairCase.location)
    }

    /// Every runtime rule's page shows a Swift before/after: its own pairs, or the correction of
    /// a lint rule that explains it (a lint rule's shape alone is no fix).
    @Test func everyRuntimeRuleHasABeforeAndAfter() {
        var corrected: Set<String> = []
        for lint in LintRegistry.builtIn.rules where lint.description.corrections.contains(where: { $0.before != $0.after }) {
            corrected.formUnion(lint.description.explains)
        }
        for rule in RuleRegistry.builtIn.rules {
            let description = rule.description
            #expect(!description.swiftFix.isEmpty || corrected.contains(description.identifier), "\(description.identifier) has no Swift before/after")
        }
    }

    /// Lint rules another branch is giving corrections (`fix` pairs), which will be their
    /// before/after; until those arrive they may have none.
    static let awaitingCorrections: Set<String> = ["eager_navigation_destination", "unstable_foreach_id"]

    /// Every lint rule's page shows a Swift before/after: its corrections, which `fix` makes, or
    /// its own pairs for a change that needs a person (only the rules awaiting corrections may
    /// have neither, and only while they have no corrections).
    @Test func everyLintRuleHasABeforeAndAfter() {
        let identifiers = Set(LintRegistry.builtIn.identifiers)
        #expect(Self.awaitingCorrections.isSubset(of: identifiers), "not lint rules: \(Self.awaitingCorrections.subtracting(identifiers).sorted())")
        for rule in LintRegistry.builtIn.rules {
            let description = rule.description
            let corrected = description.corrections.contains { $0.before != $0.after }
            let awaiting = Self.awaitingCorrections.contains(description.identifier) && description.corrections.isEmpty
            #expect(corrected || !description.swiftFix.isEmpty || awaiting, "\(description.identifier) has no Swift before/after")
        }
    }

    /// The harness can fail: code that uses a name the stand-in lacks does not type-check.
    @Test func brokenCodeFails() throws {
        let standIn = try StandInModule.shared.get()
        let result = try standIn.typeCheck("import SwiftUI\n\nstruct Broken: View {\n    var body: some View { NoSuchView(\"x\") }\n}\n", swiftVersion: 6)
        #expect(result.status != 0)
        #expect(result.output.contains("NoSuchView"))
    }
}
