import Testing
import TraceModel

/// The shapes developers' own prints take in public issues, forum threads and blog posts, beyond
/// the seeds' spellings: details after the lifecycle word, the subject in brackets or after a
/// tag, upper case, annotations, and prefixes before the message. Each is one family handled by
/// `LifecycleMessage`'s single mechanism (preamble, subject, kind, detail); see
/// `fixtures/realworld/` for whole logs.
@Suite struct RealWorldShapesTests {
    @Test(arguments: [
        // Details after the lifecycle word.
        ("🎵 PlayerView init - Episode: 12", Lifecycle(.`init`, "PlayerView")),
        ("[HomeView] BODY EVALUATED - isLoading: false", Lifecycle(.body, "HomeView")),
        ("ProfileCard initialized for user 42", Lifecycle(.`init`, "ProfileCard")),
        ("SettingsView onAppear, tab=2", Lifecycle(.appear, "SettingsView")),
        ("Row init - id 3", Lifecycle(.`init`, "Row")),
        ("init DetailView with id 3", Lifecycle(.`init`, "DetailView")),
        ("Deinit: DetailViewModel", Lifecycle(.`deinit`, "DetailViewModel")),
        // The subject in brackets or after a tag.
        ("[DetailView] onAppear", Lifecycle(.appear, "DetailView")),
        ("[VIEW] Row INIT called", Lifecycle(.`init`, "Row")),
        ("📺 [VIEW] Row body evaluated - count: 3", Lifecycle(.body, "Row")),
        ("DEBUG: DetailView onAppear", Lifecycle(.appear, "DetailView")),
        // Upper case and other spellings.
        ("ContentView DEINIT", Lifecycle(.`deinit`, "ContentView")),
        ("ContentView BODY", Lifecycle(.body, "ContentView")),
        ("ContentView deInit", Lifecycle(.`deinit`, "ContentView")),
        ("ContentView Initialized", Lifecycle(.`init`, "ContentView")),
        ("ContentView body called", Lifecycle(.body, "ContentView")),
        ("ContentView rendered", Lifecycle(.body, "ContentView")),
        ("ContentView did appear", Lifecycle(.appear, "ContentView")),
        ("ContentView is being deinitialized", Lifecycle(.`deinit`, "ContentView")),
        ("ViewModel deallocated", Lifecycle(.`deinit`, "ViewModel")),
        ("DetailViewModel created", Lifecycle(.`init`, "DetailViewModel")),
        ("ItemRow(id: 3) init", Lifecycle(.`init`, "ItemRow", instance: "3")),
        ("Row<Dictionary<String, Int>> init", Lifecycle(.`init`, "Row<Dictionary<String, Int>>")),
        // Annotations after the message.
        ("ContentView init ← still open", Lifecycle(.`init`, "ContentView")),
        ("ContentView init // twice!", Lifecycle(.`init`, "ContentView")),
        ("ContentView body (x3)", Lifecycle(.body, "ContentView")),
        ("ContentView onAppear <-- here", Lifecycle(.appear, "ContentView")),
        // Prefixes before the message.
        ("    ContentView init", Lifecycle(.`init`, "ContentView")),
        ("\tContentView init", Lifecycle(.`init`, "ContentView")),
        ("[12:01:33Z] ContentView init", Lifecycle(.`init`, "ContentView")),
        ("[T+0.25s] ContentView init", Lifecycle(.`init`, "ContentView")),
        ("12:01:33.120 DetailView deinit", Lifecycle(.`deinit`, "DetailView")),
        ("#12 ContentView init", Lifecycle(.`init`, "ContentView")),
        ("(lldb) ContentView init", Lifecycle(.`init`, "ContentView")),
        ("// ContentView init", Lifecycle(.`init`, "ContentView")),
        ("# ContentView init", Lifecycle(.`init`, "ContentView")),
    ])
    func recognisesRealWorldShapes(line: String, expected: Lifecycle) {
        #expect(parseLifecycle(line) == expected, "\(line)")
    }

    /// Prose and system lines that carry a lifecycle word: a sentence does not start with a
    /// type name, and a plain word before a kind takes no detail unless punctuation sets it off.
    @Test(arguments: [
        "Loading view did appear slow",
        "View did appear",
        "The app did appear",
        "Cache init failed",
        "App init started",
        "Network task failed with error -1001",
        "Sending task to background",
        "Background task ended.",
        "Snapshotting a view (0x7fb) that has not been rendered at least once requires afterScreenUpdates:YES.",
        "Modifying state during view update, this will cause undefined behavior.",
        "Realm initialized at path /var/mobile/x",
        "Page rendered in 30ms",
        "File created at /tmp/x",
        "Session created",
        "init called",
        "body evaluated",
        "Deinit called",
        "User did tap button",
        "Task <5A6E>.<1> finished with error [-1001]",
        "[Common] _BSMachError: port 1234; (os/kern) invalid capability (0x14)",
        "onAppear: 0",
        "key=value ContentView init",
    ])
    func leavesProseAlone(line: String) {
        #expect(parseLifecycle(line) == nil, "\(line) → \(String(describing: parseLifecycle(line)))")
    }
}
