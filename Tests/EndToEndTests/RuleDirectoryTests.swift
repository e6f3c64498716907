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

    /// `rules ID` in the terminal prints the Swift before/after its page shows under "How to fix
    /// it", both made from the rule's own pair.
    @Test(arguments: ["update_loop", "repeated_appear", "main_thread_hang"])
    func theTerminalShowsThePagesSwift(_ rule: String) throws {
        let page = try #require(try generated()["\(rule).md"])
        let fix = try #require(page.components(separatedBy: "## How to fix it\n").dropFirst().first?.components(separatedBy: "## Configuration").first)
        let blocks = fix.components(separatedBy: "```swift\n").dropFirst().compactMap { $0.components(separatedBy: "\n```").first }
        #expect(blocks.count == 2, "\(rule)'s page shows \(blocks.count) Swift blocks")
        guard blocks.count == 2 else { return }
        let detail = try Tool.run(["rules", rule])
        #expect(detail.status == 0)
        func indented(_ code: String) -> String {
            code.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "      " + $0 }.joined(separator: "\n") + "\n"
        }
        let swift = "  Before:\n" + indented(blocks[0]) + "  After:\n" + indented(blocks[1])
        let howTo = detail.stdout.components(separatedBy: "\nHow to fix it:\n").dropFirst().first?.components(separatedBy: "\nConfiguration").first ?? ""
        #expect(howTo.contains("\n  In Swift: ") && howTo.hasSuffix(swift), "`rules \(rule)` does not print its page's Swift under How to fix it:\n\(detail.stdout)")
    }
}
