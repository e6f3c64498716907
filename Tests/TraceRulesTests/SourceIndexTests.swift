import Testing
import SwiftSource
@testable import TraceRules

/// `--sources`: which declarations count as views, their names and where their names stand.
@Suite struct SourceIndexTests {
    private func views(_ text: String) -> [String] {
        SourceIndex(files: [("A.swift", text)]).views.map { "\($0.name)@\($0.line):\($0.column)" }
    }

    @Test func structsClassesEnumsAndActorsConformingToViewOrViewModifier() {
        let source = """
            import SwiftUI
            struct Plain: View { var body: some View { EmptyView() } }
            public final class Boxed: NSObject, SwiftUI.View {}
            @MainActor enum Namespace: View {}
            actor Worker: View {}
            private struct Bold: ViewModifier { func body(content: Content) -> some View { content.bold() } }
            struct Model: Equatable {}
            class Coordinator: NSObject { class func make() -> Coordinator { Coordinator() } }
            protocol Screen: View {}
            """
        #expect(views(source) == ["Plain@2:8", "Boxed@3:20", "Namespace@4:17", "Worker@5:7", "Bold@6:16"])
    }

    @Test func nestedTypesAreNamedWithTheirEnclosingTypes() {
        let source = """
            struct Outer: View {
                struct Row: View {
                    var body: some View { Text("row") }
                }
                var body: some View { Row() }
            }
            extension Outer {
                struct Footer: View { var body: some View { EmptyView() } }
            }
            extension CategoryList.Container {
                struct Cell: View {}
            }
            """
        #expect(views(source) == ["Outer@1:8", "Outer.Row@2:12", "Outer.Footer@8:12", "CategoryList.Container.Cell@11:12"])
    }

    @Test func genericParametersAndWhereClausesAreNotConformances() {
        let source = """
            struct Wrapper<Content: View>: Equatable {}
            struct LazyView<Content: View>: View where Content: Equatable {
                let build: () -> Content
                var body: some View { build() }
            }
            struct Graph<Model: AnyObject & Sendable, Row>: View where Row: View, Model: Hashable {}
            """
        #expect(views(source) == ["LazyView@2:8", "Graph@6:8"])
    }

    @Test func extensionsAreNotDeclarationsButCanMakeAView() {
        let index = SourceIndex(files: [
            ("Model.swift", "struct Card {\n    let title: String\n}\nstruct Plain {}\n"),
            ("Card+View.swift", "extension Card: View {\n    var body: some View { Text(title) }\n}\n"),
        ])
        #expect(index.views == [TypeDeclaration(name: "Card", file: "Model.swift", line: 1, column: 8)])
    }

    @Test func commentsAndStringsHideWhatLooksLikeCode() {
        let source = #"""
            // struct Commented: View {}
            /* struct Block: View { /* nested */ struct Deeper: View {} } */
            let a = "struct InString: View { \(call("}")) }"
            let b = #"struct Raw: View { "# + "\"struct Escaped: View {"
            let c = """
                struct Multi: View {
                """
            struct Real: View {}
            """#
        #expect(views(source) == ["Real@8:8"])
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(views("/* ✅ */ struct Größe: View {}") == ["Größe@1:16"])
    }

    @Test func wordsUsedAsNamesAreNotDeclarations() {
        let source = """
            let actor = Actor()
            for actor in actors { actor.run() }
            let kind = Kind.struct
            struct Real: View { class var shared: Real { Real() } }
            """
        #expect(views(source) == ["Real@4:8"])
    }

    @Test func logNamesFindTheirDeclaration() {
        let index = SourceIndex(files: [
            ("A.swift", "struct BaseGraphView<Model>: View {}\nstruct List: View { struct Container: View {} }\nextension Outer.Middle { struct Inner: View {} }\n"),
            ("B.swift", "struct Row: View {}\n"),
            ("C.swift", "struct Settings { struct Row: View {} }\n"),
        ])
        #expect(index.declaration(of: "BaseGraphView<WeekSectionViewModel>")?.line == 1)
        #expect(index.declaration(of: "BaseGraphView<Dictionary<String, Int>>")?.file == "A.swift")
        #expect(index.declaration(of: "List.Container")?.column == 28)
        #expect(index.declaration(of: "Container")?.name == "List.Container")
        #expect(index.declaration(of: "Middle.Inner")?.name == "Outer.Middle.Inner")
        // `Row` exactly, before `Settings.Row`.
        #expect(index.declaration(of: "Row")?.file == "B.swift")
        #expect(index.declaration(of: "Settings.Row")?.file == "C.swift")
        #expect(index.declaration(of: "Missing") == nil)
        #expect(index.declaration(of: "$s10StateGraph6ParentVMn") == nil)
    }

    @Test func aNameDeclaredInTwoFilesIsAmbiguous() {
        let index = SourceIndex(files: [
            ("App/Row.swift", "struct Row: View {}\n"),
            ("Widget/Row.swift", "struct Row: View {}\n"),
            ("Both.swift", "#if os(iOS)\nstruct Pane: View {}\n#else\nstruct Pane: View {}\n#endif\n"),
        ])
        #expect(index.declaration(of: "Row") == nil)
        #expect(index.declaration(of: "Pane")?.line == 2)
    }

    @Test func aDirectoryIsScannedInPathOrderSkippingHiddenOnes() throws {
        let index = try SourceIndex.scan(directory: Fixture.path("sources/004-navigation"))
        let prefix = Fixture.path("sources/004-navigation") + "/"
        #expect(index.views.map { "\($0.file.dropFirst(prefix.count)):\($0.line):\($0.column) \($0.name)" } == [
            "Destinations/FirstView.swift:3:8 FirstView",
            "Destinations/SecondView.swift:3:8 SecondView",
            "Destinations/ThirdView.swift:3:8 ThirdView",
            "MyRootView.swift:4:8 MyRootView",
        ])
        #expect(throws: AnalysisError.self) { try SourceIndex.scan(directory: Fixture.path("sources/none")) }
    }
}
