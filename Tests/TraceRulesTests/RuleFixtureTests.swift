import Foundation
import Testing
@testable import TraceRules

/// The synthetic fixtures in `fixtures/rules/`: what each must produce, and the messages users read.
@Suite struct RuleFixtureTests {
    private func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.rule) \($0.view ?? "-") \($0.lines.map(String.init).joined(separator: ","))" }
    }

    /// Every finding of every fixture: `rule view lines`, in report order.
    @Test(arguments: [
        ("001-unstable-value-causes.log", ["unstable_view_value PlayButton 5,6,8,9,10,11"]),
        ("001-unstable-value-stable.log", []),
        // All info: each destination's init ran once, so its heavy init is a hint.
        ("004-navigation-mixed.log", [
            "repeated_appear MyRootView 1,5,10,16",
            "heavy_initializer FirstView 2,3",
            "missing_deinit FirstCoordinator 2,6",
            "heavy_initializer SecondView 7,8",
            "heavy_initializer ThirdView 12,13",
        ]),
        ("body-loop.log", ["excessive_body_evaluation TemperatureView 2,17"]),
        ("warnings-feed.log", ["update_loop FeedView 1,2,3,4,5", "duplicate_identity PostRow 5,6"]),
        ("body-storm.log", [
            "excessive_body_evaluation ContentView 1,4,122,244",
            "excessive_body_evaluation HeaderView 5,123",
        ]),
        // Every view evaluated for its own changes and first identities: expected, so quiet.
        ("healthy-first-launch.log", []),
        ("unchanged-child.log", ["avoidable_body_evaluation CheckoutFooter 8,10,13,16,19"]),
    ] as [(String, [String])])
    func ruleFixtures(_ name: String, expected: [String]) throws {
        let findings = try Pipeline(path: Fixture.path("rules/" + name)).analyze()
        #expect(summary(findings) == expected, "\(findings.map(\.message))")
    }

    @Test func aChildReRunUnchangedOnEachParentUpdateSaysHowManyWereAvoidable() throws {
        let findings = try Pipeline(path: Fixture.path("rules/unchanged-child.log")).analyze()
        #expect(findings.map(\.count) == [5])
        #expect(findings.first?.message == "CheckoutFooter's body ran 5 times in updates of CartScreen though nothing it reads "
            + "changed (`unchanged`): 5 of its 7 evaluations avoidable. The parent passes or shares something the view holds "
            + "but does not read.")
    }

    /// `--evaluations all`: every evaluation a parent's update dragged along counts; expected
    /// ones alone make only a hint, and the default scope says nothing about them.
    @Test func everyEvaluationConsideredWhenAsked() throws {
        let log = """
            ListView: _items changed.
            Footer: @self changed.
            ListView: _items changed.
            Footer: @self changed.
            ListView: _filter changed.
            Footer: @self changed.

            """
        let only = RuleConfiguration().restricted(to: ["avoidable_body_evaluation"])
        #expect(try Pipeline(log: log).analyze(only).isEmpty)
        let all = try Pipeline(log: log).analyze(only.with(evaluations: .all))
        #expect(all.map(\.severity) == [.info])
        #expect(all.map(\.count) == [3])
        #expect(all.first?.message == "Footer's body ran 3 times in updates of ListView: 0 though nothing it reads changed "
            + "(`unchanged`), 3 with a new value from the parent or no cause printed; 0 of its 3 evaluations avoidable.")
        // The fixture's footer keeps its warning (its five `unchanged` evaluations are avoidable);
        // the rows re-run by `@self` in three cart updates are a hint; the cart changed on its own.
        let footer = try Pipeline(path: Fixture.path("rules/unchanged-child.log")).analyze(only.with(evaluations: .all))
        #expect(footer.map(\.view) == ["CheckoutFooter", "CartRow"])
        #expect(footer.map(\.severity) == [.warning, .info])
        #expect(footer.map(\.lines) == [[8, 10, 13, 16, 19], [7, 12, 18]])
    }

    @Test func seed001AloneDoesNotAccuseCountTextOrPlayButton() throws {
        // Every update of the article's ContentView is a `_count` change: a child that reads
        // `count` re-runs just as one with a `UUID()` does, so the log proves nothing.
        let only = RuleConfiguration().restricted(to: ["unstable_view_value"])
        for seed in ["001-count-text.log", "001-observable-datamodel.log"] {
            #expect(try Pipeline(path: Fixture.path("seeds/" + seed)).analyze(only).isEmpty, "\(seed)")
        }
    }

    @Test func varyingCausesAccusePlayButtonAndClearCountText() throws {
        let findings = try Pipeline(path: Fixture.path("rules/001-unstable-value-causes.log"))
            .analyze(RuleConfiguration().restricted(to: ["unstable_view_value"]))
        #expect(findings.map(\.view) == ["PlayButton"])
        #expect(findings.first?.count == 6)
        #expect(findings.first?.message == "PlayButton's body re-ran by @self alone in 6 updates of ContentView, "
            + "whatever had changed (`_count`; `_isEditing`; `_filter`), and never sat one out: a stored value (a "
            + "UUID(), Date(), random number or closure) likely differs on every init, so SwiftUI can never skip it. "
            + "The log cannot tell this from a child that reads every one of those values.")
    }

    @Test func moreCausesThanTheFixtureShowsAreNeededWhenConfigured() throws {
        let strict = RuleConfiguration().restricted(to: ["unstable_view_value"])
            .with(thresholds: ["min_causes": 4], for: UnstableViewValueRule.self)
        #expect(try Pipeline(path: Fixture.path("rules/001-unstable-value-causes.log")).analyze(strict).isEmpty)
    }

    @Test func seed001ObservableModelMessage() throws {
        let findings = try Pipeline(path: Fixture.path("seeds/001-observable-datamodel.log"))
            .analyze(RuleConfiguration().restricted(to: ["state_model_reinit"]))
        #expect(findings.first?.message == "PlayButton's DataModel was initialised 2 more times while PlayButton kept its "
            + "identity and an earlier DataModel was alive: SwiftUI kept the first instance and released each new one "
            + "(the log shows the new instances' deinit), so each init is wasted work and its side effects run again.")
        #expect(findings.first?.count == 2)
    }

    @Test func seed000TabMessagesNameTheInstance() throws {
        let findings = try Pipeline(path: Fixture.path("seeds/000-tabview-appear.log"))
            .analyze(RuleConfiguration().restricted(to: ["repeated_appear"]))
        #expect(findings.map(\.message) == [
            "tab 1 appeared 3 times within one lifetime (no new identity in between): its onAppear work ran again 2 times, though its state lived on.",
            "tab 2 appeared twice within one lifetime (no new identity in between): its onAppear work ran again once, though its state lived on.",
        ])
        #expect(findings.map(\.severity) == [.info, .info])
    }

    @Test func missingDeinitMessageNamesTheHolderAndTheSibling() throws {
        let findings = try Pipeline(path: Fixture.path("rules/004-navigation-mixed.log"))
            .analyze(RuleConfiguration().restricted(to: ["missing_deinit"]))
        #expect(findings.first?.message == "FirstCoordinator never logged deinit after FirstView disappeared for good "
            + "(line 6), though SecondCoordinator was released later (line 14): probably retained by a closure, a "
            + "delegate or an owner that outlives the screen.")
    }

    @Test func seed004EagerAloneHasNoMissingDeinit() throws {
        // No object in the eager log prints deinit, so nothing says deinit is logged at all.
        let findings = try Pipeline(path: Fixture.path("seeds/004-navigation-eager.log"))
            .analyze(RuleConfiguration().restricted(to: ["missing_deinit"]))
        #expect(findings.isEmpty)
    }

    @Test func stormMessageGivesTheBusiestSecondAndTheShare() throws {
        let findings = try Pipeline(path: Fixture.path("rules/body-storm.log"))
            .analyze(RuleConfiguration().restricted(to: ["excessive_body_evaluation"]))
        // The parent's `_offset` changes every round and its child prints `@self` alone: a round
        // of a cycle through both, beside the storm's busiest second.
        #expect(findings.map(\.message) == [
            "ContentView's body was evaluated 120 times round the cycle ContentView → HeaderView → ContentView with "
                + "nothing else between (lines 4–244): an update loop through 2 views; "
                + "60 times within one second (lines 4–122); 122 times in all, 50% of the "
                + "trace's 243 body evaluations. Something it depends on keeps changing while it updates. "
                + "121 of its 122 evaluations avoidable.",
            "HeaderView's body was evaluated 60 times within one second (lines 5–123). Something it depends on keeps "
                + "changing while it updates. 120 of its 121 evaluations avoidable.",
        ])
        // The waste fix-first ranks by: every evaluation but the first of each identity.
        #expect(findings.map(\.count) == [121, 120])
    }

    @Test(arguments: [
        ("FirstCoordinator", "Coordinator"),
        ("DataModel", "Model"),
        ("ViewModel", "Model"),
        ("ImageURL", "URL"),
        ("MyHTTPClient", "Client"),
        ("Outer.Store<Item>", "Store"),
        ("Coordinator", "Coordinator"),
        ("cache", "cache"),
        ("Foo2", "Foo2"),
    ])
    func objectKinds(_ type: String, kind: String) {
        #expect(MissingDeinitRule.Ledger.kind(of: type) == kind)
    }
}

@Suite struct RuleCountTests {
    @Test func twentyOneRulesAreBuiltIn() {
        #expect(RuleRegistry.builtIn.identifiers == [
            "redundant_instance_creation", "identity_churn", "heavy_initializer", "non_lazy_navigation_destination",
            "unstable_view_value", "state_model_reinit", "repeated_appear", "reinit_while_shown", "excessive_body_evaluation",
            "avoidable_body_evaluation", "missing_deinit",
            "update_loop", "duplicate_identity", "offset_identity", "state_object_outside_view", "missing_navigation_destination",
            "long_body_update", "hitch_attribution", "long_hitch", "main_thread_hang", "hitch_time_ratio",
        ])
    }
}
