import Testing
@testable import TraceRules

/// The rules that keep their candidate lines in `SpilledLists` find the same on traces long
/// enough for those lists to go to file: more waiting destinations than a type holds in
/// memory, more evidence and object lines than a block.
@Suite struct SpilledRuleStateTests {
    /// A hundred bursts of two destinations after one root: SettingsView is shown once, after
    /// the root appeared again; ProfileView never.
    @Test func nonLazyDestinationsWaitingOnFile() throws {
        let bursts = 100
        var log: [String] = []
        for _ in 0 ..< bursts { log += ["MenuView appear", "SettingsView init", "ProfileView init"] }
        log += ["MenuView appear", "SettingsView appear"]
        let findings = try Pipeline.findings("non_lazy_navigation_destination", log.joined(separator: "\n"))
        #expect(findings.map(\.message) == [
            "2 destination views were initialised together right after MenuView appeared (line 1) "
                + "(and in \(bursts - 1) later bursts) but were shown only much later or never: "
                + "SettingsView (after MenuView appeared again), ProfileView (never).",
        ])
        // Every root line of a burst and every destination it built.
        #expect(findings.first?.lines == Array(1 ... 3 * bursts))
    }

    /// A child that re-runs by `@self` alone after seventy different changes of its parent:
    /// the first update of each is its evidence.
    @Test func unstableValueEvidenceOnFile() throws {
        let causes = 70
        var log: [String] = []
        for cause in 0 ..< causes { log += ["ContentView: _value\(cause) changed.", "PlayButton: @self changed."] }
        let findings = try Pipeline.findings("unstable_view_value", log.joined(separator: "\n"))
        #expect(findings.map(\.view) == ["PlayButton"])
        #expect(findings.first?.count == causes)
        #expect(findings.first?.lines == Array(1 ... 2 * causes))
        #expect(findings.first?.message.hasPrefix(
            "PlayButton's body re-ran by @self alone in \(causes) updates of ContentView, whatever had changed ("
                + (0 ..< causes).map { "`_value\($0)`" }.joined(separator: "; ")
        ) == true)
    }

    /// A hundred sockets, each released by its owner's deinit, only the last of them logging
    /// its own: the other ninety-nine are retained, proved by that one.
    @Test func missingDeinitObjectsOnFile() throws {
        let sockets = 100
        var log: [String] = []
        for socket in 1 ... sockets { log += ["RoomCoordinator Socket init #\(socket)", "RoomCoordinator deinit"] }
        log += ["RoomCoordinator Socket deinit #\(sockets)"]
        let findings = try Pipeline.findings("missing_deinit", log.joined(separator: "\n"))
        #expect(findings.map(\.message) == [
            "Socket (\(sockets - 1) instances) never logged deinit after RoomCoordinator was released (line 2), though "
                + "another Socket was released later (line \(2 * sockets + 1)): probably retained by a closure, a delegate "
                + "or an owner that outlives the screen.",
        ])
        // Each retained socket's init and its owner's deinit after it.
        #expect(findings.first?.lines == Array(1 ... 2 * (sockets - 1)))
    }

    /// Six hundred presentations, each given a new model while the last one lives: the models
    /// wait on file, and deinits release them by the instance they name (out of creation order,
    /// an instance made twice released oldest first) or, naming none, the oldest alive.
    @Test func replacedModelsOnFile() throws {
        let presentations = 600
        var log: [String] = []
        // Model p is made at line 3(p - 1) + 1; model 10 reuses instance #5.
        for model in 1 ... presentations {
            log += ["DetailViewModel init #\(model == 10 ? 5 : model)", "DetailView appear", "DetailView disappear"]
        }
        let firstDeinit = log.count + 1
        log += ["DetailViewModel deinit"]
        log += stride(from: 3, through: presentations, by: 3).map { "DetailViewModel deinit #\($0)" }
        log += ["DetailViewModel deinit #5", "DetailViewModel deinit #5", "DetailView appear"]
        let findings = try Pipeline.findings("missing_deinit", log.joined(separator: "\n"))
        // The last model replaced none; the first went by the nameless deinit, 5 and 10 by #5.
        let retained = (2 ..< presentations).filter { $0 % 3 != 0 && $0 != 5 && $0 != 10 }
        #expect(findings.map(\.message) == [
            "\(retained.count) DetailViewModel instances made for DetailView never logged deinit after DetailView disappeared "
                + "and was given a new one, though DetailViewModel's deinit is logged (line \(firstDeinit)): probably retained.",
        ])
        #expect(findings.first?.lines == retained.map { 3 * ($0 - 1) + 1 } + [firstDeinit])
    }
}
