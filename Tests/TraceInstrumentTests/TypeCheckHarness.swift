import Foundation
@testable import TraceInstrument

/// Compiles Swift shapes with the real `swiftc -typecheck` against the SwiftUI stand-in and
/// TraceProbe, both built once per test run: parsing is not enough to know that instrumented
/// code still builds (a lost synthesized conformance, a missing return, a changed memberwise
/// init only show up in type-checking).
final class TypeCheckHarness: Sendable {
    /// The package's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The one harness of the run; nil with the reason when the modules do not build.
    static let shared: Result<TypeCheckHarness, HarnessError> = Result { try TypeCheckHarness() }.mapError { $0 as? HarnessError ?? HarnessError($0.localizedDescription) }

    /// Holds `SwiftUI.swiftmodule` and `TraceProbe.swiftmodule`.
    let modules: URL

    private init() throws {
        modules = FileManager.default.temporaryDirectory.appendingPathComponent("instrument-typecheck-\(getpid())")
        try? FileManager.default.removeItem(at: modules)
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let standIn = try Self.swiftFiles(in: Self.root.appendingPathComponent("Tests/SwiftUIStandIn")).filter {
            ($0 as NSString).lastPathComponent.hasPrefix("SwiftUI")
        }
        // The stand-in in Swift 5 mode, as SwiftUILayerTypeCheckTests explains; the shapes in both.
        let swiftUI = Self.swiftc(["-emit-module", "-parse-as-library", "-module-name", "SwiftUI", "-swift-version", "5",
                                   "-emit-module-path", modules.appendingPathComponent("SwiftUI.swiftmodule").path] + standIn)
        guard swiftUI.status == 0 else { throw HarnessError("the SwiftUI stand-in does not compile:\n\(swiftUI.output)") }
        let probeSources = try Self.swiftFiles(in: Self.root.appendingPathComponent("Sources/TraceProbe"))
        let probe = Self.swiftc(["-emit-module", "-parse-as-library", "-module-name", "TraceProbe", "-swift-version", "6", "-I", modules.path,
                                 "-emit-module-path", modules.appendingPathComponent("TraceProbe.swiftmodule").path] + probeSources)
        guard probe.status == 0 else { throw HarnessError("TraceProbe does not compile against the stand-in:\n\(probe.output)") }
    }

    /// Type-checks `files` as one module in Swift language mode `version`, with `DEBUG` set or
    /// not; the compiler's status and output.
    func typeCheck(_ files: [String], swiftVersion version: Int, debug: Bool) -> (status: Int32, output: String) {
        var arguments = ["-typecheck", "-parse-as-library", "-module-name", "Shape", "-swift-version", "\(version)", "-I", modules.path]
        if debug { arguments.append("-DDEBUG") }
        return Self.swiftc(arguments + files)
    }

    static func swiftFiles(in directory: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { directory.appendingPathComponent($0).path }
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

    deinit { try? FileManager.default.removeItem(at: modules) }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
