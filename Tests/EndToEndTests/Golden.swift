import Foundation
import Testing

/// Golden files under `fixtures/`: `UPDATE_GOLDEN=1 swift test` rewrites them instead of comparing.
enum Golden {
    static func expect(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = Tool.fixture(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == golden, "differs from fixtures/\(name)", sourceLocation: sourceLocation)
    }
}

/// The path of a program on `PATH`, if installed.
func installedProgram(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
