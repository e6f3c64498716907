import Foundation
import RequiredTools
import Testing

/// The formats whose consumers publish a schema (Checkstyle, GitLab Code Quality, SonarQube, SARIF),
/// validated against it; CSV read back by Python's csv module; what stays stable in GitLab's
/// fingerprints.
@Suite struct ConsumerFormatTests {
    static let config = ["--config", "fixtures/reporters/config.json"]

    /// The runs every format is validated on: seed 004 with and without its sources, seed 001
    /// (an error), and both logs in one report.
    static let runs: [[String]] = [
        ["fixtures/seeds/004-navigation-eager.log"],
        ["fixtures/seeds/004-navigation-eager.log", "--sources", "fixtures/sources/004-navigation"],
        ["fixtures/seeds/001-playbutton-toggle-twice.log"],
        ["fixtures/seeds/001-playbutton-toggle-twice.log", "fixtures/seeds/004-navigation-eager.log"],
    ]

    private func check(_ arguments: [String], format: String) throws -> Tool.Result {
        let result = try Tool.run(["check"] + arguments + ["--format", format, "--fail-on", "never"] + Self.config, in: Tool.packageRoot)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        return result
    }

    /// A log whose view name and file name carry markup, quotes and a control character.
    private func hostileLog(in workspace: Workspace) throws -> String {
        let log = try String(contentsOfFile: Tool.fixture("seeds/001-playbutton-toggle-twice.log"), encoding: .utf8)
            .replacingOccurrences(of: "\nPlayButton:", with: "\nCell<Dictionary<String, Int>>:")
        return try workspace.write("a&b \"<c>\u{7}.log", log)
    }

    @Test(.enabled(if: RequiredTool.xmllint.shouldRun("ConsumerFormatTests.checkstyleValidatesAgainstCheckstylesSchema")))
    func checkstyleValidatesAgainstCheckstylesSchema() throws {
        let workspace = try Workspace()
        for arguments in Self.runs + [[try hostileLog(in: workspace)]] {
            let path = workspace.path("checkstyle.xml")
            try Data(check(arguments, format: "checkstyle").stdout.utf8).write(to: URL(fileURLWithPath: path))
            let errors = try SchemaValidators.xmlSchemaErrors(path, schema: "schemas/checkstyle-report.xsd")
            #expect(errors == nil, "checkstyle output for \(arguments) is invalid: \(errors ?? "")")
        }
        // The validator can fail: a line 0, which Checkstyle's schema has no room for, is refused.
        let broken = try workspace.write("broken.xml", "<checkstyle version=\"4.3\"><file name=\"a\"><error line=\"0\" severity=\"error\"/></file></checkstyle>")
        #expect(try SchemaValidators.xmlSchemaErrors(broken, schema: "schemas/checkstyle-report.xsd") != nil)
    }

    @Test(.enabled(if: RequiredTool.jsonschema.shouldRun("ConsumerFormatTests.codeClimateValidatesAgainstGitLabsFormat")))
    func codeClimateValidatesAgainstGitLabsFormat() throws {
        let workspace = try Workspace()
        for arguments in Self.runs + [[try hostileLog(in: workspace)]] {
            let text = try check(arguments, format: "codeclimate").stdout
            let errors = try SchemaValidators.jsonSchemaErrors(text, schema: "schemas/gitlab-code-quality.schema.json")
            #expect(errors == nil, "codeclimate output for \(arguments) is invalid: \(errors ?? "")")
            // GitLab's parser refuses a byte order mark.
            #expect(!text.hasPrefix("\u{FEFF}"))
        }
        #expect(try SchemaValidators.jsonSchemaErrors(#"[{"description": "d", "check_name": "c", "fingerprint": "f", "severity": "error", "location": {"path": "p", "lines": {"begin": 1}}}]"#,
                                                       schema: "schemas/gitlab-code-quality.schema.json") != nil, "severity error is not GitLab's")
    }

    @Test(.enabled(if: RequiredTool.jsonschema.shouldRun("ConsumerFormatTests.sonarQubeValidatesAgainstTheGenericIssueFormat")))
    func sonarQubeValidatesAgainstTheGenericIssueFormat() throws {
        let workspace = try Workspace()
        for arguments in Self.runs + [[try hostileLog(in: workspace)]] {
            let text = try check(arguments, format: "sonarqube").stdout
            let errors = try SchemaValidators.jsonSchemaErrors(text, schema: "schemas/sonarqube-generic-issues.schema.json")
            #expect(errors == nil, "sonarqube output for \(arguments) is invalid: \(errors ?? "")")
            // Every issue's rule is among the rules, as SonarQube requires.
            let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let rules = Set(((document["rules"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
            for issue in (document["issues"] as? [[String: Any]]) ?? [] {
                #expect(rules.contains(issue["ruleId"] as? String ?? ""), "issue of an unlisted rule: \(issue)")
            }
        }
        #expect(try SchemaValidators.jsonSchemaErrors(#"{"rules": [], "issues": [{"ruleId": "r", "primaryLocation": {"message": "m", "filePath": "f"}}]}"#,
                                                       schema: "schemas/sonarqube-generic-issues.schema.json") != nil, "a primary location needs a text range")
    }

    @Test(.enabled(if: RequiredTool.jsonschema.shouldRun("ConsumerFormatTests.sarifValidatesAgainstOASISsSchema")))
    func sarifValidatesAgainstOASISsSchema() throws {
        let workspace = try Workspace()
        for arguments in Self.runs + [[try hostileLog(in: workspace)]] {
            let text = try check(arguments, format: "sarif").stdout
            let errors = try SchemaValidators.jsonSchemaErrors(text, schema: "schemas/sarif-schema-2.1.0.json")
            #expect(errors == nil, "sarif output for \(arguments) is invalid: \(errors ?? "")")
        }
        // The validator can fail: a result's level must be one of SARIF's four.
        #expect(try SchemaValidators.jsonSchemaErrors(#"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "t"}}, "results": [{"message": {"text": "m"}, "level": "fatal"}]}]}"#,
                                                       schema: "schemas/sarif-schema-2.1.0.json") != nil, "level fatal is not SARIF's")
    }

    @Test func sonarQubePointsAtTheCausingLineWithTheLogAsSecondaryLocations() throws {
        let text = try check(Self.runs[1], format: "sonarqube").stdout
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let issues = try #require(document["issues"] as? [[String: Any]])
        let first = try #require(issues.first)
        let primary = try #require(first["primaryLocation"] as? [String: Any])
        #expect(primary["filePath"] as? String == "fixtures/sources/004-navigation/MyRootView.swift")
        // The line that builds the destinations eagerly (`--sources` finds it), not the declaration.
        #expect((primary["textRange"] as? [String: Any])?["startLine"] as? Int == 27)
        let secondary = try #require(first["secondaryLocations"] as? [[String: Any]])
        #expect(secondary.compactMap { ($0["textRange"] as? [String: Any])?["startLine"] as? Int } == [1, 3, 5, 7])
        #expect(Set(secondary.compactMap { $0["filePath"] as? String }) == ["fixtures/seeds/004-navigation-eager.log"])
    }

    /// GitLab matches findings across pipelines by fingerprint: the same problems at other lines,
    /// with other counts, keep theirs; two findings of one kind in one report get two.
    @Test func codeClimateFingerprintsAreStableAcrossRunsAndUniqueWithinOne() throws {
        let workspace = try Workspace()
        let seed = try String(contentsOfFile: Tool.fixture("seeds/004-navigation-eager.log"), encoding: .utf8)
        // Another run of the same app: unrelated lines first, so every finding cites other lines.
        let shifted = try workspace.write("shifted.log", "App launched\nLoading settings\nSettings loaded\n" + seed)
        func fingerprints(_ arguments: [String]) throws -> [String] {
            let text = try check(arguments, format: "codeclimate").stdout
            let issues = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
            return issues.compactMap { $0["fingerprint"] as? String }
        }
        let first = try fingerprints(["fixtures/seeds/004-navigation-eager.log"])
        #expect(first.count == 4)
        #expect(Set(first).count == 4)
        #expect(try fingerprints(["fixtures/seeds/004-navigation-eager.log"]) == first)
        #expect(try fingerprints([shifted]) == first)
        // The same log twice: eight findings, eight fingerprints, the first four as before.
        let twice = try fingerprints(["fixtures/seeds/004-navigation-eager.log", shifted])
        #expect(twice.count == 8)
        #expect(Set(twice).count == 8)
        #expect(Set(twice).isSuperset(of: first))
    }

    /// Python's csv module, as a spreadsheet or script reads the file: one record per finding,
    /// every field back as written, whatever commas, quotes and newlines a name holds.
    @Test(.enabled(if: RequiredTool.python3.shouldRun("ConsumerFormatTests.csvReadsBackWithPythonsCSVModule")))
    func csvReadsBackWithPythonsCSVModule() throws {
        let workspace = try Workspace()
        let log = try String(contentsOfFile: Tool.fixture("seeds/001-playbutton-toggle-twice.log"), encoding: .utf8)
        let input = try workspace.write("ui, \"test\".log", log)
        let text = try check([input, "fixtures/seeds/004-navigation-eager.log"], format: "csv").stdout
        let python = try RequiredTool.python3.url().path
        let script = "import csv, json, sys; print(json.dumps(list(csv.reader(sys.stdin))))"
        let parsed = try Tool.run(["-c", script], stdin: text, program: URL(fileURLWithPath: python))
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [[String]])
        #expect(rows.first == ["severity", "rule", "view", "message", "file", "line", "column", "count", "log", "evidence", "root_cause"])
        #expect(rows.count == 6)
        #expect(rows.dropFirst().allSatisfy { $0.count == 11 })
        let churn = try #require(rows.first { $0[1] == "identity_churn" })
        #expect(churn[0] == "warning")
        #expect(churn[2] == "PlayButton")
        #expect(churn[4] == input)
        #expect(churn[5] == "5")
        #expect(churn[9] == "5 6 9 10")
        #expect(churn[10] == "ContentView._showPlayButton changed (2 updates: lines 5, 9)")
    }
}
