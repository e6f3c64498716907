import TraceModel

/// `trace-analyze patterns test`: checks every user pattern's sample lines.
enum PatternsCommand: Command {
    static let spec = CommandSpec(
        name: "patterns",
        summary: "Check the user patterns of the configuration file against their sample lines.",
        usage: "test [--config PATH]",
        options: [ConfigOption.spec],
        positionals: [("test", "Run every pattern's samples through the parser and report each.")],
        maxPositionals: 1,
        discussion: """
        Each sample line is parsed exactly as `ingest` would parse it (envelope, built-in
        recognisers and all patterns), and must yield the sample's kind, view, owner and
        instance from its own pattern. A sample of kind "text" must not be matched by it.
        Exits 1 when any sample fails.

        EXAMPLE:
          trace-analyze patterns test --config .trace-analyze.json
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard let action = arguments.positionals.first else {
            throw UsageError("missing action; valid: test")
        }
        guard action == "test" else {
            throw UsageError(Suggestion.unknown("action", action, valid: ["test"]))
        }
        let file = try ConfigOption.load(arguments)
        guard let path = file.path else {
            throw ToolError("no configuration file: pass --config PATH or create ./\(ConfigurationFile.defaultName)")
        }
        let patterns = try UserPattern.load(from: file)
        guard !patterns.isEmpty else {
            Console.out("\(path): no patterns to test")
            return ExitCode.success
        }
        let results = PatternSampleCheck.run(patterns)
        var failed = 0
        for result in results {
            Console.out("\(result.passed ? "PASS" : "FAIL")  \(result.pattern)  \(result.keyPath)  \(result.line)")
            for problem in result.problems { Console.out("      \(problem)") }
            if !result.passed { failed += 1 }
        }
        let noun = results.count == 1 ? "sample" : "samples"
        Console.out("\(patterns.count) \(patterns.count == 1 ? "pattern" : "patterns"), \(results.count) \(noun): \(results.count - failed) passed, \(failed) failed")
        return failed == 0 ? ExitCode.success : ExitCode.failure
    }
}
