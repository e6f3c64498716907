import Foundation
import Testing
import TraceRules

/// One before → after pair of one lint rule, as a test argument.
struct LintCorrectionCase: Sendable, CustomTestStringConvertible {
    let rule: String
    let index: Int
    let correction: LintCorrection

    var testDescription: String { "\(rule) correction #\(index + 1)" }

    var location: SourceLocation {
        let file = correction.filePath.split(separator: "/").last.map(String.init) ?? correction.filePath
        return SourceLocation(fileID: "TraceRules/\(file)", filePath: correction.filePath, line: correction.line, column: 1)
    }

    static let all: [LintCorrectionCase] = LintRegistry.builtIn.rules.flatMap { rule -> [LintCorrectionCase] in
        let description = rule.description
        return description.corrections.enumerated().map { LintCorrectionCase(rule: description.identifier, index: $0.offset, correction: $0.element) }
    }
}

@Suite struct LintCorrectionTests {
    /// `fix` with only the rule enabled makes `before` into `after` exactly; a second run
    /// changes nothing; `after` still parses (`swiftc -parse`).
    @Test(arguments: LintCorrectionCase.all)
    func correction(_ correctionCase: LintCorrectionCase) throws {
        let rule = try #require(LintRegistry.builtIn.rule(correctionCase.rule))
        let fixer = LintFixer(configuration: LintConfiguration(registry: LintRegistry(rules: [rule])))
        let before = Array(correctionCase.correction.before.utf8)
        let fixed = fixer.fix(files: [("Example.swift", before)])
        let after = fixed.files.first?.new ?? before
        #expect(String(decoding: after, as: UTF8.self) == correctionCase.correction.after, sourceLocation: correctionCase.location)
        #expect(fixer.fix(files: [("Example.swift", after)]).files.isEmpty, "a second run changed the file", sourceLocation: correctionCase.location)
        if after != before {
            // A fixed site is no longer flagged by the rule.
            let linted = Linter(configuration: LintConfiguration(registry: LintRegistry(rules: [rule]))).lint(files: [("Example.swift", after)])
            #expect(linted.findings.allSatisfy { $0.change == nil }, sourceLocation: correctionCase.location)
            #expect(fixed.countsByRule[correctionCase.rule, default: 0] > 0, sourceLocation: correctionCase.location)
        }
        #expect(try SwiftParse.errors(correctionCase.correction.after) == "", sourceLocation: correctionCase.location)
    }

    /// The rules the issue asks for can fix, and every rule that can fix has a pair that changes code.
    @Test func fixableRules() {
        #expect(Set(LintFixer.fixableRules).isSuperset(of: ["observed_object_created", "conditional_view_identity"]))
        for rule in LintRegistry.builtIn.rules where rule.description.canFix {
            #expect(rule.description.corrections.contains { $0.before != $0.after }, "\(rule.description.identifier)")
        }
    }

    /// A rule's concrete fix names the user's view, property and type.
    @Test func concreteFixNamesTheUsersCode() {
        let code = """
            struct SettingsScreen: View {
                @ObservedObject var model = SettingsModel()
                var body: some View { Text("x") }
            }
            """
        let finding = Linter().lint(files: [("S.swift", Array(code.utf8))]).findings.first { $0.rule == "observed_object_created" }
        #expect(finding?.fix == "In `SettingsScreen`, `@ObservedObject var model = SettingsModel()` → `@StateObject private var model = SettingsModel()`, so SettingsScreen makes one SettingsModel per identity and keeps it")
        #expect(finding?.change?.diffLines == ["-     @ObservedObject var model = SettingsModel()", "+     @StateObject private var model = SettingsModel()"])
        #expect(finding?.message.hasSuffix("Fix: " + (finding?.fix ?? "")) == true)
    }
}

/// `swiftc -parse` on a snippet: its errors, empty when it parses.
enum SwiftParse {
    static func errors(_ code: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Fixed.swift")
        try Data(code.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-parse", file.path]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? "" : String(decoding: output, as: UTF8.self)
    }
}
