import Foundation
import Testing

/// `docs/rules/` is what `trace-analyze rules --markdown` writes from the rules themselves, and the
/// README's rules table is the index's: a rule whose wording, thresholds or examples change, or a
/// new rule, fails here until the directory is made again with the one command the failure prints.
@Suite struct RuleDirectoryTests {
    static let regenerate = "scripts/rule-docs.sh"

    /// The pages the built tool writes, by file name.
    private func generated() throws -> [String: String] {
        let workspace = try Workspace()
        let result = try Tool.run(["rules", "--markdown", workspace.path("rules")])
        #expect(result.status == 0, "\(result.stderr)")
        let directory = workspace.path("rules")
        var pages: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            pages[name] = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
        }
        return pages
    }

    @Test func theRuleDirectoryIsWhatTheToolWrites() throws {
        let pages = try generated()
        let directory = Tool.packageRoot.appendingPathComponent("docs/rules").path
        let committed = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
        #expect(committed == Set(pages.keys), "docs/rules has other pages than the tool writes; run `\(Self.regenerate)`")
        for (name, text) in pages.sorted(by: { $0.key < $1.key }) {
            let file = try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            #expect(file == text, "docs/rules/\(name) differs from what the tool writes; run `\(Self.regenerate)`")
        }
        // Every rule `rules` lists has its page.
        let list = try Tool.run(["rules"]).stdout
        for line in list.split(separator: "\n") {
            guard let id = line.split(separator: " ").first, id.allSatisfy({ $0.isLowercase || $0 == "_" }), id.contains("_") else { continue }
            #expect(pages["\(id).md"] != nil, "rule \(id) has no page")
        }
    }

    @Test func theReadmeRulesTableIsTheIndexTable() throws {
        let index = try #require(try generated()["README.md"])
        func rows(_ text: String, link: String) -> [String] {
            text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| [`") }
                .map { $0.replacingOccurrences(of: "](\(link)", with: "](") }
        }
        let readme = try String(contentsOf: Tool.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let runtimeIndex = rows(index.components(separatedBy: "## Static rules").first ?? "", link: "")
        let readmeRows = rows(readme, link: "docs/rules/")
        #expect(!runtimeIndex.isEmpty)
        #expect(readmeRows == runtimeIndex, "README's rules table is not docs/rules/README.md's runtime table; run `\(Self.regenerate)`")
    }

    /// `rules ID` in the terminal prints, in order, every Swift block its page shows under "How to
    /// fix it" (the rule's own before/after, the lint rules' corrections and shapes), all made from
    /// one list (`RuleSwift`); every runtime rule's page shows some.
    @Test func theTerminalShowsThePagesSwift() throws {
        var checked = 0
        for (name, page) in try generated().sorted(by: { $0.key < $1.key }) where page.contains("Runtime rule · ") {
            let rule = String(name.dropLast(".md".count))
            let fix = try #require(page.components(separatedBy: "## How to fix it\n").dropFirst().first?.components(separatedBy: "## Configuration").first)
            let expected = try terminalBlocks(fix)
            #expect(!expected.isEmpty, "\(rule)'s page shows no Swift")
            try expectPrinted(expected, by: rule)
            checked += 1
        }
        #expect(checked >= 21, "\(checked) runtime rule pages")
    }

    /// A lint rule's own before/after pairs (a change `fix` does not make), as its page shows
    /// them, are what `rules ID` prints under "How to fix it", in the same order.
    @Test func theTerminalShowsALintRulesOwnPairs() throws {
        let marker = "In Swift, by hand ("
        var checked = 0
        for (name, page) in try generated().sorted(by: { $0.key < $1.key }) where page.contains("Static rule (") {
            let fix = try #require(page.components(separatedBy: "## How to fix it\n").dropFirst().first?.components(separatedBy: "## Configuration").first)
            guard let start = fix.range(of: marker) else { continue }
            let expected = try terminalBlocks(String(fix[start.lowerBound...]))
            let rule = String(name.dropLast(".md".count))
            #expect(expected.count >= 2, "\(rule)'s page has a pair without its Swift")
            try expectPrinted(expected, by: rule)
            checked += 1
        }
        #expect(checked >= 5, "\(checked) lint rule pages with their own pairs")
    }

    /// Each Swift block of a page's text as the terminal prints it: its label, then its code indented.
    private func terminalBlocks(_ fix: String) throws -> [String] {
        var expected: [String] = []
        let pieces = fix.components(separatedBy: "```swift\n")
        for (before, piece) in zip(pieces, pieces.dropFirst()) {
            let code = try #require(piece.components(separatedBy: "\n```").first)
            let label = before.hasSuffix("Before:\n\n") ? "  Before:\n" : before.hasSuffix("After:\n\n") ? "  After:\n" : ""
            expected.append(label + code.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "      " + $0 }.joined(separator: "\n") + "\n")
        }
        return expected
    }

    /// `rules ID` prints `blocks` under "How to fix it", in that order.
    private func expectPrinted(_ blocks: [String], by rule: String) throws {
        let detail = try Tool.run(["rules", rule])
        #expect(detail.status == 0)
        var rest = Substring(detail.stdout.components(separatedBy: "\nHow to fix it:\n").dropFirst().first?.components(separatedBy: "\nConfiguration").first ?? "")
        for block in blocks {
            guard let found = rest.range(of: block) else {
                Issue.record("`rules \(rule)` does not print, under How to fix it and in its page's order:\n\(block)")
                break
            }
            rest = rest[found.upperBound...]
        }
    }
}
