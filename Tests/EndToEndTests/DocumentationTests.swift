import Foundation
import Testing

/// Every command the README and the guide show runs here, as written, with the built binary
/// against the fixtures: a transcript must print what it shows, a command line must run without
/// an error, and a command block nobody marked fails, so a page cannot show an untested command.
/// `UPDATE_DOCS=1 swift test --filter DocumentationTests` writes what the commands print into the
/// transcripts instead (those without `...`), as `UPDATE_GOLDEN=1` does for golden files.
@Suite struct DocumentationTests {
    static let updating = ProcessInfo.processInfo.environment["UPDATE_DOCS"] == "1"

    @Test(arguments: try Documentation.pages())
    func theCommandsOfAPageRunAsShown(_ path: String) throws {
        let page = try Documentation.load(path)
        let workspace = try DocumentationWorkspace()
        var rewritten: [(block: Documentation.Block, body: String)] = []
        for block in page.blocks {
            let place = "\(path):\(block.line)"
            switch block.marker {
            case "doc: output":
                let body = try checkTranscript(block.body, at: place, in: workspace)
                if body != block.body { rewritten.append((block, body)) }
            case "doc: run":
                let lines = commandLines(block.body)
                #expect(!lines.isEmpty, "\(place): a block marked run runs no trace-analyze line")
                for line in lines {
                    let result = try workspace.run(line)
                    #expect([0, 2].contains(result.status) && !result.stderr.contains("error:"),
                            "\(place): `\(line)` exited \(result.status): \(result.stderr)")
                }
            case let marker? where marker.hasPrefix("doc: file "):
                _ = try workspace.workspace.write(String(marker.dropFirst("doc: file ".count)), block.body)
            case nil:
                #expect(!looksLikeCommands(block), "\(place): a command block without a marker: mark it <!-- doc: output -->, <!-- doc: run --> or <!-- doc: shown --> (see CONTRIBUTING.md)")
            default:
                break
            }
        }
        if Self.updating, !rewritten.isEmpty { try page.replacing(rewritten) }
    }

    /// Runs each `$ ` line of a transcript and compares what it printed with the lines below it;
    /// returns the transcript with what the commands printed (a command shown with `...` as it was).
    private func checkTranscript(_ body: String, at place: String, in workspace: DocumentationWorkspace) throws -> String {
        var lines = body.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        #expect(lines.first?.hasPrefix("$ ") == true, "\(place): a transcript starts with a `$ ` command line")
        var actualBody: [String] = []
        var index = 0
        while index < lines.count {
            let command = String(lines[index].dropFirst(2))
            var end = index + 1
            while end < lines.count, !lines[end].hasPrefix("$ ") { end += 1 }
            var expected = Array(lines[(index + 1)..<end])
            // A blank line before the next command only separates them on the page.
            var separators = 0
            while expected.last == "" { expected.removeLast(); separators += 1 }
            let result = try workspace.run(command)
            var actual = (result.stdout + result.stderr).components(separatedBy: "\n")
            if actual.last == "" { actual.removeLast() }
            let matches = matchesTranscript(actual, expected)
            if !Self.updating {
                #expect(matches, "\(place): `\(command)` printed (exit \(result.status)):\n\(actual.joined(separator: "\n"))\n--- the page shows:\n\(expected.joined(separator: "\n"))")
            }
            let shown = matches || expected.contains("...") ? expected : actual
            actualBody += [lines[index]] + shown + Array(repeating: "", count: separators)
            index = end
        }
        return actualBody.map { $0 + "\n" }.joined()
    }

    /// The lines of a run block that run the tool, with `\` continuations joined.
    private func commandLines(_ body: String) -> [String] {
        var joined: [String] = []
        var pending = ""
        for line in body.components(separatedBy: "\n") {
            if line.hasSuffix("\\") { pending += line.dropLast() + " "; continue }
            joined.append((pending + line).trimmingCharacters(in: .whitespaces))
            pending = ""
        }
        return joined.filter { $0.hasPrefix("trace-analyze ") || $0.hasPrefix("swift run trace-analyze ") }
    }

    /// A shell block, or one whose first line is a `$ ` command.
    private func looksLikeCommands(_ block: Documentation.Block) -> Bool {
        ["sh", "bash", "shell", "console"].contains(block.language) || block.body.hasPrefix("$ ")
    }

    /// The README's commands table names every command `--help` lists, and only those.
    @Test func theReadmeListsEveryCommand() throws {
        let help = try Tool.run(["--help"]).stdout
        let section = try #require(help.components(separatedBy: "COMMANDS:\n").last?.components(separatedBy: "\n\n").first)
        let commands = section.split(separator: "\n").compactMap { line -> String? in
            line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first.map(String.init) : nil
        }
        #expect(commands.count > 10)
        let readme = try String(contentsOf: Tool.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let table = try #require(readme.components(separatedBy: "## Commands\n").last?.components(separatedBy: "\n## ").first)
        let listed = table.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row in
            (row.dropFirst(2).components(separatedBy: " | ").first ?? "").components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }
                .compactMap { $0.element.split(separator: " ").first.map(String.init) }
        }
        #expect(Set(listed) == Set(commands), "README's commands table: \(listed.sorted()), --help: \(commands.sorted())")
    }

    /// The configuration tables (README, docs/configuration.md) name every key the tool accepts, and only those.
    @Test func theReadmeListsEveryConfigurationKey() throws {
        let workspace = try Workspace()
        let file = try workspace.write("c.json", #"{"no_such_key": 1}"#)
        let refused = try Tool.run(["rules", "--config", file]).stderr
        let keys = try #require(refused.components(separatedBy: "valid keys here: ").last)
            .trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: ", ")
        #expect(keys.count > 5, "\(refused)")
        for (path, heading) in [("README.md", "## Configuration\n"), ("docs/configuration.md", "# Configuration\n")] {
            let page = try String(contentsOf: Tool.packageRoot.appendingPathComponent(path), encoding: .utf8)
            let table = try #require(page.components(separatedBy: heading).last?.components(separatedBy: "\n## ").first)
            let listed = table.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }
            #expect(Set(listed) == Set(keys), "\(path)'s configuration table: \(listed.sorted()), the tool: \(keys.sorted())")
        }
    }

    /// The envelope table of docs/log-formats.md names every wrapper the schema says a line may come in.
    @Test func theLogFormatsPageListsEveryEnvelope() throws {
        let schema = try Tool.run(["schema"]).stdout
        let line = try #require(schema.split(separator: "\n").first { $0.contains("envelope     TEXT") })
        let names = try #require(line.components(separatedBy: "came in: ").last?.components(separatedBy: " (").first)
            .components(separatedBy: ", ")
        #expect(names.count > 5, "\(line)")
        let page = try String(contentsOf: Tool.packageRoot.appendingPathComponent("docs/log-formats.md"), encoding: .utf8)
        let listed = Set(page.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) })
        for name in names {
            #expect(listed.contains(name), "docs/log-formats.md's envelope table lacks `\(name)`")
        }
    }

    @Test func aTranscriptMatchesWithElidedLines() {
        #expect(matchesTranscript(["a", "b", "c", "d"], ["a", "...", "d"]))
        #expect(matchesTranscript(["a", "b", "c", "d"], ["...", "c", "..."]))
        #expect(matchesTranscript(["a", "d"], ["a", "...", "d"]))
        #expect(!matchesTranscript(["a", "b", "c"], ["a", "...", "d"]))
        #expect(!matchesTranscript(["a", "b"], ["b", "...", "a"]))
        #expect(!matchesTranscript(["a", "b"], ["a"]))
    }
}
