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

    /// `--print-changes` inserts nothing but SwiftUI's own `let _ = Self._printChanges()`, and
    /// the shapes still compile with it, in each language mode, debug and release; it adds no
    /// import and no stored property, so no conformance or memberwise init can change.
    @Test(arguments: InstrumentShape.all().filter { $0.knownIssue == nil })
    func aShapeCompilesWithPrintChangesOnly(_ shape: InstrumentShape) throws {
        let harness = try TypeCheckHarness.shared.get()
        let scratch = try Scratch(copying: shape)
        defer { scratch.remove() }
        let files = try TypeCheckHarness.swiftFiles(in: scratch.url)
        let original = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }
        let report = try scratch.run(options: InstrumentOptions(mode: .printChanges))
        #expect(report.counts.models == 0 && report.modules.isEmpty, "\(shape.name)")
        // Views that cannot hold the probe's token (Hashable, Codable) can still print; a
        // ViewModifier cannot (`_printChanges` is View's), so only some view must print.
        if let views = shape.expected["views"], views > 0 { #expect(report.counts.views > 0, "\(shape.name)") }
        for (file, before) in zip(files, original) {
            let after = try String(contentsOfFile: file, encoding: .utf8)
            // Every line added is the print, or the #if around it; every line kept is the file's.
            let added = after.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasSuffix(" // trace-analyze:instrument") }
            // A body in an extension gets the @ViewBuilder that a statement in it needs.
            let allowed = ["let _ = Self._printChanges()", "#if DEBUG", "#endif", "@ViewBuilder"]
            #expect(added.allSatisfy { line in allowed.contains { line.trimmingCharacters(in: .whitespaces).hasPrefix($0 + " //") } }, "\(shape.name): \(added)")
            #expect(!after.contains("TraceProbe") || before.contains("TraceProbe"), "\(shape.name): no import")
        }
        for mode in shape.languageModes {
            let debug = harness.typeCheck(files, swiftVersion: mode, debug: true)
            #expect(debug.status == 0, "\(shape.name), Swift \(mode), DEBUG:\n\(debug.output)")
        }
        let release = harness.typeCheck(files, swiftVersion: shape.languageModes.last ?? 6, debug: false)
        #expect(release.status == 0, "\(shape.name), release:\n\(release.output)")
        try scratch.run(.remove)
        #expect(try files.map { try String(contentsOfFile: $0, encoding: .utf8) } == original, "--remove gives every file back")
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
