import Testing
import TraceRules

/// A model made again while its screen is torn down is found where the log prints only its
/// models: a cascade of releases begins the teardown as a disappear does.
@Suite struct StateModelTeardownTests {
    @Test func aModelMadeAgainInACascadeOfReleasesIsReportedOnItsHolder() throws {
        let findings = try Pipeline.findings("state_model_reinit", """
            Root.ViewModel deinit
            Detail.ViewModel deinit
            Detail.ViewModel init
            List.ViewModel deinit
            Detail.ViewModel deinit

            """)
        #expect(findings.map(\.view) == ["Detail"])
        #expect(findings.first?.lines == [1, 2, 3, 5])
        #expect(findings.first?.message.hasPrefix("Detail.ViewModel was released as its screen was torn down") == true)
    }

    @Test func anOwnerPrintedWithTheModelNamesTheHolderAndTellsModelsApart() throws {
        let findings = try Pipeline.findings("state_model_reinit", """
            RootView Model deinit
            DetailView Model deinit
            DetailView Model init
            ListView Model deinit
            DetailView Model deinit

            """)
        #expect(findings.map(\.view) == ["DetailView"])
        #expect(findings.first?.lines == [1, 2, 3, 5])
    }

    @Test func oneTypeReleasedAgainAndAgainIsNoCascade() throws {
        #expect(try Pipeline.findings("state_model_reinit", """
            RowModel deinit
            RowModel deinit
            RowModel init
            RowModel deinit

            """).isEmpty)
    }

    @Test func aModelThatIsShownOrOutlivesTheTeardownWasUsed() throws {
        #expect(try Pipeline.findings("state_model_reinit", """
            Root.ViewModel deinit
            Detail.ViewModel deinit
            Detail.ViewModel init
            Detail body
            Detail.ViewModel deinit

            """).isEmpty)
        #expect(try Pipeline.findings("state_model_reinit", """
            2024-05-01 10:00:00.100 Root.ViewModel deinit
            2024-05-01 10:00:00.101 Detail.ViewModel deinit
            2024-05-01 10:00:00.102 Detail.ViewModel init
            2024-05-01 10:00:03.000 Detail.ViewModel deinit

            """).isEmpty)
    }

    @Test func theIOS15ForumLogIsFoundAndTheIOS14OneIsQuiet() throws {
        let reinit = try Pipeline(path: Fixture.path("realworld/062-appleforums-ios15-navigationlink-model-reinit-teardown.log")).analyze()
        #expect(reinit.map { "\($0.rule) \($0.view ?? "") \($0.lines)" } == ["state_model_reinit FourthView [1, 2, 3, 6]"])
        #expect(try Pipeline(path: Fixture.path("realworld/063-appleforums-ios14-navigationlink-release-order.log")).analyze().isEmpty)
    }
}
