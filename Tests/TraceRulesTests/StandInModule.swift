import Foundation

/// `Tests/SwiftUIStandIn`'s `SwiftUI*.swift` built once per run as module `SwiftUI` (Swift 5
/// mode, as the instrument tests build it), and `swiftc -typecheck` of one file against it.
final class StandInModule: Sendable {
    static let shared: Result<StandInModule, StandInError> = Result { try StandInModule() }.mapError { $0 as? StandInError ?? StandInError(description: "\($0)") }

    let directory: URL

    private init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("rule-swift-pairs-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let standIn = Fixture.root.appendingPathComponent("Tests/SwiftUIStandIn")
        let files = try FileManager.default.contentsOfDirectory(atPath: standIn.path)
            .filter { $0.hasPrefix("SwiftUI") && $0.hasSuffix(".swift") }.sorted().map { standIn.appendingPathComponent($0).path }
        let built = Self.swiftc(["-emit-module", "-parse-as-library", "-module-name", "SwiftUI", "-swift-version", "5",
                                 "-emit-module-path", directory.appendingPathComponent("SwiftUI.swiftmodule").path] + files)
        guard built.status == 0 else { throw StandInError(description: "the SwiftUI stand-in does not compile:\n\(built.output)") }
    }

    /// Type-checks `code` as the one file of a module, in language mode `version`.
    func typeCheck(_ code: String, swiftVersion version: Int = 6) throws -> (status: Int32, output: String) {
        let file = directory.appendingPathComponent("Pair-\(UUID().uuidString).swift")
        try code.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return Self.swiftc(["-typecheck", "-parse-as-library", "-module-name", "App", "-swift-version", "\(version)", "-I", directory.path, file.path])
    }

    /// Runs `swiftc` from the toolchain running the tests (`SWIFTC`, else the one on PATH).
    static func swiftc(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        let compiler = ProcessInfo.processInfo.environment["SWIFTC"]
        process.executableURL = URL(fileURLWithPath: compiler ?? "/usr/bin/env")
        process.arguments = (compiler == nil ? ["swiftc"] : []) + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (-1, "cannot run swiftc: \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}

struct StandInError: Error, CustomStringConvertible {
    let description: String
}
