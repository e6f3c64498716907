import Foundation
import Testing
@testable import TraceInstrument

/// After a run, every module whose files now import TraceProbe is named, so that the user adds
/// the library to each, not only to "the app's target".
@Suite struct InstrumentModulesTests {
    static let view = "import SwiftUI\nstruct V: View {\n    var body: some View { Text(\"v\") }\n}\n"

    @Test func theModulesOfTheChangedFilesAreNamed() throws {
        let scratch = try Scratch([
            "Kit/Package.swift": "// swift-tools-version:6.0\n",
            "Kit/Sources/Feature/FeatureView.swift": Self.view,
            "Kit/Sources/Settings/Rows/Row.swift": Self.view,
            "Kit/Sources/Settings/Plain.swift": "let answer = 42\n",
            "Kit/Support/Loose.swift": Self.view,
            "App/App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n",
            "App/App/Home.swift": Self.view,
            "Scripts/Tool.swift": Self.view,
        ])
        defer { scratch.remove() }
        let report = try scratch.run()
        let root = scratch.url.path
        #expect(report.modules == [
            .swiftPMTarget(package: "\(root)/Kit", target: "Feature"),
            .swiftPMTarget(package: "\(root)/Kit", target: "Settings"),
            .swiftPMPackage(package: "\(root)/Kit"),
            .xcodeProject(project: "\(root)/App/App.xcodeproj"),
            .unknown,
        ])
        // A dry run names them too; --remove and --print-changes need nothing.
        try scratch.run(.remove)
        #expect(try scratch.run(dryRun: true).modules.count == 5)
        #expect(try scratch.run(options: InstrumentOptions(mode: .printChanges)).modules.isEmpty)
    }

    /// An Xcode project's targets are read from its project file: each changed file is named
    /// with every target that compiles it (through groups, `SOURCE_ROOT`, and Xcode 16's
    /// synchronised folders less their exceptions), and a file no target lists with its project.
    @Test func xcodeTargetsAreReadFromTheProjectFile() throws {
        let app = try Self.copyOfFixture("instrument-xcode")
        defer { try? FileManager.default.removeItem(atPath: app) }
        let project = "\(app)/Synthetic.xcodeproj"
        let targets = XcodeProjectTargets(project: project)
        #expect(targets.targets(of: "\(app)/App/AppRoot.swift") == ["App"])
        #expect(targets.targets(of: "\(app)/App/Views/Home.swift") == ["App"])
        #expect(targets.targets(of: "\(app)/Shared/Badge.swift") == ["App", "Widget"])
        #expect(targets.targets(of: "\(app)/Widget/WidgetView.swift") == ["Widget"])
        #expect(targets.targets(of: "\(app)/TV/TVHome.swift") == ["TV"])
        #expect(targets.targets(of: "\(app)/TV/Preview.swift") == [])
        #expect(targets.targets(of: "\(app)/Loose/Unlisted.swift") == [])
        let report = try Instrumenter().run(paths: [app])
        #expect(report.changed.count == 7)
        #expect(report.modules == [
            .xcodeTarget(project: project, target: "App"),
            .xcodeTarget(project: project, target: "Widget"),
            .xcodeTarget(project: project, target: "TV"),
            .xcodeProject(project: project),
        ])
        // A project file that is not one names the project only.
        try Data("{ objects = ( ;".utf8).write(to: URL(fileURLWithPath: "\(project)/project.pbxproj"))
        #expect(XcodeProjectTargets(project: project).targets(of: "\(app)/App/AppRoot.swift") == [])
    }

    /// `--only` and `--exclude` limit what changes, not what is read: a file left out keeps its
    /// bytes, and a view whose declaration is left out gets no body probe that would read a
    /// token it does not declare.
    @Test func onlyAndExcludeLimitTheChange() throws {
        let scratch = try Scratch([
            "App/Feature/A.swift": Self.view.replacingOccurrences(of: "struct V:", with: "struct A:"),
            "App/Feature/Skip/B.swift": Self.view.replacingOccurrences(of: "struct V:", with: "struct B:"),
            "App/Other/C.swift": Self.view.replacingOccurrences(of: "struct V:", with: "struct C:"),
            "App/Other/Split.swift": "import SwiftUI\nstruct Split: View {\n    let title: String\n}\n",
            "App/Feature/Split+Body.swift": "import SwiftUI\nextension Split {\n    var body: some View { Text(title) }\n}\n",
        ])
        defer { scratch.remove() }
        let root = scratch.url.path
        let before = try ["App/Other/C.swift", "App/Feature/Skip/B.swift", "App/Other/Split.swift", "App/Feature/Split+Body.swift"].map { try scratch.text($0) }
        let options = InstrumentOptions(only: ["\(root)/App/Feature"], exclude: ["\(root)/App/Feature/Skip/"])
        let report = try Instrumenter(options: options).run(paths: [root])
        #expect(report.changed == ["\(root)/App/Feature/A.swift"])
        #expect(report.files == 2 && report.limitedOut == 3)
        #expect(try ["App/Other/C.swift", "App/Feature/Skip/B.swift", "App/Other/Split.swift", "App/Feature/Split+Body.swift"].map { try scratch.text($0) } == before)
        // --remove is limited the same way: C, instrumented in full, keeps its probe outside --only.
        try scratch.run()
        let removed = try Instrumenter(options: InstrumentOptions(only: ["\(root)/App/Feature/A.swift"]), action: .remove).run(paths: [root])
        #expect(removed.changed == ["\(root)/App/Feature/A.swift"])
        #expect(try scratch.text("App/Feature/A.swift") == Self.view.replacingOccurrences(of: "struct V:", with: "struct A:"))
        #expect(try scratch.text("App/Other/C.swift").contains("ViewProbe(C.self)"))
    }

    /// A copy of `fixtures/NAME` in a fresh temporary folder.
    static func copyOfFixture(_ name: String) throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/\(name)")
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("instrument-\(name)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: copy)
        return copy.path
    }
}
