import Foundation
import Testing

/// A Markdown page of the documentation (README.md, CONTRIBUTING.md, ARCHITECTURE.md, docs/*.md)
/// and its fenced blocks, each with the marker comment on the line before it. The markers say
/// what the tests do with a block (see CONTRIBUTING.md, "Documentation that runs"):
///
/// - `<!-- doc: output -->`: a transcript. Each `$ ` line is run with bash, the built tool first on
///   `PATH`; the lines up to the next `$ ` are what it prints (stdout, then stderr). A line `...`
///   stands for any number of lines.
/// - `<!-- doc: run -->`: each line that runs `trace-analyze` (or `swift run trace-analyze`) is run
///   and must exit 0 or 2 (findings) without an error; other lines (`xcrun`, `swift test`) are shown only.
/// - `<!-- doc: file NAME -->`: the block is written to NAME for the blocks after it.
/// - `<!-- doc: shown -->`: commands that need a Mac, a device or hours; the prose says why.
/// - any other marker names a block that a test of its own reads (`ci-recipe: gitlab`).
struct Documentation {
    struct Block {
        /// The marker's text between `<!-- ` and ` -->`, or nil for an unmarked block.
        let marker: String?
        /// The fence's info string (`sh`, `json`, or empty).
        let language: String
        /// The lines between the fences, each ending in a newline.
        let body: String
        /// The 1-based line of the opening fence.
        let line: Int
    }

    /// The page's path relative to the package root.
    let path: String
    let blocks: [Block]

    /// Every page whose commands the tests run: the README, the guide, the contributor pages.
    /// The generated rule directory is checked against the tool by `RuleDirectoryTests` instead.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Tool.packageRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md"] + docs
    }

    static func load(_ path: String) throws -> Documentation {
        let text = try String(contentsOf: Tool.packageRoot.appendingPathComponent(path), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("```") else { index += 1; continue }
            let fence = String(line.prefix { $0 == "`" })
            let language = String(line.dropFirst(fence.count)).trimmingCharacters(in: .whitespaces)
            var marker: String?
            if index > 0, lines[index - 1].hasPrefix("<!-- "), lines[index - 1].hasSuffix(" -->") {
                marker = String(lines[index - 1].dropFirst(5).dropLast(4))
            }
            var end = index + 1
            while end < lines.count, lines[end] != fence { end += 1 }
            let body = lines[(index + 1)..<min(end, lines.count)].map { $0 + "\n" }.joined()
            blocks.append(Block(marker: marker, language: language, body: body, line: index + 1))
            index = end + 1
        }
        return Documentation(path: path, blocks: blocks)
    }

    /// Writes the page back with each of `blocks` given a new body (`UPDATE_DOCS=1`).
    func replacing(_ blocks: [(block: Block, body: String)]) throws {
        let url = Tool.packageRoot.appendingPathComponent(path)
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        // From the last block up, so the line numbers of the ones before stay right.
        for (block, body) in blocks.sorted(by: { $0.block.line > $1.block.line }) {
            let old = block.body.components(separatedBy: "\n").dropLast().count
            lines.replaceSubrange(block.line..<(block.line + old), with: body.components(separatedBy: "\n").dropLast())
        }
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    /// The body of the block marked `marker`, which must be the only one.
    func block(_ marker: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let found = blocks.filter { $0.marker == marker }
        #expect(found.count == 1, "\(path) has \(found.count) blocks marked <!-- \(marker) -->", sourceLocation: sourceLocation)
        return try #require(found.first, sourceLocation: sourceLocation).body
    }
}

/// A working directory as a reader of the documentation has one: this package's fixtures, and an
/// app's logs, `app.log` (seed 001's PlayButton toggled twice) and `ui-test.log` (seed 004's eager
/// destinations), its sources in `MyApp` (both seeds' views), and `run.xml`, an Instruments export
/// with updates and a hitch.
final class DocumentationWorkspace {
    let workspace: Workspace

    init() throws {
        workspace = try Workspace()
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: workspace.path("fixtures"), withDestinationPath: Tool.packageRoot.appendingPathComponent("fixtures").path)
        try manager.copyItem(atPath: Tool.fixture("seeds/001-playbutton-toggle-twice.log"), toPath: workspace.path("app.log"))
        try manager.copyItem(atPath: Tool.fixture("seeds/004-navigation-eager.log"), toPath: workspace.path("ui-test.log"))
        try manager.copyItem(atPath: Tool.fixture("sources/004-navigation"), toPath: workspace.path("MyApp"))
        for file in ["ContentView.swift", "PlayButton.swift"] {
            try manager.copyItem(atPath: Tool.fixture("sources/001-state/\(file)"), toPath: workspace.path("MyApp/\(file)"))
        }
        try manager.copyItem(atPath: Tool.fixture("instruments/hitches.xml"), toPath: workspace.path("run.xml"))
    }

    /// Runs one command line with bash, as a reader pastes it: the built tool first on `PATH`, and
    /// `swift run trace-analyze` standing for it.
    func run(_ commandLine: String) throws -> Tool.Result {
        var line = commandLine
        if line.hasPrefix("swift run trace-analyze ") { line = String(line.dropFirst("swift run ".count)) }
        let path = Tool.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try Tool.run(["-c", line], in: workspace.url, environment: ["PATH": path, "COLUMNS": "120"],
                            program: URL(fileURLWithPath: installedProgram("bash") ?? "/bin/bash"))
    }
}

/// Whether `actual` matches `expected`, where a line `...` in `expected` stands for any number of lines.
func matchesTranscript(_ actual: [String], _ expected: [String]) -> Bool {
    let pieces = expected.split(separator: "...", omittingEmptySubsequences: false).map(Array.init)
    guard pieces.count > 1 else { return actual == expected }
    var position = 0
    for (number, piece) in pieces.enumerated() {
        if piece.isEmpty { continue }
        if number == 0 {
            guard actual.starts(with: piece) else { return false }
            position = piece.count
        } else if number == pieces.count - 1 {
            guard actual.count - piece.count >= position, Array(actual.suffix(piece.count)) == piece else { return false }
        } else {
            guard let found = (position...max(position, actual.count - piece.count)).first(where: {
                $0 + piece.count <= actual.count && Array(actual[$0..<($0 + piece.count)]) == piece
            }) else { return false }
            position = found + piece.count
        }
    }
    return true
}
