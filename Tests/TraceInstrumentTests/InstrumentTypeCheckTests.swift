import Foundation
import Testing
@testable import TraceInstrument

/// Every shape of `fixtures/instrument-shapes` (and the fixture app) type-checks with swiftc
/// against the SwiftUI stand-in before `instrument`, and so after it: in a debug build (with
/// TraceProbe) and a release one, in each Swift language mode it is written for. A shape that
/// instrument is known to break says why in a `known-issue:` header, and its test is a known
/// issue until the cause is fixed.
@Suite struct InstrumentTypeCheckTests {
    #if !canImport(SwiftUI)
    @Test(arguments: InstrumentShape.all())
    func aShapeThatCompiledBeforeCompilesAfterInstrument(_ shape: InstrumentShape) throws {
        let harness = try TypeCheckHarness.shared.get()
        let scratch = try Scratch(copying: shape)
        defer { scratch.remove() }
        let files = try TypeCheckHarness.swiftFiles(in: scratch.url)
        for mode in shape.languageModes {
            let before = harness.typeCheck(files, swiftVersion: mode, debug: true)
            try #require(before.status == 0, "\(shape.name) does not compile as written (Swift \(mode)):\n\(before.output)")
        }
        let original = try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }

        let report = try scratch.run()
        var failures: [String] = []
        let counts = ["views": report.counts.views, "bodies": report.counts.bodies, "lifecycles": report.counts.lifecycles, "models": report.counts.models]
        for (name, count) in shape.expected.sorted(by: { $0.key < $1.key }) where counts[name] != count {
            failures.append("\(name): \(counts[name].map(String.init) ?? "unknown"), expected \(count); notes: \(report.notes)")
        }
        for mode in shape.languageModes {
            let debug = harness.typeCheck(files, swiftVersion: mode, debug: true)
            if debug.status != 0 { failures.append("Swift \(mode), DEBUG:\n\(debug.output)") }
        }
        // Without DEBUG only the cuts of one-line code remain: the app as it was.
        let release = harness.typeCheck(files, swiftVersion: shape.languageModes.last ?? 6, debug: false)
        if release.status != 0 { failures.append("release:\n\(release.output)") }
        if let reason = shape.knownIssue {
            withKnownIssue(Comment(rawValue: reason)) {
                #expect(failures.isEmpty, "\(shape.name) is not instrumented as it should be:\n\(failures.joined(separator: "\n"))")
            }
        } else {
            #expect(failures.isEmpty, "\(shape.name) is not instrumented as it should be:\n\(failures.joined(separator: "\n"))")
        }

        // And the run is one a user can repeat and take back.
        #expect(try scratch.run().changed.isEmpty, "a second run changes nothing")
        try scratch.run(.remove)
        #expect(try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == original, "--remove gives every file back")
    }
    #endif
}

extension Scratch {
    /// A scratch folder holding a copy of `shape`'s files, under their names below the shape.
    init(copying shape: InstrumentShape) throws {
        self = try Scratch([:])
        for file in shape.files {
            let relative = String(file.dropFirst(shape.base.count + 1))
            try write(relative, [UInt8](try Data(contentsOf: URL(fileURLWithPath: file))))
        }
    }
}
