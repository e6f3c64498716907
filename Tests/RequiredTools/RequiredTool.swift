import Foundation

/// A program outside Swift that some tests drive (a browser, a terminal multiplexer, the sqlite3
/// shell...), and the one policy for when it is missing: on a developer's machine the test is
/// skipped with one line naming the test, the program and how to install it; in CI (`CI` set in
/// the environment, as `.ci/run` and GitHub Actions do) the test runs and fails.
///
/// Free of XCTest and Swift Testing so every test target can share it: Swift Testing suites
/// pass `shouldRun(_:)` to `.enabled(if:)`, XCTest cases turn `skipReason(_:)` into `XCTSkip`.
public struct RequiredTool: Sendable {
    /// The command, as it is looked up on `PATH`.
    public let name: String
    /// What the tests use it for, said in the skip line.
    public let purpose: String
    /// The Debian package that provides it.
    public let package: String
    /// An environment variable that may name the program's path instead (`CHROMIUM`).
    public let override: String?
    /// Other names the same program goes by (`chromium-browser`).
    let aliases: [String]

    /// Headless Chromium, which loads the timeline page and reads back what it drew.
    public static let chromium = RequiredTool(
        name: "chromium", purpose: "loads the timeline page headless", package: "chromium",
        override: "CHROMIUM", aliases: ["chromium-browser"]
    )
    /// tmux, whose pane shows `watch`'s live panel as a person sees it.
    public static let tmux = RequiredTool(name: "tmux", purpose: "reads watch's live panel off a terminal", package: "tmux")
    /// The sqlite3 shell, which edits databases the way another program would.
    public static let sqlite3 = RequiredTool(name: "sqlite3", purpose: "edits databases as another program would", package: "sqlite3")
    /// xmllint, which validates the JUnit report.
    public static let xmllint = RequiredTool(name: "xmllint", purpose: "validates the JUnit report", package: "libxml2-utils")
    /// python3, which runs `bench/generate.py` for long realistic logs.
    public static let python3 = RequiredTool(name: "python3", purpose: "runs bench/generate.py", package: "python3")

    /// zsh, in which the zsh completion is loaded and asked to complete.
    public static let zsh = RequiredTool(name: "zsh", purpose: "loads the zsh completion", package: "zsh")
    /// fish, which is asked what its completion offers.
    public static let fish = RequiredTool(name: "fish", purpose: "loads the fish completion", package: "fish")
    /// groff, which renders the man page and warns about what it cannot.
    public static let groff = RequiredTool(name: "groff", purpose: "renders the man page", package: "groff-base")
    /// A python3 that imports `jsonschema`, which validates the codeclimate and sonarqube reports.
    public static let jsonschema = RequiredTool(
        name: "python3", purpose: "validates JSON reports against their schemas with the jsonschema module",
        package: "python3-jsonschema", probe: ["-c", "import jsonschema"]
    )

    /// Every program some test needs: what `.ci/run` installs and CONTRIBUTING.md lists.
    public static let all = [chromium, tmux, sqlite3, xmllint, python3, zsh, fish, groff, jsonschema]

    /// Arguments with which the program must exit 0 to count as installed (a Python module is
    /// there only when `python3 -c 'import it'` succeeds); nil when being on PATH is enough.
    let probe: [String]?

    init(name: String, purpose: String, package: String, override: String? = nil, aliases: [String] = [], probe: [String]? = nil) {
        self.name = name
        self.purpose = purpose
        self.package = package
        self.override = override
        self.aliases = aliases
        self.probe = probe
    }

    /// True when the tests run in CI, where a missing program is a failure rather than a skip.
    public static var inCI: Bool {
        let value = ProcessInfo.processInfo.environment["CI"]?.lowercased() ?? ""
        return !["", "0", "false", "no"].contains(value)
    }

    /// The program's path, or nil when it is not installed (or fails its probe).
    public var path: String? {
        guard let found = foundPath else { return nil }
        guard let probe else { return found }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: found)
        process.arguments = probe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? found : nil
    }

    /// Where the program is on PATH (or in its override variable), probe aside.
    private var foundPath: String? {
        let environment = ProcessInfo.processInfo.environment
        if let override, let path = environment[override], !path.isEmpty {
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            for candidate in [name] + aliases {
                let path = "\(directory)/\(candidate)"
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        return nil
    }

    /// How to install it, as the skip line and the failure suggest.
    public var installCommand: String {
        "`sudo apt-get install -y \(package)`" + (override.map { " (or set \($0)=/path/to/\(name))" } ?? "")
    }

    /// The line a skipped test prints; `.ci/run` looks for its start to fail a run that skipped.
    public func skipLine(_ test: String) -> String {
        "trace-analyze tests: skipped \(test): needs \(name) (it \(purpose)), which is not installed; install it with \(installCommand)"
    }

    /// Nil when `test` can run; else the skip line, printed to stderr once, so `swift test`'s
    /// output says what was not tested. In CI always nil: the test runs and `url()` fails it.
    public func skipReason(_ test: String) -> String? {
        guard path == nil, !Self.inCI else { return nil }
        let line = skipLine(test)
        FileHandle.standardError.write(Data((line + "\n").utf8))
        return line
    }

    /// For `.enabled(if:)`: false (after printing the skip line) when `test` is to be skipped.
    public func shouldRun(_ test: String) -> Bool { skipReason(test) == nil }

    /// The program's location; a clear error when it is missing (in CI, the test's failure).
    public func url() throws -> URL {
        guard let path else { throw Missing(tool: self) }
        return URL(fileURLWithPath: path)
    }

    /// A required program that is not installed.
    public struct Missing: Error, CustomStringConvertible {
        /// The program.
        public let tool: RequiredTool
        /// What failed and how to fix it.
        public var description: String {
            "\(tool.name) is needed (it \(tool.purpose)) and is not installed" + (RequiredTool.inCI ? " in CI" : "")
                + "; install it with \(tool.installCommand), as .ci/run does"
        }
    }
}
