import Foundation
import RequiredTools
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Every `--format` as CI consumes it: golden files, SARIF's required shape, JUnit that
/// `xmllint` accepts, GitHub's escaping, `--output`, and colour only where it belongs.
@Suite struct ReporterEndToEndTests {
    static let eager = "fixtures/seeds/004-navigation-eager.log"
    static let toggleTwice = "fixtures/seeds/001-playbutton-toggle-twice.log"
    /// A run that fails: PlayButton reset while shown (an error).
    static let reset = "fixtures/rules/playbutton-if-else-reset.log"
    static let sources = "fixtures/sources/004-navigation"
    static let config = ["--config", "fixtures/reporters/config.json"]

    /// Each format and the golden file's extension.
    static let formats = [
        ("text", "txt"), ("json", "json"), ("sarif", "sarif"), ("junit", "junit.xml"),
        ("github-actions-logging", "github.txt"), ("xcode", "xcode.txt"), ("markdown", "md"), ("summary", "summary.txt"),
        ("csv", "csv"), ("checkstyle", "checkstyle.xml"), ("codeclimate", "codeclimate.json"), ("sonarqube", "sonarqube.json"),
        ("html", "html"),
    ]

    private func check(_ arguments: [String], environment: [String: String] = [:]) throws -> Tool.Result {
        try Tool.run(["check"] + arguments + Self.config, in: Tool.packageRoot, environment: environment)
    }

    /// A finding citing 20,000 lines: its evidence is written out in parts as it is made, and
    /// reads back as one valid document listing every line, one entry per line as documented.
    @Test func aFindingWithAHugeEvidenceListIsWholeAndLaidOutAsDocumented() throws {
        let workspace = try Workspace()
        let log = try workspace.write("many.log", (0..<20_000).map { _ in "Row init\nRow DataModel init\n" }.joined())
        let result = try Tool.run(["check", log, "--format", "json", "--fail-on", "never", "--allow-empty"])
        #expect(result.status == 0)
        let document = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let heavy = try #require(findings.first { $0["rule"] as? String == "heavy_initializer" })
        let evidence = try #require(heavy["evidence"] as? [[String: Any]])
        // Every helper's init line, once and in order; compared as one flag, so a failure does
        // not print twenty thousand numbers.
        let lines = evidence.compactMap { $0["line"] as? Int }
        #expect(lines.count == 20_000)
        let everyLineInOrder = lines == Array(stride(from: 2, through: 40_000, by: 2))
        #expect(everyLineInOrder)
        let lastEntry = "\n        {\"file\": \"\(log)\", \"line\": 40000}\n      ]"
        let endsAsDocumented = result.stdout.contains(lastEntry)
        #expect(endsAsDocumented)
    }

    @Test(arguments: formats)
    func everyFormatOnSeed004(format: String, suffix: String) throws {
        let result = try check([Self.eager, "--format", format])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        try Golden.expect(result.stdout, "reporters/004-eager.\(suffix)")
    }

    @Test(arguments: formats)
    func everyFormatWithSourcesPointsAtTheViews(format: String, suffix: String) throws {
        let result = try check([Self.eager, "--format", format, "--sources", Self.sources, "--strict"])
        #expect(result.status == 2)
        try Golden.expect(result.stdout, "reporters/004-eager-sources.\(suffix)")
    }

    @Test(arguments: formats)
    func everyFormatOnAnErrorThatFailsTheRun(format: String, suffix: String) throws {
        let result = try check([Self.reset, "--format", format])
        #expect(result.status == 2)
        try Golden.expect(result.stdout, "reporters/if-else-reset.\(suffix)")
    }

    @Test func sarifCarriesEveryPropertyTheSpecificationRequires() throws {
        for arguments in [[Self.eager], [Self.eager, "--sources", Self.sources], [Self.toggleTwice]] {
            let result = try check(arguments + ["--format", "sarif"])
            let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(log["version"] as? String == "2.1.0")
            #expect((log["$schema"] as? String)?.hasSuffix("sarif-2.1.0.json") == true)
            let runs = try #require(log["runs"] as? [[String: Any]])
            #expect(runs.count == 1)
            let run = try #require(runs.first)
            let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
            #expect(driver["name"] as? String == "trace-analyze")
            #expect(driver["version"] as? String != nil)
            // Optional in SARIF 2.1.0, and no made-up address: the project has no public page.
            #expect(driver["informationUri"] == nil)
            let rules = try #require(driver["rules"] as? [[String: Any]])
            #expect(rules.map { $0["id"] as? String } == ["redundant_instance_creation", "identity_churn", "heavy_initializer", "non_lazy_navigation_destination"])
            for rule in rules {
                for key in ["shortDescription", "fullDescription", "help"] {
                    #expect(((rule[key] as? [String: Any])?["text"] as? String)?.isEmpty == false, "rule \(rule["id"] ?? "?") lacks \(key).text")
                }
                #expect(rule["name"] as? String != nil)
                #expect(["none", "note", "warning", "error"].contains((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String ?? ""))
            }
            let results = try #require(run["results"] as? [[String: Any]])
            #expect(!results.isEmpty)
            for result in results {
                let ruleID = try #require(result["ruleId"] as? String)
                let index = try #require(result["ruleIndex"] as? Int)
                #expect(rules[index]["id"] as? String == ruleID, "ruleIndex must point at ruleId's rule")
                #expect(["none", "note", "warning", "error"].contains(result["level"] as? String ?? ""))
                #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
                let locations = try #require(result["locations"] as? [[String: Any]])
                let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
                let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
                // Relative to the working directory, so GitHub code scanning maps it onto the repository.
                #expect(FileManager.default.fileExists(atPath: Tool.packageRoot.appendingPathComponent(uri).path), "\(uri) is no file")
                #expect(((physical["region"] as? [String: Any])?["startLine"] as? Int ?? 0) >= 1)
            }
        }
    }

    @Test func junitIsWellFormedXMLEvenWithMarkupInNames() throws {
        let workspace = try Workspace()
        // A generic view name in attributes; a file name with markup, quotes and a control
        // character (which XML cannot carry at all) in the failure's text.
        let log = try String(contentsOfFile: Tool.fixture("rules/playbutton-if-else-reset.log"), encoding: .utf8)
            .replacingOccurrences(of: "\nPlayButton:", with: "\nCell<Dictionary<String, Int>>:")
        let input = try workspace.write("a&b \"<c>\u{7}.log", log)
        let output = workspace.path("junit.xml")
        let result = try Tool.run(["check", input, "--format", "junit", "--output", output, "--fail-on", "info"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        let xml = try String(contentsOfFile: output, encoding: .utf8)
        #expect(xml.contains(#"<testcase classname="identity_churn" name="Cell&lt;Dictionary&lt;String, Int&gt;&gt;">"#))
        #expect(xml.contains(#"<failure type="error" message="Cell&lt;Dictionary&lt;String, Int&gt;&gt; was created anew"#))
        #expect(xml.contains("a&amp;b \"&lt;c&gt;\u{FFFD}.log:4\n"))
        for file in [output, Tool.fixture("reporters/004-eager.junit.xml"), Tool.fixture("reporters/004-eager-sources.junit.xml"),
                     Tool.fixture("reporters/if-else-reset.junit.xml")] {
            try expectWellFormedXML(file)
        }
    }

    /// Foundation's parser accepts the file; `xmllint` judges the same files in a test of its own.
    private func expectWellFormedXML(_ path: String) throws {
        let parser = XMLParser(contentsOf: URL(fileURLWithPath: path))!
        #expect(parser.parse(), "\(path): \(parser.parserError.map(String.init(describing:)) ?? "")")
    }

    /// The JUnit reports, markup in names included, are well-formed by `xmllint --noout`, the
    /// stricter judge (CI has it; elsewhere this test is skipped and says so).
    @Test(.enabled(if: RequiredTool.xmllint.shouldRun("ReporterEndToEndTests.junitPassesXmllint")))
    func junitPassesXmllint() throws {
        let workspace = try Workspace()
        let log = try String(contentsOfFile: Tool.fixture("seeds/001-playbutton-toggle-twice.log"), encoding: .utf8)
            .replacingOccurrences(of: "\nPlayButton:", with: "\nCell<Dictionary<String, Int>>:")
        let input = try workspace.write("a&b \"<c>\u{7}.log", log)
        let output = workspace.path("junit.xml")
        try Tool.run(["check", input, "--format", "junit", "--output", output, "--fail-on", "never"])
        for file in [output, Tool.fixture("reporters/004-eager.junit.xml"), Tool.fixture("reporters/004-eager-sources.junit.xml"),
                     Tool.fixture("reporters/if-else-reset.junit.xml")] {
            let result = try Tool.run(["--noout", file], program: RequiredTool.xmllint.url())
            #expect(result.status == 0, "xmllint rejects \(file): \(result.stderr)")
        }
    }

    @Test func githubAnnotationsEscapeWhatWouldEndAProperty() throws {
        let workspace = try Workspace()
        let input = try workspace.write("a,b:c%.log", try String(contentsOfFile: Tool.fixture("rules/playbutton-if-else-reset.log"), encoding: .utf8))
        let result = try Tool.run(["check", "a,b:c%.log", "--format", "github-actions-logging"], in: workspace.url)
        #expect(FileManager.default.fileExists(atPath: input))
        let annotation = try #require(result.stdout.split(separator: "\n").first.map(String.init))
        #expect(annotation.hasPrefix("::error file=a%2Cb%3Ac%25.log,line=4,title=identity_churn (PlayButton)::PlayButton was created anew"))
        #expect(annotation.hasSuffix("reset each time.%0AEvidence: a,b:c%25.log lines 4, 5, 7, 8"))
    }

    @Test func outputWritesTheWholeReportBeforeTheExitCode() throws {
        let workspace = try Workspace()
        let output = workspace.path("report.sarif")
        let result = try Tool.run(["check", Self.reset, "--format", "sarif", "--output", output] + Self.config, in: Tool.packageRoot)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == String(contentsOfFile: Tool.fixture("reporters/if-else-reset.sarif"), encoding: .utf8))
        let missingDirectory = try Tool.run(["check", Self.toggleTwice, "--output", workspace.path("no/such/report.txt")])
        #expect(missingDirectory.status == 1)
        #expect(missingDirectory.stderr == "trace-analyze: error: \(workspace.path("no/such/report.txt")): no such directory \(workspace.path("no/such")) for --output\n")
    }

    @Test func textIsColouredOnlyWhenAsked() throws {
        let plain = try check([Self.toggleTwice])
        #expect(!plain.stdout.contains("\u{1B}["))
        // CLICOLOR_FORCE colours a pipe; NO_COLOR beats it.
        let forced = try check([Self.toggleTwice], environment: ["NO_COLOR": "", "CLICOLOR_FORCE": "1"])
        #expect(forced.stdout.hasPrefix("\u{1B}[1;33mWarnings (1)\u{1B}[0m\n\n\u{1B}[1midentity_churn\u{1B}[0m: PlayButton\n"))
        #expect(forced.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == plain.stdout)
        let refused = try check([Self.toggleTwice], environment: ["NO_COLOR": "1", "CLICOLOR_FORCE": "1"])
        #expect(refused.stdout == plain.stdout)
        let toFile = try Workspace()
        _ = try check([Self.toggleTwice, "--output", toFile.path("r.txt")], environment: ["NO_COLOR": "", "CLICOLOR_FORCE": "1"])
        #expect(try String(contentsOfFile: toFile.path("r.txt"), encoding: .utf8) == plain.stdout)
    }

    @Test func theHelpListsEveryFormat() throws {
        let help = try Tool.run(["check", "--help"])
        for (format, _) in Self.formats {
            #expect(help.stdout.contains("\n  \(format) "), "check --help lacks \(format)")
        }
        let unknown = try Tool.run(["report", "--format", "checkstyles"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "trace-analyze: error: unknown format 'checkstyles' (did you mean 'checkstyle'?); valid: text, json, sarif, junit, github-actions-logging, xcode, markdown, summary, csv, checkstyle, codeclimate, sonarqube, html (see 'trace-analyze report --help')\n")
    }
}
