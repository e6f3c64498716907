import Foundation
import Testing
import TraceModel

/// Writes `json` to a temporary configuration file and loads its patterns.
func loadPatterns(_ json: String) throws -> [UserPattern] {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("trace-analyze-\(UUID().uuidString).json")
    try Data(json.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try UserPattern.load(from: ConfigurationFile.load(path: url.path))
}

/// The error message loading `json` produces, with the temporary path replaced by `FILE`.
func patternError(_ json: String) -> String? {
    do {
        _ = try loadPatterns(json)
        return nil
    } catch let error as ConfigurationError {
        return "FILE: " + (error.keyPath.isEmpty ? "" : error.keyPath + ": ") + error.reason
    } catch {
        return "\(error)"
    }
}

@Suite struct UserPatternTests {
    static let house = """
        {"patterns": [
          {"name": "house",
           "regex": "^\\\\[(?<owner>\\\\w+)/(?<view>\\\\w+)(?:#(?<instance>\\\\d+))?\\\\] (?<kind>created|destroyed|shown|onAppear)$",
           "kinds": {"created": "init", "destroyed": "deinit", "Shown": "appear"},
           "samples": [
             {"line": "[Feed/Row#3] created", "kind": "init", "view": "Row", "owner": "Feed", "instance": "3"},
             {"line": "2024-03-02 09:15:01.100204+0100 App[1:2] [Feed/Row] shown", "kind": "appear", "view": "Row", "owner": "Feed"},
             {"line": "[Feed/Row] onAppear", "kind": "appear", "view": "Row", "owner": "Feed"},
             {"line": "Feed created", "kind": "text"}
           ]},
          {"name": "bodies", "regex": "^render (?<view>\\\\w+)$", "kind": "body",
           "samples": [{"line": "render Card", "kind": "body", "view": "Card"}]}
        ]}
        """

    @Test func patternsClaimTheirLinesWithTheirOrigin() throws {
        let patterns = try loadPatterns(Self.house)
        let (events, _) = parseEvents("""
            [Feed/Row#3] created
            [Feed/Row#3] destroyed
            render Card
            FirstView init
            [Feed/Row] vanished

            """, parser: TraceParser(patterns: patterns))
        #expect(events.map(\.kind) == [.`init`, .`deinit`, .body, .`init`, .text])
        #expect(events[0].origin == .pattern("house"))
        #expect(events[0].owner == "Feed")
        #expect(events[0].instance == "3")
        #expect(events[2].origin == .pattern("bodies"))
        #expect(events[3].origin == .lifecycle)
    }

    @Test func everySampleIsChecked() throws {
        let results = PatternSampleCheck.run(try loadPatterns(Self.house))
        #expect(results.map(\.keyPath) == [
            "patterns[0].samples[0]", "patterns[0].samples[1]", "patterns[0].samples[2]", "patterns[0].samples[3]",
            "patterns[1].samples[0]",
        ])
        #expect(results.filter { !$0.passed }.isEmpty, "\(results.filter { !$0.passed })")
    }

    @Test func failingSamplesSayWhatDiffers() throws {
        let results = PatternSampleCheck.run(try loadPatterns("""
            {"patterns": [{"name": "p", "regex": "^(?<view>\\\\w+) (?<kind>made)$", "kinds": {"made": "init"},
              "samples": [
                {"line": "Feed made", "kind": "init", "view": "Food", "instance": "1"},
                {"line": "Feed init", "kind": "init", "view": "Feed"},
                {"line": "Feed made", "kind": "text"}
              ]}]}
            """))
        #expect(results.map(\.problems) == [
            ["view: expected \"Food\", got \"Feed\"", "instance: expected \"1\", got none"],
            ["not matched by this pattern: the built-in lifecycle heuristic read it (init Feed)"],
            ["matched (init Feed), but the sample says the pattern must not match"],
        ])
    }

    @Test(arguments: [
        (#"{"patterns": [{"name": "a", "regex": "(?<view>\\w+", "kind": "init", "samples": [{"line": "x", "kind": "text"}]}]}"#,
         "FILE: patterns[0].regex: not a valid regular expression (ICU syntax, as NSRegularExpression reads it)"),
        (#"{"patterns": [{"name": "a", "regex": "x", "kind": "init", "samples": [{"line": "x", "kind": "text"}]}, {"name": "b", "regex": "(", "kind": "init", "samples": []}]}"#,
         "FILE: patterns[0].regex: needs a named group (?<view>...) for the view"),
        (#"{"patterns": [{"name": "a", "regex": "(?<view>\\w+)", "kind": "init", "samples": [{"line": "x", "kind": "text"}]}, {"name": "b", "regex": "(?<view>", "kind": "init", "samples": [{"line": "x", "kind": "text"}]}]}"#,
         "FILE: patterns[1].regex: not a valid regular expression (ICU syntax, as NSRegularExpression reads it)"),
        (#"{"patterns": [{"name": "a", "regex": "(?<view>\\w+)", "samples": [{"line": "x", "kind": "text"}]}]}"#,
         "FILE: patterns[0].regex: needs a named group (?<kind>...), or give the pattern a fixed \"kind\""),
        (#"{"patterns": [{"name": "a", "regex": "(?<view>\\w+)", "kind": "init"}]}"#,
         "FILE: patterns[0].samples: give at least one sample line with what it must yield, so `trace-analyze patterns test` can check the pattern"),
        (#"{"patterns": [{"name": "a", "regex": "(?<view>\\w+) (?<kind>\\w+)", "kinds": {"made": "born"}, "samples": [{"line": "x", "kind": "text"}]}]}"#,
         "FILE: patterns[0].kinds.made: unknown kind 'born'; valid: body, init, deinit, appear, disappear, task, layout"),
        (#"{"patterns": [{"name": "a b", "regex": "(?<view>\\w+)", "kind": "init", "samples": [{"line": "x", "kind": "text"}]}]}"#,
         "FILE: patterns[0].name: use 1 to 64 letters, digits, '_', '.' or '-'"),
        (#"{"patterns": [{"name": "a", "regex": "(?<view>\\w+)", "kind": "init", "samples": [{"line": "x", "kind": "init"}]}]}"#,
         "FILE: patterns[0].samples[0]: missing \"view\""),
        (#"{"patterns": [{"name": "a", "regex": "(?<view>\\w+)", "kind": "init", "flags": "i", "samples": [{"line": "x", "kind": "text"}]}]}"#,
         "FILE: patterns[0].flags: unknown key; valid keys here: name, regex, kinds, kind, samples"),
        (#"{"patterns": [{"name": "a", "regex": "(?<view>\\w+)", "kind": "init", "samples": [{"line": "x", "kind": "text"}]}, {"name": "a", "regex": "(?<view>\\w+)", "kind": "init", "samples": [{"line": "x", "kind": "text"}]}]}"#,
         "FILE: patterns[1].name: another pattern is already named 'a'"),
    ])
    func badPatternsAreConfigurationErrorsNamingTheKey(json: String, message: String) {
        #expect(patternError(json) == message)
    }

    @Test func aPatternLongerThanTheBoundIsRefused() {
        let regex = "(?<view>\\\\w+)(?<kind>init)" + String(repeating: "x", count: 1_000)
        let message = patternError(#"{"patterns": [{"name": "a", "regex": "\#(regex)", "samples": [{"line": "x", "kind": "text"}]}]}"#)
        #expect(message?.hasPrefix("FILE: patterns[0].regex: longer than 1000 characters") == true)
    }

    @Test func aCatastrophicPatternIsAbandonedAndThenSwitchedOff() throws {
        let patterns = try loadPatterns(#"""
            {"patterns": [{"name": "slow", "regex": "^(?<view>(a+)+)(?<kind>init)$",
              "samples": [{"line": "aaa init", "kind": "text"}]}]}
            """#)
        let hostile = String(repeating: "a", count: 40) + "!"
        let lines = Array(repeating: hostile, count: UserPattern.maxTimeoutsPerTrace + 5) + ["FirstView init"]
        let start = ContinuousClock.now
        let (events, stats) = parseEvents(lines.joined(separator: "\n") + "\n", parser: TraceParser(patterns: patterns))
        let elapsed = ContinuousClock.now - start
        #expect(events.count == lines.count)
        #expect(events.last?.kind == .`init`)
        #expect(stats.patternTimeouts == UserPattern.maxTimeoutsPerTrace)
        #expect(stats.patternsDisabled == 1)
        // 2^40 steps per line without the bound; with it, milliseconds per line.
        #expect(elapsed < .seconds(20))
    }
}
