import Foundation
import Testing

/// One shape of the type-checking corpus (`fixtures/instrument-shapes`): a Swift file, or a
/// folder of files compiled as one module, and what its header comments say about it.
///
/// Header lines a shape may carry:
/// - `// language-modes: 6`: the Swift language modes it is written for (default 5 and 6);
/// - `// known-issue: why`: instrumenting it is known to break it, and why;
/// - `// expects: views=N models=N lifecycles=N`: what instrument must insert (any subset).
struct InstrumentShape: CustomTestStringConvertible, Sendable {
    /// The path below the corpus folder.
    let name: String
    /// The folder the files' paths are relative to: the shape's own, or the corpus for a file.
    let base: String
    let files: [String]
    let languageModes: [Int]
    let knownIssue: String?
    let expected: [String: Int]

    var testDescription: String { name }

    static let corpus = TypeCheckHarness.root.appendingPathComponent("fixtures/instrument-shapes")

    /// Every shape of the corpus, and the fixture apps as two more.
    static func all() -> [InstrumentShape] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        var shapes = names.sorted().filter { !$0.hasPrefix(".") && $0 != "README.md" }.map { load(corpus.appendingPathComponent($0), name: $0) }
        shapes.append(load(TypeCheckHarness.root.appendingPathComponent("fixtures/instrument-app/App"), name: "instrument-app"))
        shapes.append(load(TypeCheckHarness.root.appendingPathComponent("fixtures/instrument-appear"), name: "instrument-appear"))
        return shapes
    }

    static func load(_ url: URL, name: String) -> InstrumentShape {
        var isDirectory: ObjCBool = false
        FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        let files = isDirectory.boolValue ? ((try? TypeCheckHarness.swiftFiles(in: url)) ?? []) : [url.path]
        var modes = [5, 6]
        var knownIssue: String?
        var expected: [String: Int] = [:]
        for file in files {
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(while: { $0.hasPrefix("//") }) {
                if let value = line.value(after: "// language-modes:") {
                    modes = value.split(separator: " ").compactMap { Int($0) }
                } else if let value = line.value(after: "// known-issue:") {
                    knownIssue = value
                } else if let value = line.value(after: "// expects:") {
                    for pair in value.split(separator: " ") {
                        let parts = pair.split(separator: "=")
                        if parts.count == 2, let count = Int(parts[1]) { expected[String(parts[0])] = count }
                    }
                }
            }
        }
        return InstrumentShape(name: name, base: isDirectory.boolValue ? url.path : url.deletingLastPathComponent().path, files: files, languageModes: modes, knownIssue: knownIssue, expected: expected)
    }
}

extension Substring {
    fileprivate func value(after prefix: String) -> String? {
        hasPrefix(prefix) ? dropFirst(prefix.count).trimmingCharacters(in: .whitespaces) : nil
    }
}
