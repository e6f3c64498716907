import Foundation
import Testing
import TraceRules

/// Every correction that changes code type-checks before and after `fix`, with the real
/// `swiftc -typecheck` in Swift 6 mode against the SwiftUI stand-in (`Tests/SwiftUIStandIn`):
/// parsing alone would not see a value link without `Hashable`, an id of the wrong type or a
/// `navigationDestination` that does not fit. So each such pair declares every type it uses.
@Suite struct LintCorrectionTypeCheckTests {
    static let changing = LintCorrectionCase.all.filter { $0.correction.before != $0.correction.after }

    @Test(arguments: changing)
    func typeChecks(_ correctionCase: LintCorrectionCase) throws {
        let standIn = try StandInModule.shared.get()
        for (side, code) in [("before", correctionCase.correction.before), ("after", correctionCase.correction.after)] {
            let result = try standIn.typeCheck("import Foundation\nimport SwiftUI\n" + code)
            #expect(result.status == 0, "\(side):\n\(result.output)", sourceLocation: correctionCase.location)
        }
    }

    /// The pairs this checks include the four rules' fixes.
    @Test func theFixingRulesArePaired() {
        #expect(Set(Self.changing.map(\.rule)) == Set(LintFixer.fixableRules))
    }
}

/// The stand-in's `SwiftUI*.swift` built once per run as module `SwiftUI`.
final class StandInModule: Sendable {
    static let shared: Result<StandInModule, StandInError> = Result { try StandInModule() }.mapError { $0 as? StandInError ?? StandInError(description: "\($0)") }

    let directory: URL

    private init() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let standIn = root.appendingPathComponent("Tests/SwiftUIStandIn")
        let files = try FileManager.default.contentsOfDirectory(atPath: standIn.path)
            .filter { $0.hasPrefix("SwiftUI") && $0.hasSuffix(".swift") }.sorted().map { standIn.appendingPathComponent($0).path }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The stand-in in Swift 5 mode, as `SwiftUILayerTypeCheckTests` explains.
        let built = Self.swiftc(["-emit-module", "-parse-as-library", "-module-name", "SwiftUI", "-swift-version", "5",
                                 "-emit-module-path", directory.appendingPathComponent("SwiftUI.swiftmodule").path] + files)
        guard built.status == 0 else { throw StandInError(description: "the SwiftUI stand-in does not compile:\n\(built.output)") }
    }

    /// `swiftc -typecheck` of `code` as one file in Swift 6 mode.
    func typeCheck(_ code: String) throws -> (status: Int32, output: String) {
        let file = directory.appendingPathComponent("Shape-\(UUID().uuidString).swift")
        try Data(code.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return Self.swiftc(["-typecheck", "-parse-as-library", "-module-name", "Shape", "-swift-version", "6", "-I", directory.path, file.path])
    }

    private static func swiftc(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
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
