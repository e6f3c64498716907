import Foundation
@testable import TraceInstrument

/// Runs the real instrumenter over files written to a scratch directory, and reads them back.
struct Scratch {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("instrument-\(UUID().uuidString)")
        for (path, text) in files { try write(path, Array(text.utf8)) }
    }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: url.appendingPathComponent(path))) }
    func text(_ path: String) throws -> String { String(decoding: try bytes(path), as: UTF8.self) }

    @discardableResult
    func run(_ action: Instrumenter.Action = .instrument, options: InstrumentOptions = InstrumentOptions(), dryRun: Bool = false) throws -> InstrumentReport {
        try Instrumenter(options: options, action: action, dryRun: dryRun).run(paths: [url.path])
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// One file instrumented in memory, as `instrument` would write it.
func instrumented(_ text: String, path: String = "App/View.swift", options: InstrumentOptions = InstrumentOptions()) throws -> String {
    String(decoding: try instrumented(bytes: Array(text.utf8), path: path, options: options), as: UTF8.self)
}

func instrumented(bytes: [UInt8], path: String = "App/View.swift", options: InstrumentOptions = InstrumentOptions()) throws -> [UInt8] {
    let file = try ReadSource(path: path, bytes: bytes)
    guard !file.isTestOrManifest else { return file.source }
    var instrumenter = FileInstrumenter(file: file, facts: AppFacts([file]), options: options)
    instrumenter.plan()
    return instrumenter.edits.applied()
}
