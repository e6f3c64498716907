import Testing
import TraceRules

/// Rows appended to and removed from a list (issue 52): a new row beside rows that stayed is a
/// new lifetime, not a reset; a row removed leaves no place for a later one to take. The logs
/// are written for the tests (synthetic), in each style the shape shows differently.
@Suite struct EditedRowsTests {
    /// `_printChanges()` only: the rows outlived an update of their list (`_filter` printed none
    /// of them), so the rows added later by `_todos` are read as added, not as resets.
    @Test func rowsAppendedAfterTheyOutlivedAnUpdateAreNoResets() throws {
        let findings = try Pipeline.findings("identity_churn", """
            TodoList: @self, @identity, _todos changed.
            TodoRow: @self, @identity changed.
            TodoRow: @self, @identity changed.
            TodoList: _filter changed.
            TodoList: _todos changed.
            TodoRow: @self, @identity changed.
            TodoList: _todos changed.
            TodoRow: @self, @identity changed.
            TodoRow: @self, @identity changed.
            """)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    /// The same lines when every update of the list makes its rows anew (`.id(UUID())`): resets,
    /// as many as the rows it had.
    @Test func rowsMadeAnewByEveryUpdateAreResets() throws {
        let findings = try Pipeline.findings("identity_churn", """
            TodoList: @self, @identity, _todos changed.
            TodoRow: @self, @identity changed.
            TodoRow: @self, @identity changed.
            TodoList: _filter changed.
            TodoRow: @self, @identity changed.
            TodoRow: @self, @identity changed.
            TodoList: _todos changed.
            TodoRow: @self, @identity changed.
            TodoRow: @self, @identity changed.
            TodoRow: @self, @identity changed.
            """)
        #expect(findings.map(\.view) == ["TodoRow"])
        // Two rows replaced in each update; the third of the last update was added.
        #expect(findings.first?.count == 4)
    }

    /// A line naming two changes is an update of each: the `if` child the first removed and the
    /// second shows again is re-inserted, not reset.
    @Test func anUpdateOfTwoChangesIsTheUpdateBeforeEachOfThem() throws {
        let findings = try Pipeline.findings("identity_churn", """
            ContentView: @self, @identity, _count changed.
            Banner: @self, @identity, _isOn changed.
            ContentView: _items, _showsBanner changed.
            ContentView: _showsBanner changed.
            Banner: @self, @identity, _isOn changed.
            ContentView: _showsBanner changed.
            ContentView: _showsBanner changed.
            Banner: @self, @identity, _isOn changed.
            """)
        #expect(findings.map(\.view) == ["Banner"])
        #expect(findings.first?.message.contains("was removed and shown again 2 times") == true, "\(findings.map(\.message))")
        #expect(findings.first?.severity != .error)
    }

    /// TraceProbe's tokens: a row deleted in one update and two rows appended in a later one,
    /// then the app's teardown releasing every identity after its root's: no reset, no
    /// re-insertion (the deleted row's place was taken by none; the root's end is no update).
    @Test func probeRowsDeletedAndAppendedAreNeitherResetNorShownAgain() throws {
        let findings = try Pipeline.findings("identity_churn", """
            trace-analyze: kind=body view=ListView type=App.ListView id=#1 t=10.000 ms=0.2 identity=new
            trace-analyze: kind=body view=NoteRow type=App.NoteRow id=#2 t=10.001 ms=0.1 identity=new
            trace-analyze: kind=body view=NoteRow type=App.NoteRow id=#3 t=10.002 ms=0.1 identity=new
            trace-analyze: kind=appear view=NoteRow type=App.NoteRow id=#2 t=10.003
            trace-analyze: kind=appear view=NoteRow type=App.NoteRow id=#3 t=10.004
            trace-analyze: kind=body view=ListView type=App.ListView id=#1 t=11.000 ms=0.2
            trace-analyze: kind=disappear view=NoteRow type=App.NoteRow id=#3 t=11.001
            trace-analyze: kind=deinit view=NoteRow type=App.NoteRow id=#3 t=11.002 seen=1
            trace-analyze: kind=body view=ListView type=App.ListView id=#1 t=12.000 ms=0.2
            trace-analyze: kind=body view=NoteRow type=App.NoteRow id=#7 t=12.001 ms=0.1 identity=new
            trace-analyze: kind=body view=NoteRow type=App.NoteRow id=#8 t=12.002 ms=0.1 identity=new
            trace-analyze: kind=appear view=NoteRow type=App.NoteRow id=#7 t=12.003
            trace-analyze: kind=appear view=NoteRow type=App.NoteRow id=#8 t=12.004
            trace-analyze: kind=deinit view=ListView type=App.ListView id=#1 t=13.000 seen=1
            trace-analyze: kind=deinit view=NoteRow type=App.NoteRow id=#2 t=13.001 seen=1
            trace-analyze: kind=deinit view=NoteRow type=App.NoteRow id=#7 t=13.002 seen=1
            trace-analyze: kind=deinit view=NoteRow type=App.NoteRow id=#8 t=13.003 seen=1
            """)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    /// Hand prints: each appended row's first appear, right after its first body, is a row of
    /// its own, not the first row appearing again.
    @Test func appendedRowsAppearOnceEach() throws {
        let findings = try Pipeline.findings("repeated_appear", """
            TodoList body
            TodoRow init
            TodoRow body
            TodoList appear
            TodoRow appear
            TodoList body
            TodoRow init
            TodoRow init
            TodoRow body
            TodoRow appear
            TodoList body
            TodoRow init
            TodoRow init
            TodoRow init
            TodoRow body
            TodoRow appear
            """)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    /// A tab shown again within its lifetime, with no body of its own before it appears, still
    /// appears again. (One made anew while off screen reads as presented again, a sheet's way.)
    @Test func aTabShownAgainStillAppearsAgain() throws {
        let findings = try Pipeline.findings("repeated_appear", """
            RootTabs body
            InboxTab init
            InboxTab body
            SettingsTab init
            InboxTab appear
            SettingsTab body
            SettingsTab appear
            InboxTab disappear
            InboxTab appear
            SettingsTab disappear
            """)
        #expect(findings.map(\.view) == ["InboxTab"])
    }

    /// A row that re-ran by `@self` alone in the update that also added a row beside it re-ran
    /// in that update: `unstable_view_value` counts it.
    @Test func aRowReRunBesideAnAppendedOneCounts() throws {
        let findings = try Pipeline.findings("unstable_view_value", """
            FeedView: @self, @identity, _count changed.
            PostRow: @self, @identity changed.
            FeedView: _count changed.
            PostRow: @self changed.
            FeedView: _posts changed.
            PostRow: @self changed.
            PostRow: @self, @identity changed.
            FeedView: _count changed.
            PostRow: @self changed.
            PostRow: @self changed.
            """)
        #expect(findings.map(\.view) == ["PostRow"])
        #expect(findings.first?.count == 3, "\(findings.map(\.message))")
    }
}
