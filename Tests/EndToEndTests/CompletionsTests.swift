import Foundation
import RequiredTools
import Testing

/// `completions bash|zsh|fish` and `man`, loaded where they are used: each script sourced in the
/// real shell (bash's completion function called as bash calls it, zsh driven through a tmux
/// pane, fish's `complete -C`), the man page rendered by groff; all made from one command table.
///
/// A shell that is not installed skips its tests, saying so; under `CI=true` it fails them
/// (.ci/run installs bash, zsh, fish and groff).
@Suite struct CompletionsTests {
    static let toolDirectory = Tool.executable.deletingLastPathComponent().path
    static let zsh = RequiredTool.zsh.path
    static let fish = RequiredTool.fish.path
    static let groff = RequiredTool.groff.path

    /// Runs `script` in `shell` with the built tool first on PATH, in the package root.
    private func run(_ shell: String, _ arguments: [String], stdin: String? = nil) throws -> Tool.Result {
        let path = Self.toolDirectory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try Tool.run(arguments, stdin: stdin, in: Tool.packageRoot, environment: ["PATH": path], program: URL(fileURLWithPath: shell))
    }

    /// What bash's completion offers for the words of `line` (the last one being completed),
    /// calling the function that `complete -p` registered, as bash does on Tab.
    private func bashCompletions(_ line: [String]) throws -> [String] {
        let words = line.map { "'\($0)'" }.joined(separator: " ")
        let script = """
        source <(trace-analyze completions bash) || exit 9
        function=$(complete -p trace-analyze | sed -n 's/.*-F \\([^ ]*\\).*/\\1/p')
        COMP_WORDS=(\(words)); COMP_CWORD=\(line.count - 1)
        "$function" trace-analyze "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let result = try run(installedProgram("bash") ?? "/bin/bash", ["-c", script])
        #expect(result.status == 0 && result.stderr.isEmpty, "bash: \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test func bashCompletesCommandsOptionsAndTheirValues() throws {
        #expect(try bashCompletions(["trace-analyze", "ch"]) == ["check"])
        #expect(try bashCompletions(["trace-analyze", "co"]) == ["completions"])
        #expect(try bashCompletions(["trace-analyze", "--"]) == ["--help", "--version"])
        #expect(try bashCompletions(["trace-analyze", "check", "--fo"]) == ["--format"])
        #expect(try bashCompletions(["trace-analyze", "check", "--w"]) == ["--write-baseline"])
        #expect(try bashCompletions(["trace-analyze", "check", "--format", "s"]) == ["sarif", "sonarqube", "summary"])
        #expect(try bashCompletions(["trace-analyze", "check", "--reporter", "c"]) == ["checkstyle", "codeclimate", "csv"])
        #expect(try bashCompletions(["trace-analyze", "report", "--fail-on", ""]) == ["error", "info", "never", "warning"])
        #expect(try bashCompletions(["trace-analyze", "query", "--format", ""]) == ["csv", "json", "ndjson", "table"])
        #expect(try bashCompletions(["trace-analyze", "completions", ""]) == ["bash", "fish", "zsh"])
        #expect(try bashCompletions(["trace-analyze", "help", "ti"]) == ["timeline"])
        #expect(try bashCompletions(["trace-analyze", "check", "fixtures/seeds/001-playbutton-toggle-twice.l"]) == ["fixtures/seeds/001-playbutton-toggle-twice.log"])
        #expect(try bashCompletions(["trace-analyze", "check", "--sources", "fixtures/sources/004-nav"]) == ["fixtures/sources/004-navigation"])
        // A value with nothing to offer offers nothing, rather than the options.
        #expect(try bashCompletions(["trace-analyze", "check", "--tag", ""]) == [])
        // `rules <Tab>` offers the rule ids, runtime and lint.
        #expect(try bashCompletions(["trace-analyze", "rules", "identity"]) == ["identity_churn"])
        #expect(try bashCompletions(["trace-analyze", "rules", "heavy_"]) == ["heavy_initializer", "heavy_view_initializer"])
        #expect(try bashCompletions(["trace-analyze", "rules", ""]).count == (try Self.ruleIDs()).count)
    }

    @Test(.enabled(if: RequiredTool.zsh.shouldRun("CompletionsTests.zshLoadsTheScriptBothWays")))
    func zshLoadsTheScriptBothWays() throws {
        let zsh = try #require(Self.zsh, "zsh is required under CI=true")
        let sourced = try run(zsh, ["-f", "-c", "autoload -U compinit && compinit -u && source <(trace-analyze completions zsh) && print -r -- $_comps[trace-analyze]"])
        #expect(sourced.status == 0)
        #expect(sourced.stderr == "")
        #expect(sourced.stdout == "_trace-analyze\n")
        // Installed on fpath, compinit finds it by its #compdef line.
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("functions"), withIntermediateDirectories: true)
        let script = try run(zsh, ["-f", "-c", "trace-analyze completions zsh"]).stdout
        _ = try workspace.write("functions/_trace-analyze", script)
        let installed = try run(zsh, ["-f", "-c", "fpath=(\(workspace.path("functions")) $fpath); autoload -U compinit && compinit -u -d \(workspace.path("zcompdump")) && print -r -- $_comps[trace-analyze]"])
        #expect(installed.status == 0)
        #expect(installed.stderr == "")
        #expect(installed.stdout == "_trace-analyze\n")
    }

    /// Tab pressed in an interactive zsh in a tmux pane, as a person does.
    @Test(.enabled(if: RequiredTool.zsh.shouldRun("CompletionsTests.zshCompletesCommandsOptionsAndTheirValuesOnTab") && RequiredTool.tmux.shouldRun("CompletionsTests.zshCompletesCommandsOptionsAndTheirValuesOnTab")))
    func zshCompletesCommandsOptionsAndTheirValuesOnTab() throws {
        let zsh = try #require(Self.zsh, "zsh is required under CI=true")
        _ = try #require(Tmux.executable, "tmux is required under CI=true")
        let workspace = try Workspace()
        let tmux = try Tmux(command: "cd '\(Tool.packageRoot.path)' && env -i HOME='\(workspace.url.path)' TERM=xterm-256color PATH='\(Self.toolDirectory):/usr/bin:/bin' \(zsh) -f")
        func type(_ keys: String, until condition: @escaping (String) -> Bool) throws -> String {
            try tmux.send(keys)
            let (screen, held) = try tmux.waitForScreen(tries: 100, condition)
            #expect(held, "after typing \(keys.debugDescription) the pane shows:\n\(screen)")
            return screen
        }
        _ = try tmux.waitForScreen(tries: 100) { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        try tmux.type("PS1='$ '; autoload -U compinit && compinit -u -d '\(workspace.path("zcompdump"))' && source <(trace-analyze completions zsh) && echo LOADED")
        _ = try type("Enter") { $0.contains("\nLOADED") }
        try tmux.type("trace-analyze ch")
        _ = try type("Tab") { $0.contains("$ trace-analyze check ") }
        try tmux.type("--fo")
        _ = try type("Tab") { $0.contains("$ trace-analyze check --format ") }
        try tmux.type("s")
        // One Tab lists the choices that start with `s`.
        let listed = try type("Tab") { $0.contains("sarif") && $0.contains("sonarqube") && $0.contains("summary") }
        #expect(!listed.contains("checkstyle"))
        try tmux.type("on")
        _ = try type("Tab") { $0.contains("$ trace-analyze check --format sonarqube ") }
        try tmux.send("C-u")
        try tmux.type("trace-analyze completions ")
        _ = try type("Tab") { $0.contains("bash") && $0.contains("fish") && $0.contains("zsh") }
        try tmux.send("C-u")
        try tmux.type("trace-analyze rules identity_")
        _ = try type("Tab") { $0.contains("$ trace-analyze rules identity_churn ") }
    }

    @Test(.enabled(if: RequiredTool.fish.shouldRun("CompletionsTests.fishCompletesCommandsOptionsAndTheirValues")))
    func fishCompletesCommandsOptionsAndTheirValues() throws {
        let fish = try #require(Self.fish, "fish is required under CI=true")
        func complete(_ line: String) throws -> [String] {
            let result = try run(fish, ["--no-config", "-c", "trace-analyze completions fish | source; complete -C '\(line)'"])
            #expect(result.status == 0 && result.stderr.isEmpty, "fish: \(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted()
        }
        #expect(try complete("trace-analyze ch") == ["check"])
        #expect(try complete("trace-analyze check --fo") == ["--format"])
        #expect(try complete("trace-analyze check --format s") == ["sarif", "sonarqube", "summary"])
        #expect(try complete("trace-analyze report --fail-on n") == ["never"])
        #expect(try complete("trace-analyze completions ") == ["bash", "fish", "zsh"])
        #expect(try complete("trace-analyze rules heavy_") == ["heavy_initializer", "heavy_view_initializer"])
        #expect(try complete("trace-analyze rules ") == (try Self.ruleIDs()).sorted())
        #expect(try complete("trace-analyze check fixtures/seeds/001-playbutton-toggle-twice.l") == ["fixtures/seeds/001-playbutton-toggle-twice.log"])
    }

    /// A value's description is its own (none here), not the option's whole help repeated
    /// beside every value; the option keeps its help.
    @Test(.enabled(if: RequiredTool.fish.shouldRun("CompletionsTests.fishShowsAnOptionsHelpOnceNotBesideEachValue")))
    func fishShowsAnOptionsHelpOnceNotBesideEachValue() throws {
        let fish = try #require(Self.fish, "fish is required under CI=true")
        func complete(_ line: String) throws -> [String] {
            let result = try run(fish, ["--no-config", "-c", "trace-analyze completions fish | source; complete -C '\(line)'"])
            #expect(result.status == 0 && result.stderr.isEmpty, "fish: \(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init).sorted()
        }
        #expect(try complete("trace-analyze check --format s") == ["sarif", "sonarqube", "summary"])
        #expect(try complete("trace-analyze query --format n") == ["ndjson"])
        let option = try complete("trace-analyze check --fo")
        #expect(option.count == 1 && option[0].hasPrefix("--format\tReport format: "), "got \(option)")
    }

    @Test(.enabled(if: RequiredTool.groff.shouldRun("CompletionsTests.theManPageRendersWithoutWarningsAndDocumentsEveryCommand")))
    func theManPageRendersWithoutWarningsAndDocumentsEveryCommand() throws {
        let groff = try #require(Self.groff, "groff is required under CI=true")
        let page = try Tool.run(["man"])
        #expect(page.status == 0)
        #expect(page.stdout.hasPrefix(".\\\" Generated by `trace-analyze man`"))
        let rendered = try Tool.run(["-man", "-Tutf8", "-ww", "-P", "-cbou"], stdin: page.stdout, environment: ["MANWIDTH": "100"], program: URL(fileURLWithPath: groff))
        #expect(rendered.status == 0)
        #expect(rendered.stderr == "", "groff warns: \(rendered.stderr)")
        let text = rendered.stdout
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("NAME trace-analyze - explains SwiftUI view lifecycles from an app's console output"))
        // Wide enough that no entry of the help is wrapped onto a second line.
        let wide = ["COLUMNS": "1000"]
        let help = try Tool.run(["--help"], environment: wide).stdout
        for name in try commandNames(help) {
            #expect(text.contains("   trace-analyze \(name)\n"), "the man page lacks \(name)")
        }
        #expect(text.contains("--format, --reporter FORMAT"))
        #expect(text.contains("--timeline FILE"))
        #expect(text.contains("EXIT STATUS"))
    }

    /// One table behind --help, the three scripts and the man page: every command `--help`
    /// lists, and every option `check --help` lists, is in each of them.
    @Test func everyCommandAndOptionOfTheHelpIsInEveryScriptAndThePage() throws {
        // Wide enough that no entry of the help is wrapped onto a second line.
        let wide = ["COLUMNS": "1000"]
        let help = try Tool.run(["--help"], environment: wide).stdout
        let names = try commandNames(help)
        #expect(names.contains("completions") && names.contains("man"))
        let checkHelp = try Tool.run(["check", "--help"], environment: wide).stdout
        // The labels of the OPTIONS list: `  --format, --reporter FORMAT  Report format…`.
        let options = checkHelp.split(separator: "\n").filter { $0.hasPrefix("  --") }
            .map { $0.dropFirst(2).components(separatedBy: "  ")[0] }
            .flatMap { $0.split(separator: " ").filter { $0.hasPrefix("--") }.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ",")) } }
        #expect(options.contains("--timeline") && options.contains("--reporter"))
        for output in ["bash", "zsh", "fish"].map({ try? Tool.run(["completions", $0]).stdout }) + [try Tool.run(["man"]).stdout] {
            let text = try #require(output)
            for name in names { #expect(text.contains(name), "\(name) missing from:\n\(text.prefix(200))") }
            for option in options {
                let spelled = text.hasPrefix(".\\\"") ? option.replacingOccurrences(of: "-", with: "\\-") : option
                let fishSpelled = "-l \(option.dropFirst(2)) "
                #expect(text.contains(spelled) || text.contains(fishSpelled), "\(option) missing from:\n\(text.prefix(200))")
            }
        }
    }

    @Test func aMissingOrUnknownShellIsAUsageError() throws {
        let missing = try Tool.run(["completions"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "trace-analyze: error: name a shell: bash, zsh, fish (see 'trace-analyze completions --help')\n")
        let unknown = try Tool.run(["completions", "zhs"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "trace-analyze: error: unknown shell 'zhs' (did you mean 'zsh'?); valid: bash, zsh, fish (see 'trace-analyze completions --help')\n")
    }

    /// The command names of `--help`'s COMMANDS list.
    private func commandNames(_ help: String) throws -> [String] {
        let start = try #require(help.range(of: "COMMANDS:\n"))
        let end = try #require(help.range(of: "\n\n", range: start.upperBound..<help.endIndex))
        return help[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    /// Every built-in rule id, runtime and lint, as `rules` lists them (the first word of each
    /// row whose id is snake_case).
    static func ruleIDs() throws -> [String] {
        let list = try Tool.run(["rules"]).stdout
        return list.split(separator: "\n").compactMap { line -> String? in
            guard let word = line.split(separator: " ").first, word.contains("_"),
                  word.allSatisfy({ $0.isLowercase || $0 == "_" }) else { return nil }
            return String(word)
        }
    }
}
