import Foundation
import Testing

/// The probe's SwiftUI layer and its Logger sink compile: on Linux, against `Tests/SwiftUIStandIn`
/// (SwiftUI's and `os`'s signatures for the few names they use), so a typo in them fails CI here
/// and not in an app's build. On a Mac the package build compiles them against the real SDK.
@Suite struct SwiftUILayerTypeCheckTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    #if !canImport(SwiftUI)
    @Test func theSwiftUILayerAndLoggerSinkTypeCheckAgainstTheStandIns() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-stand-in-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let standIn = Self.root.appendingPathComponent("Tests/SwiftUIStandIn/SwiftUI.swift").path
        // The stand-in in Swift 5 mode: its renderer keeps SwiftUI's nonisolated signatures
        // (`onAppear`) over main-actor views, which only SwiftUI's own annotations make clean;
        // the probe and the app are checked in Swift 6 mode against it.
        let module = try run([
            "-emit-module", "-parse-as-library", "-module-name", "SwiftUI", "-swift-version", "5",
            "-emit-module-path", scratch.appendingPathComponent("SwiftUI.swiftmodule").path, standIn,
        ])
        #expect(module.status == 0, "the stand-in does not compile: \(module.output)")
        let os = try run([
            "-emit-module", "-parse-as-library", "-module-name", "os", "-swift-version", "6",
            "-emit-module-path", scratch.appendingPathComponent("os.swiftmodule").path,
            Self.root.appendingPathComponent("Tests/SwiftUIStandIn/os.swift").path,
        ])
        #expect(os.status == 0, "the os stand-in does not compile: \(os.output)")
        let sources = try Self.probeSources()
        #expect(sources.contains { $0.hasSuffix("SwiftUI/ViewProbe+SwiftUI.swift") })
        #expect(sources.contains { $0.hasSuffix("OSLog/ProbeSink+Logger.swift") })
        let check = try run(["-typecheck", "-parse-as-library", "-module-name", "TraceProbe", "-swift-version", "6", "-I", scratch.path] + sources)
        #expect(check.status == 0, "the SwiftUI layer does not type-check:\n\(check.output)")
        // docs/exact-mode.md's usage, as an app writes it, against the probe built with the stand-ins.
        let probeModule = try run(["-emit-module", "-parse-as-library", "-module-name", "TraceProbe", "-swift-version", "6", "-I", scratch.path,
                                   "-emit-module-path", scratch.appendingPathComponent("TraceProbe.swiftmodule").path] + sources)
        #expect(probeModule.status == 0, "\(probeModule.output)")
        let usage = try run(["-typecheck", "-parse-as-library", "-module-name", "App", "-swift-version", "6", "-I", scratch.path,
                             Self.root.appendingPathComponent("Tests/SwiftUIStandIn/Usage.swift").path])
        #expect(usage.status == 0, "docs/exact-mode.md's usage does not type-check:\n\(usage.output)")
    }

    /// The check would pass without the layer if `canImport(SwiftUI)` were false: the layer
    /// must be compiled against the stand-in, so a broken call must fail it.
    @Test func aBrokenCallFailsTheCheck() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("swiftui-stand-in-broken-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let standIn = Self.root.appendingPathComponent("Tests/SwiftUIStandIn/SwiftUI.swift").path
        let module = try run(["-emit-module", "-parse-as-library", "-module-name", "SwiftUI", "-swift-version", "5",
                     "-emit-module-path", scratch.appendingPathComponent("SwiftUI.swiftmodule").path, standIn])
        #expect(module.status == 0, "the stand-in does not compile: \(module.output)")
        let layer = try String(contentsOfFile: Self.root.appendingPathComponent("Sources/TraceProbe/SwiftUI/ViewProbe+SwiftUI.swift").path, encoding: .utf8)
        let broken = scratch.appendingPathComponent("Broken.swift")
        try layer.replacingOccurrences(of: ".onDisappear {", with: ".onDisapear {").write(to: broken, atomically: true, encoding: .utf8)
        let sources = try Self.probeSources().filter { !$0.hasSuffix("ViewProbe+SwiftUI.swift") } + [broken.path]
        let check = try run(["-typecheck", "-parse-as-library", "-module-name", "TraceProbe", "-swift-version", "6", "-I", scratch.path] + sources)
        #expect(check.status != 0)
        #expect(check.output.contains("onDisapear"))
    }

    /// Likewise for the Logger sink: with the `os` stand-in in reach, a misspelt call fails, so
    /// the file is really compiled rather than left out by `canImport(os)`.
    @Test func aBrokenLoggerCallFailsTheCheck() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("os-stand-in-broken-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let module = try run(["-emit-module", "-parse-as-library", "-module-name", "os", "-swift-version", "6",
                              "-emit-module-path", scratch.appendingPathComponent("os.swiftmodule").path,
                              Self.root.appendingPathComponent("Tests/SwiftUIStandIn/os.swift").path])
        #expect(module.status == 0, "the os stand-in does not compile: \(module.output)")
        let sink = try String(contentsOfFile: Self.root.appendingPathComponent("Sources/TraceProbe/OSLog/ProbeSink+Logger.swift").path, encoding: .utf8)
        let broken = scratch.appendingPathComponent("BrokenLogger.swift")
        try sink.replacingOccurrences(of: "logger.debug(", with: "logger.debugg(").write(to: broken, atomically: true, encoding: .utf8)
        let sources = try Self.probeSources().filter { !$0.hasSuffix("ProbeSink+Logger.swift") && !$0.hasSuffix("ViewProbe+SwiftUI.swift") } + [broken.path]
        let check = try run(["-typecheck", "-parse-as-library", "-module-name", "TraceProbe", "-swift-version", "6", "-I", scratch.path] + sources)
        #expect(check.status != 0)
        #expect(check.output.contains("debugg"))
    }
    #endif

    static func probeSources() throws -> [String] {
        let directory = root.appendingPathComponent("Sources/TraceProbe")
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        var sources: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { sources.append(directory.appendingPathComponent(path).path) }
        }
        return sources.sorted()
    }

    /// Runs `swiftc` from the toolchain running the tests (`SWIFTC`, else the one on PATH).
    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        let compiler = ProcessInfo.processInfo.environment["SWIFTC"]
        process.executableURL = URL(fileURLWithPath: compiler ?? "/usr/bin/env")
        process.arguments = (compiler == nil ? ["swiftc"] : []) + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
