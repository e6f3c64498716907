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
}
