import Foundation
import RequiredTools
import Testing

/// The CI guide's recipes (GitLab, Jenkins, Xcode Cloud, in docs/ci.md), run as written: each recipe's check
/// steps are taken out of the page and run by the shell its CI uses, in a checkout of "MyApp"
/// (seed 004's views as its sources, seed 004's log as `ui-test.log`), with the built tool on
/// `PATH`; what they write is then read the way the CI reads it. The lines a test machine
/// cannot run (`swift build`, a package install, `xcresulttool`) are left out, each by name, and
/// each must be in the recipe exactly once, so a recipe and its test cannot drift apart.
/// (The GitHub Actions workflow is run by `CIWorkflowTests`.)
@Suite struct CIRecipesTests {
    /// The body of the fenced block after `<!-- ci-recipe: NAME -->` in docs/ci.md.
    private func recipe(_ name: String) throws -> String {
        String(try Documentation.load("docs/ci.md").block("ci-recipe: \(name)").dropLast())
    }

    /// `lines` without the lines starting with each of `skipped`, each of which must match one line.
    private func removing(_ skipped: [String], from lines: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        for prefix in skipped {
            #expect(lines.filter { $0.hasPrefix(prefix) }.count == 1, "expected one line starting \(prefix.debugDescription)", sourceLocation: sourceLocation)
        }
        return lines.filter { line in !skipped.contains { line.hasPrefix($0) } }.joined(separator: "\n") + "\n"
    }

    /// A checkout of MyApp after its UI tests: the sources, and the log they left.
    private func checkout() throws -> Workspace {
        let workspace = try Workspace()
        try FileManager.default.copyItem(atPath: Tool.fixture("sources/004-navigation"), toPath: workspace.path("MyApp"))
        try FileManager.default.copyItem(atPath: Tool.fixture("seeds/004-navigation-eager.log"), toPath: workspace.path("ui-test.log"))
        return workspace
    }

    /// Runs `script` with `shell -e`, as the CIs do, the built tool first on PATH.
    private func run(_ script: String, shell: String, in workspace: Workspace, environment: [String: String] = [:]) throws -> Tool.Result {
        let path = Tool.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let file = try workspace.write("recipe.sh", script)
        return try Tool.run(["-e", file], in: workspace.url, environment: environment.merging(["PATH": path]) { $1 },
                            program: URL(fileURLWithPath: installedProgram(shell) ?? "/bin/\(shell)"))
    }

    /// Stderr that holds nothing but the lines saying which files were written
    /// (`wrote junit report trace-analyze.junit.xml: 5 findings`).
    static func onlyWroteLines(_ stderr: String) -> Bool {
        stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("wrote ") }
    }

    @Test func gitLabsJobWritesCodeQualityJUnitAndHTMLAndGatesOnErrors() throws {
        let yaml = try recipe("gitlab")
        let job = try #require(yaml.components(separatedBy: "\nview-lifecycles:\n").last)
        let scriptStart = try #require(job.range(of: "  script:\n"))
        let items = job[scriptStart.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("    - ") }.map { String($0.dropFirst(6)) }
        #expect(items.count == 7)
        let workspace = try checkout()
        // GitLab's runner stops at the first command that fails, as `-e` does.
        let result = try run(removing(["apt-get ", "swift build "], from: items), shell: "bash", in: workspace)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.onlyWroteLines(result.stderr), "\(result.stderr)")
        #expect(result.stdout.hasSuffix("ui-test.log: recognised 16 of 16 lines as lifecycle events\n5 findings (1 warning, 4 info) in 1 trace\n"))

        let codeQuality = try String(contentsOfFile: workspace.path("gl-code-quality-report.json"), encoding: .utf8)
        let issues = try #require(try JSONSerialization.jsonObject(with: Data(codeQuality.utf8)) as? [[String: Any]])
        #expect(!issues.isEmpty)
        for issue in issues {
            // Paths relative to the repository, as GitLab maps them onto the merge request's diff.
            let path = try #require((issue["location"] as? [String: Any])?["path"] as? String)
            #expect(path.hasPrefix("MyApp/") && FileManager.default.fileExists(atPath: workspace.path(path)), "\(path)")
        }
        if RequiredTool.jsonschema.shouldRun("CIRecipesTests.gitLabsJobWritesCodeQualityJUnitAndHTMLAndGatesOnErrors (its schema check)") {
            let errors = try SchemaValidators.jsonSchemaErrors(codeQuality, schema: "schemas/gitlab-code-quality.schema.json")
            #expect(errors == nil, "\(errors ?? "")")
        }
        try expectReadableJUnit(workspace.path("trace-analyze.junit.xml"))
        let page = try String(contentsOfFile: workspace.path("trace-analyze.html"), encoding: .utf8)
        #expect(page.contains(#"<script type="application/json" id="report-data">"#))
    }

    @Test func jenkinsStageWritesJUnitAndCheckstyleThenFailsOnTheWarning() throws {
        let groovy = try recipe("jenkins")
        let stage = try #require(groovy.components(separatedBy: "stage('View lifecycles')").last)
        let body = try #require(stage.components(separatedBy: "'''").dropFirst().first)
        let lines = body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(lines.count == 5)
        let workspace = try checkout()
        // Jenkins runs `sh` steps with `sh -xe`; the stage fails on the last check's exit 2.
        let result = try run(removing(["swift build "], from: lines), shell: "sh", in: workspace)
        #expect(result.status == 2)
        #expect(Self.onlyWroteLines(result.stderr), "\(result.stderr)")
        #expect(result.stdout.contains("non_lazy_navigation_destination: MyRootView"))
        try expectReadableJUnit(workspace.path("trace-analyze.junit.xml"))
        let junit = try String(contentsOfFile: workspace.path("trace-analyze.junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testcase classname=\"non_lazy_navigation_destination\" name=\"MyRootView\">"))
        let checkstyle = workspace.path("trace-analyze.checkstyle.xml")
        let xml = try String(contentsOfFile: checkstyle, encoding: .utf8)
        #expect(xml.contains("<file name=\"MyApp/MyRootView.swift\">"))
        if RequiredTool.xmllint.shouldRun("CIRecipesTests.jenkinsStageWritesJUnitAndCheckstyleThenFailsOnTheWarning (its schema check)") {
            let errors = try SchemaValidators.xmlSchemaErrors(checkstyle, schema: "schemas/checkstyle-report.xsd")
            #expect(errors == nil, "\(errors ?? "")")
        }
    }

    @Test func xcodeCloudScriptPrintsXcodeIssuesAndFailsTheTestAction() throws {
        let script = try recipe("xcode-cloud")
        let lines = script.split(separator: "\n").map(String.init)
        #expect(lines.first == "#!/bin/sh")
        let workspace = try checkout()
        let environment = [
            "CI_XCODEBUILD_ACTION": "test-without-building",
            "CI_PRIMARY_REPOSITORY_PATH": workspace.url.path,
            "CI_RESULT_BUNDLE_PATH": workspace.path("Test.xcresult"),
            "CI_DERIVED_DATA_PATH": workspace.path("DerivedData"),
        ]
        let trimmed = removing(["swift build ", "xcrun xcresulttool "], from: lines)
        let result = try run(trimmed, shell: "sh", in: workspace, environment: environment)
        #expect(result.status == 2)
        #expect(result.stderr == "")
        // Absolute paths, which Xcode opens.
        #expect(result.stdout.hasPrefix("\(workspace.url.path)/MyApp/MyRootView.swift:27:17: warning: 3 destination views were initialised together"))
        #expect(result.stdout.contains("non_lazy_navigation_destination: MyRootView"))
        // Any other action (build, archive) leaves the script at once.
        let building = try run(trimmed, shell: "sh", in: workspace, environment: environment.merging(["CI_XCODEBUILD_ACTION": "build-for-testing"]) { $1 })
        #expect(building.status == 0)
        #expect(building.stdout == "")
    }

    /// JUnit as CI dashboards read it: well-formed, per xmllint when installed (always in CI).
    private func expectReadableJUnit(_ path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"trace-analyze\""))
        if RequiredTool.xmllint.shouldRun("CIRecipesTests (JUnit read by xmllint)") {
            let result = try Tool.run(["--noout", path], program: try RequiredTool.xmllint.url())
            #expect(result.status == 0, "xmllint: \(result.stderr)")
        }
    }
}
