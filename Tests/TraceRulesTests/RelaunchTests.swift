import Testing
import TraceRules

/// An app launched again inside one stream (a new process id) starts fresh lifetimes: nothing
/// from the first launch is counted against the second; without process ids, the root view made
/// anew is never churn.
@Suite struct RelaunchTests {
    static let launch = """
        ContentView: @self, @identity, _count changed.
        PlayButton: @self, @identity, _isPlaying changed.
        ContentView: _count changed.
        PlayButton: @self changed.
        MyRootView appear
        """

    static func nslog(_ text: String, pid: Int) -> String {
        text.split(separator: "\n").enumerated().map { index, line in
            "2024-05-01 10:00:0\(index).000000+0000 MyApp[\(pid):1] \(line)"
        }.joined(separator: "\n")
    }

    @Test func aNewProcessIDStartsFreshLifetimes() throws {
        let log = Self.nslog(Self.launch, pid: 100) + "\n" + Self.nslog(Self.launch, pid: 200) + "\n"
        #expect(try Pipeline(log: log).analyze().isEmpty)
    }

    @Test func withoutProcessIDsTheRootMadeAnewIsNeverChurn() throws {
        // No pid says where the app started again; the root made anew is still not reported as
        // re-created by its own update, and its children's lifetimes are not churn either.
        let log = Self.launch + "\n" + Self.launch + "\n"
        #expect(try Pipeline(log: log).analyze().filter { $0.rule == "identity_churn" }.isEmpty)
    }

    @Test func withoutARelaunchTheSameResetIsAFinding() throws {
        // One process, the root kept and updated: PlayButton made anew in its update is a reset.
        let log = Self.launch + "\nContentView: _count changed.\nPlayButton: @self, @identity, _isPlaying changed.\n"
        let findings = try Pipeline(log: log).analyze()
        #expect(findings.map(\.rule) == ["identity_churn"])
        // The same reset after a new process id is the second launch's first PlayButton.
        let relaunched = Self.nslog(Self.launch, pid: 100) + "\n"
            + Self.nslog("ContentView: _count changed.\nPlayButton: @self, @identity, _isPlaying changed.", pid: 200) + "\n"
        #expect(try Pipeline(log: relaunched).analyze().isEmpty)
    }
}
